import type { MeasurementRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { useOrganizationColumn } from '@/components/organization-column';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useMeasurements } from '../api/get-measurements';
import { MeasurementEditDialog } from '../components/measurement-edit-dialog';

const orEmpty = (value: number | null) => (value === null ? '' : value);

/** /vainu/show-measurements: the organization's measurements; the pencil edits one. */
export function ShowMeasurementsRoute() {
  const { t } = useTranslation();
  const measurements = useMeasurements();
  const organizationColumn = useOrganizationColumn<MeasurementRecord>((m) => m.organizationId);
  const columns: Column<MeasurementRecord>[] = [
    { key: 'name', label: t('devices.measurements.name'), value: (m) => m.measurementName },
    ...organizationColumn,
    {
      key: 'type',
      label: t('devices.measurements.type'),
      value: (m) => t(`devices.measurements.types.${m.measurementType}`),
      nowrap: true,
    },
    {
      key: 'size',
      label: t('devices.measurements.sizeInBytes'),
      value: (m) => m.measurementSizeInBytes,
      hideBelow: 'md',
    },
    {
      key: 'bit',
      label: t('devices.measurements.bitNumber'),
      value: (m) => m.measurementBitNumber,
      hideBelow: 'md',
    },
    { key: 'unit', label: t('devices.measurements.unit'), value: (m) => m.measurementUnit },
    {
      key: 'min',
      label: t('devices.measurements.minDefault'),
      value: (m) => orEmpty(m.measurementMinDefault),
      hideBelow: 'lg',
    },
    {
      key: 'max',
      label: t('devices.measurements.maxDefault'),
      value: (m) => orEmpty(m.measurementMaxDefault),
      hideBelow: 'lg',
    },
    {
      key: 'valid',
      label: t('devices.measurements.validRange'),
      value: (m) => `${orEmpty(m.measurementValidMin)}…${orEmpty(m.measurementValidMax)}`,
      hideBelow: 'lg',
      nowrap: true,
    },
    {
      key: 'state',
      label: t('devices.measurements.state'),
      value: (m) => t(`recordStates.${m.measurementState}`),
      nowrap: true,
    },
  ];
  return (
    <ResourceListScreen
      title={t('devices.measurements.listTitle')}
      query={measurements}
      columns={columns}
      rowKey={(m) => m.measurementId}
      initialSort={{ key: 'name', direction: 'asc' }}
      editLabel={(m) => t('devices.measurements.editLabel', { name: m.measurementName })}
      dialog={(m, { close, done }) => (
        <MeasurementEditDialog measurement={m} onClose={close} onSaved={done} />
      )}
    />
  );
}
