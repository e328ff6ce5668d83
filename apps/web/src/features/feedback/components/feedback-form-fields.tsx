import { FEEDBACK_MESSAGE_MAX } from '@vahti/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';

interface FeedbackFields extends FieldValues {
  feedbackTitle: string;
  feedbackTargetId: string;
  feedbackMessage: string;
}

/** Title (at least 3), target, message (3–500 with a counter), spec 001 §5. */
export function FeedbackFormFields<T extends FeedbackFields>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const targets = useTargets();
  return (
    <>
      <AlertMessage message={errorText(targets.error)} />
      <SelectField
        control={form.control}
        name={'feedbackTargetId' as Path<T>}
        label={t('feedback.target')}
        required
        options={(targets.data ?? []).map((target) => ({
          value: target.targetId,
          label: target.targetName,
        }))}
      />
      <FormTextField
        {...fieldProps(form, 'feedbackTitle' as Path<T>)}
        label={t('feedback.title')}
        autoComplete="off"
        required
      />
      <TextAreaField
        form={form}
        name={'feedbackMessage' as Path<T>}
        label={t('feedback.message')}
        maxLength={FEEDBACK_MESSAGE_MAX}
        required
      />
    </>
  );
}
