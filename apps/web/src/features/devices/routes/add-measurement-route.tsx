import { measurementFormSchema } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateMeasurement } from '../api/create-measurement';
import { emptyMeasurement, MeasurementFormFields } from '../components/measurement-form-fields';

/** /vainu/add-measurement */
export function AddMeasurementRoute() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: measurementFormSchema,
    defaultValues: emptyMeasurement(),
    mutation: useCreateMeasurement(),
  });
  return (
    <FormScreen title={t('devices.measurements.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <MeasurementFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('devices.measurements.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
