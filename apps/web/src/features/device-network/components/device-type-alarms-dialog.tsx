import Typography from '@mui/material/Typography';
import { type DeviceTypeRecord, deviceTypeAlarmSettingsBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { NumberField } from '@/components/number-field';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useSetDeviceTypeAlarmSettings } from '../api/set-device-type-alarm-settings';

interface Props {
  deviceType: DeviceTypeRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The pencil's dialog of a Vahti device type: its offline alarm and limit-alarm delay (ADR 0024). */
export function DeviceTypeAlarmsDialog({ deviceType, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: deviceTypeAlarmSettingsBody,
    defaultValues: {
      deviceTypeOfflineAfterMinutes: deviceType.deviceTypeOfflineAfterMinutes,
      deviceTypeAlarmDelayMinutes: deviceType.deviceTypeAlarmDelayMinutes,
    },
    mutation: useSetDeviceTypeAlarmSettings(deviceType.deviceTypeId),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('deviceNetwork.alarms.editTitle', { name: deviceType.deviceTypeName })}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <Typography color="text.secondary">{t('deviceNetwork.alarms.editIntro')}</Typography>
      <NumberField
        form={form}
        name="deviceTypeOfflineAfterMinutes"
        label={t('deviceNetwork.alarms.offlineAfter')}
        hint={t('deviceNetwork.alarms.offlineAfterHint')}
        nullable
      />
      <NumberField
        form={form}
        name="deviceTypeAlarmDelayMinutes"
        label={t('deviceNetwork.alarms.delay')}
        hint={t('deviceNetwork.alarms.delayHint')}
        nullable
      />
    </EditDialog>
  );
}
