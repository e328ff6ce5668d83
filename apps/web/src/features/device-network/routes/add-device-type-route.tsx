import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { DeviceTypeForm } from '../components/device-type-form';

/**
 * /vainu/add-sensor "Lisää mittarityyppi" (issue 25; a heading only in spec 001 §2): a new device
 * type with its measurements and codec, tried on a sample payload before it is saved.
 */
export function AddDeviceTypeRoute() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeader
        title={t('deviceNetwork.types.addTitle')}
        intro={t('deviceNetwork.types.addIntro')}
      />
      {saved && (
        <Alert severity="success" onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      <DeviceTypeForm onSaved={(message, type) => setSaved(`${message}: ${type.deviceTypeName}`)} />
    </Stack>
  );
}
