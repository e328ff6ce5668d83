import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { DeviceTypeRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { DeviceTypeForm } from './device-type-form';

interface Props {
  deviceType: DeviceTypeRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The pencil's dialog of a device type: the whole type form (issue 25). */
export function DeviceTypeDialog({ deviceType, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="device-type-dialog-title"
    >
      <DialogTitle id="device-type-dialog-title">
        {t('deviceNetwork.types.editTitle', { name: deviceType.deviceTypeName })}
      </DialogTitle>
      <DialogContent>
        <DeviceTypeForm
          deviceType={deviceType}
          onSaved={(message) => onSaved(message)}
          actions={<Button onClick={onClose}>{t('deviceNetwork.types.cancel')}</Button>}
        />
      </DialogContent>
    </ResponsiveDialog>
  );
}
