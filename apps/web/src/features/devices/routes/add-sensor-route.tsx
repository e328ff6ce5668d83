import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** /vainu/add-sensor: a heading only (spec 001 §2: placeholder heading). */
export function AddSensorRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('devices.addSensorTitle')} />;
}
