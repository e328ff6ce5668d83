import {
  COMMENT_MAX_LENGTH,
  type CreateDiscussionBody,
  type DiscussionRecord,
  STATES,
} from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/get-organizations';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { useCan, useSession } from '@/lib/session';
import { useModerators } from '../api/get-moderators';

export type DiscussionFormValues = CreateDiscussionBody;

/** An empty discussion form; only the top administrator names the organization. */
export function emptyDiscussion(organizationId: string | undefined): DiscussionFormValues {
  return {
    discussionTitle: '',
    discussionDescription: '',
    discussionOrganizationId: organizationId,
    discussionModerator: '',
    discussionTargetId: '',
    discussionState: 'Aktiivinen',
  };
}

export function discussionFormValues(
  discussion: DiscussionRecord,
  choosesOrganization: boolean,
): DiscussionFormValues {
  return {
    discussionTitle: discussion.discussionTitle,
    discussionDescription: discussion.discussionDescription,
    discussionOrganizationId: choosesOrganization ? discussion.discussionOrganizationId : undefined,
    discussionModerator: discussion.discussionModerator,
    discussionTargetId: discussion.discussionTargetId,
    discussionState: discussion.discussionState,
  };
}

/**
 * The discussion form (spec 001 §5): title, description, organization (Pääylläpitäjä only),
 * target and moderator of that organization, state. Another organization clears the target
 * and moderator.
 */
export function DiscussionFormFields({
  form,
  organizationLocked = false,
}: {
  form: UseFormReturn<DiscussionFormValues>;
  /** An edit keeps the discussion's organization. */
  organizationLocked?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const organizations = useOrganizations({ enabled: choosesOrganization && !organizationLocked });
  const chosen = useWatch({ control: form.control, name: 'discussionOrganizationId' });
  const organizationId = chosen || user?.userOrganization;
  const targets = useTargets();
  const moderators = useModerators(organizationId);

  const shownOrganization = useRef(organizationId);
  useEffect(() => {
    if (shownOrganization.current === organizationId) return;
    shownOrganization.current = organizationId;
    form.setValue('discussionTargetId', '', { shouldDirty: true });
    form.setValue('discussionModerator', '', { shouldDirty: true });
  }, [organizationId, form]);

  const organizationOptions = organizations.data?.map((organization) => ({
    value: organization.organizationId,
    label: organization.organizationName,
  })) ?? [
    { value: user?.userOrganization ?? '', label: user?.Organization.organizationName ?? '' },
  ];
  const targetOptions = (targets.data ?? [])
    .filter((target) => target.targetOrganizationId === organizationId)
    .map((target) => ({ value: target.targetId, label: target.targetName }));
  const moderatorOptions = (moderators.data ?? []).map((moderator) => ({
    value: moderator.uuid,
    label: moderator.fullName,
  }));
  const stateOptions = STATES.map((state) => ({ value: state, label: t(`recordStates.${state}`) }));
  const loadError =
    errorText(organizations.error) ?? errorText(targets.error) ?? errorText(moderators.error);

  return (
    <>
      <AlertMessage message={loadError} />
      <FormTextField
        {...fieldProps(form, 'discussionTitle')}
        label={t('discussions.title')}
        autoComplete="off"
        required
      />
      <TextAreaField
        form={form}
        name="discussionDescription"
        label={t('discussions.description')}
        maxLength={COMMENT_MAX_LENGTH}
        required
      />
      {choosesOrganization && !organizationLocked && (
        <SelectField
          control={form.control}
          name="discussionOrganizationId"
          label={t('discussions.organization')}
          options={organizationOptions}
          required
        />
      )}
      <SelectField
        control={form.control}
        name="discussionTargetId"
        label={t('discussions.target')}
        options={targetOptions}
        required
      />
      <SelectField
        control={form.control}
        name="discussionModerator"
        label={t('discussions.moderatorField')}
        options={moderatorOptions}
        required
      />
      <SelectField
        control={form.control}
        name="discussionState"
        label={t('discussions.state')}
        options={stateOptions}
        required
      />
    </>
  );
}
