import { type MeasurementRecord, measurementFormSchema } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateMeasurement } from '../api/update-measurement';
import { MeasurementFormFields, measurementFormValues } from './measurement-form-fields';

interface Props {
  measurement: MeasurementRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The pencil's dialog of the measurement list: the add form's fields. */
export function MeasurementEditDialog({ measurement, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: measurementFormSchema,
    defaultValues: measurementFormValues(measurement),
    mutation: useUpdateMeasurement(),
    toVariables: (values) => ({ measurementId: measurement.measurementId, ...values }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('devices.measurements.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <MeasurementFormFields form={form} />
    </EditDialog>
  );
}
