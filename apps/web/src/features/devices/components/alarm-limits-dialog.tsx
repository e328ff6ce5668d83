import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AlarmLimitRecord,
  type AlarmLimitsBody,
  alarmLimitInput,
  type DeviceRecord,
  requiredField,
} from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AlertMessage } from '@/components/alert-message';
import { EditDialog } from '@/components/edit-dialog';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { NumberField } from '@/components/number-field';
import { errorText } from '@/lib/api-client';
import { measurementLabel } from '@/lib/measurement-label';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useAlarmLimits } from '../api/get-alarm-limits';
import { useSaveAlarmLimits } from '../api/save-alarm-limits';

/** A min/max row as the form holds it: a field left empty is undefined until the schema asks. */
interface LimitRow {
  measurementId: string;
  lowLimit: number | undefined;
  highLimit: number | undefined;
}

/** Min and max of every measurement (spec 001 §5: both required) and the action note. */
const limitsForm = z.object({
  alarmLimits: z.array(z.custom<LimitRow>().pipe(alarmLimitInput)),
  deviceText: requiredField(500),
});

interface Props {
  device: DeviceRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function LimitsForm({ device, limits, onClose, onSaved }: Props & { limits: AlarmLimitRecord[] }) {
  const { t } = useTranslation();
  const save = useSaveAlarmLimits();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: limitsForm,
    defaultValues: {
      alarmLimits: limits.map((l) => ({
        measurementId: l.measurementId,
        lowLimit: l.lowLimit ?? undefined,
        highLimit: l.highLimit ?? undefined,
      })),
      deviceText: '',
    },
    // Nothing changed: nothing to save, and no history entry.
    mutation: (variables: AlarmLimitsBody) =>
      variables.alarmLimits.length === 0
        ? Promise.resolve({ message: t('devices.limits.noChanges'), alarmLimits: [] })
        : save.mutateAsync(variables),
    // Only what changed becomes the device's own: the rest keeps inheriting.
    toVariables: (values) => ({
      deviceId: device.deviceId,
      deviceText: values.deviceText,
      alarmLimits: values.alarmLimits.filter((row, index) => {
        const shown = limits[index];
        return (
          !shown ||
          shown.source === null ||
          row.lowLimit !== shown.lowLimit ||
          row.highLimit !== shown.highLimit
        );
      }),
    }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('devices.limits.title', { name: device.deviceName })}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      {limits.map((limit, index) => {
        const name = measurementLabel(limit);
        const source = t(`devices.limits.sources.${limit.source ?? 'none'}`);
        return (
          <Stack
            key={limit.measurementId}
            spacing={1}
            component="fieldset"
            sx={{ border: 0, p: 0, m: 0 }}
          >
            <Typography component="legend" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid={`limit-source-${limit.measurementName}`}
            >
              {t('devices.limits.source')}: {source}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NumberField
                form={form}
                name={`alarmLimits.${index}.lowLimit`}
                label={t('devices.devices.min', { name })}
                decimal
                required
              />
              <NumberField
                form={form}
                name={`alarmLimits.${index}.highLimit`}
                label={t('devices.devices.max', { name })}
                decimal
                required
              />
            </Stack>
          </Stack>
        );
      })}
      <FormTextField
        {...fieldProps(form, 'deviceText')}
        label={t('devices.devices.deviceText')}
        hint={t('devices.devices.deviceTextHint')}
        autoComplete="off"
        required
      />
    </EditDialog>
  );
}

/** The alarm-limit dialog of the device list: effective limits, each with its source. */
export function AlarmLimitsDialog(props: Props) {
  const { t } = useTranslation();
  const limits = useAlarmLimits(props.device.deviceId);
  if (limits.error) {
    return (
      <EditDialog
        open
        title={t('devices.limits.title', { name: props.device.deviceName })}
        onClose={props.onClose}
        onSubmit={(e) => e.preventDefault()}
        pending={false}
        feedback={{ success: null, error: null, dismissError: () => {} }}
      >
        <AlertMessage message={errorText(limits.error)} />
      </EditDialog>
    );
  }
  if (!limits.data) return null;
  return <LimitsForm {...props} limits={limits.data} />;
}
