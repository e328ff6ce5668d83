import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateTargetBody, createTargetBody } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useCan, useSession } from '@/lib/session';
import { useCreateTarget } from '../api/create-target';
import {
  emptyTarget,
  TargetFormFields,
  type TargetFormValues,
} from '../components/target-form-fields';

/** /admin/add-new-target: a new target of the own organization (any, for the top administrator). */
export function AddTargetRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const empty = () => emptyTarget(choosesOrganization ? user?.userOrganization : undefined);
  const createTarget = useCreateTarget();
  const form = useForm<TargetFormValues>({
    resolver: zodResolver(createTargetBody),
    defaultValues: empty(),
  });
  const feedback = useFormFeedback(form);

  const handleValid = (values: CreateTargetBody) => {
    feedback.clear();
    createTarget.mutate(values, {
      onSuccess: ({ message }) => {
        // The next target is likely for the same organization: keep the choice.
        form.reset({ ...empty(), targetOrganizationId: values.targetOrganizationId });
        feedback.showSuccess(message);
      },
      onError: feedback.showError,
    });
  };

  return (
    <FormScreen title={t('targets.addTitle')}>
      <FeedbackForm
        feedback={feedback}
        onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
      >
        <TargetFormFields form={form} />
        <SubmitButton pending={createTarget.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('targets.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
