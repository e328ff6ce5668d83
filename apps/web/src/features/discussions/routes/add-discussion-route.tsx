import { createDiscussionBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateDiscussion } from '../api/create-discussion';
import { DiscussionFormFields, emptyDiscussion } from '../components/discussion-form-fields';

/** /tieto/add-discussion: a new discussion of a target (management roles). */
export function AddDiscussionRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const empty = emptyDiscussion(choosesOrganization ? user?.userOrganization : undefined);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createDiscussionBody,
    defaultValues: empty,
    mutation: useCreateDiscussion(),
    afterSuccess: {
      reset: (_, values) => ({
        ...empty,
        discussionOrganizationId: values.discussionOrganizationId,
      }),
    },
  });
  return (
    <FormScreen title={t('discussions.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <DiscussionFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('discussions.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
