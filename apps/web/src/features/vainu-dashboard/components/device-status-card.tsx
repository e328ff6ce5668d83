import { useTheme } from '@mui/material/styles';
import type { VainuDeviceCounts } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DoughnutCard } from '@/components/doughnut-card';

interface DeviceStatusCardProps {
  name: string;
  address: string;
  zipCode: string;
  postalDistrict: string;
  counts: VainuDeviceCounts;
  headingLevel?: 2 | 3;
}

/**
 * One card of the Vainu dashboard (spec 001 §2 Vainu 1): the name and address, a doughnut of
 * devices ok (green, 'Kunnossa') versus in alarm (red, 'Hälytykset') versus never reported
 * (yellow, 'Ei koskaan raportoinut': not ok, and no alarm either) with the device count in the
 * centre, and the same numbers as a list (the chart's legend, and what a screen reader reads).
 */
export function DeviceStatusCard({
  name,
  address,
  zipCode,
  postalDistrict,
  counts,
  headingLevel = 2,
}: DeviceStatusCardProps) {
  const { t } = useTranslation();
  const { palette } = useTheme();
  const slices = useMemo(
    () => [
      {
        name: t('vainuDashboard.ok'),
        value: counts.devices - counts.inAlarm - counts.neverReported,
        color: palette.success.main,
      },
      { name: t('vainuDashboard.alarms'), value: counts.inAlarm, color: palette.error.main },
      {
        name: t('vainuDashboard.neverReported'),
        value: counts.neverReported,
        color: palette.warning.light,
      },
    ],
    [counts, t, palette],
  );
  return (
    <DoughnutCard
      title={name}
      subtitle={`${address}, ${zipCode} ${postalDistrict}`}
      headingLevel={headingLevel}
      slices={slices}
      centerText={t('vainuDashboard.devices', { count: counts.devices })}
      chart="vainu-devices"
      listLabel={t('vainuDashboard.countsLabel', { name })}
      extra={`${t('vainuDashboard.devicesLabel')}: ${counts.devices}`}
      testId="device-status-card"
    />
  );
}
