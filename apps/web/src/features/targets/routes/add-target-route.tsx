import { createTargetBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateTarget } from '../api/create-target';
import { emptyTarget, TargetFormFields } from '../components/target-form-fields';

/** /admin/add-new-target: a new target of the own organization (any, for the top administrator). */
export function AddTargetRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const empty = emptyTarget(choosesOrganization ? user?.userOrganization : undefined);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createTargetBody,
    defaultValues: empty,
    mutation: useCreateTarget(),
    // The next target is likely for the same organization: keep the choice.
    afterSuccess: {
      reset: (_, values) => ({ ...empty, targetOrganizationId: values.targetOrganizationId }),
    },
  });

  return (
    <FormScreen title={t('targets.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <TargetFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('targets.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
