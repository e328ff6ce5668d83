import PrintIcon from '@mui/icons-material/Print';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEVICE_LABELS_MAX, DEVICE_STATE_ADMIN_LABEL, type DeviceRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { errorText } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { downloadDeviceLabels } from '../api/download-device-labels';
import { useAdminDevices } from '../api/get-admin-devices';
import { AlarmLimitsDialog } from '../components/alarm-limits-dialog';
import { DeviceEditDialog } from '../components/device-edit-dialog';
import { BatteryCell, SignalCell } from '../components/device-health';
import { DeviceHealthDialog } from '../components/device-health-dialog';
import { DeviceHistoryDialog } from '../components/device-history-dialog';
import { ImportDevicesDialog } from '../components/import-devices-dialog';

type DialogKind = 'edit' | 'history' | 'limits' | 'health';

/**
 * /vainu/show-devices (?qrCode=, ?id=: the search starts from it): the organization's devices
 * with their signal and battery, each name a link to the device's page, and edit, history,
 * connection (device health) and alarm-limit dialogs.
 */
export function ShowDevicesRoute() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const [kind, setKind] = useState<DialogKind>('edit');
  const devices = useAdminDevices();
  // The top administrator sees every organization's devices, so the table names it.
  const showOrganization = useCan({ do: 'crossOrganizations' });
  // The search starts from the code or id of the link; a device id is shown as its QR code.
  const given = query.get('qrCode') ?? query.get('id') ?? '';
  const initialSearch =
    devices.data?.find((device) => device.deviceId === given)?.deviceQrCode ?? given;
  // Devices chosen for QR labels, in the order they were ticked (the labels print in it).
  const [selected, setSelected] = useState<string[]>([]);
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<unknown>(null);
  const [importing, setImporting] = useState(false);
  const toggle = (deviceId: string, on: boolean) =>
    setSelected((current) =>
      on
        ? [...current.filter((id) => id !== deviceId), deviceId]
        : current.filter((id) => id !== deviceId),
    );
  const printLabels = async () => {
    setPrinting(true);
    setPrintError(null);
    try {
      await downloadDeviceLabels(selected);
    } catch (error) {
      setPrintError(error);
    } finally {
      setPrinting(false);
    }
  };

  const columns: Column<DeviceRecord>[] = [
    {
      key: 'name',
      label: t('devices.devices.name'),
      value: (d) => d.deviceName,
      render: (d) => (
        <Link component={RouterLink} to={`/vainu/show-devices/${d.deviceId}`}>
          {d.deviceName}
        </Link>
      ),
    },
    // Beside the name, so it is in view without scrolling and high on a phone's card.
    {
      key: 'select',
      label: t('devices.labels.column'),
      sortable: false,
      value: () => null,
      render: (d) => (
        <Checkbox
          size="small"
          sx={{ my: -0.5 }}
          checked={selected.includes(d.deviceId)}
          onChange={(event) => toggle(d.deviceId, event.target.checked)}
          slotProps={{
            input: { 'aria-label': t('devices.labels.select', { name: d.deviceName }) },
          }}
        />
      ),
    },
    {
      key: 'qrCode',
      label: t('devices.devices.qrCode'),
      value: (d) => d.deviceQrCode,
      nowrap: true,
    },
    { key: 'type', label: t('devices.devices.type'), value: (d) => d.DeviceType.deviceTypeName },
    { key: 'target', label: t('devices.devices.target'), value: (d) => d.Target.targetName },
    {
      key: 'location',
      label: t('devices.devices.location'),
      value: (d) => d.deviceLocation,
      hideBelow: 'lg',
    },
    {
      key: 'eui',
      label: t('devices.devices.eui'),
      value: (d) => d.deviceEui,
      nowrap: true,
      hideBelow: 'xl',
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: t('devices.devices.organization'),
            value: (d: DeviceRecord) => d.Organization.organizationName,
            hideBelow: 'lg' as const,
          },
        ]
      : []),
    {
      key: 'signal',
      label: t('devices.health.signal'),
      // Sorted by RSSI; the cell says it in words beside the bars.
      value: (d) => d.health?.rssi ?? null,
      render: (d) => <SignalCell health={d.health} />,
      nowrap: true,
      hideBelow: 'md',
    },
    {
      key: 'battery',
      label: t('devices.health.battery'),
      value: (d) => d.health?.battery ?? null,
      render: (d) => <BatteryCell health={d.health} />,
      nowrap: true,
      hideBelow: 'md',
    },
    {
      key: 'state',
      label: t('devices.devices.state'),
      // One stored state; the admin list reads it as Käytössä / Pois käytöstä (spec 001 §4).
      value: (d) =>
        t(`devices.devices.adminStates.${d.deviceState}`, {
          defaultValue: DEVICE_STATE_ADMIN_LABEL[d.deviceState],
        }),
      nowrap: true,
    },
  ];
  const tooMany = selected.length > DEVICE_LABELS_MAX;

  return (
    <Stack spacing={3}>
      <PageHeader title={t('devices.devices.listTitle')} />
      <ImportDevicesDialog open={importing} onClose={() => setImporting(false)} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => setImporting(true)}
        >
          {t('devices.import.open')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={selected.length === 0 || tooMany || printing}
          onClick={() => void printLabels()}
        >
          {t('devices.labels.print')}
        </Button>
        <Button variant="text" disabled={selected.length === 0} onClick={() => setSelected([])}>
          {t('devices.labels.clear')}
        </Button>
        <Typography role="status" color={tooMany ? 'error' : 'text.secondary'}>
          {tooMany
            ? t('devices.labels.tooMany', { max: DEVICE_LABELS_MAX })
            : t('devices.labels.selected', { count: selected.length })}
        </Typography>
      </Stack>
      <AlertMessage message={errorText(printError)} onClose={() => setPrintError(null)} />
      <ResourceList
        // The table reads its first search once: start it again only when that text changes (a
        // device id in the link becomes its QR code once the devices arrive), so nothing the
        // user has typed meanwhile is thrown away.
        key={initialSearch}
        initialSearch={initialSearch}
        label={t('devices.devices.tableLabel')}
        query={devices}
        columns={columns}
        rowKey={(d) => d.deviceId}
        initialSort={{ key: 'target', direction: 'asc' }}
        editLabel={(d) => t('devices.devices.editLabel', { name: d.deviceName })}
        actions={(device, openDialog) => (
          <>
            <Button
              size="small"
              aria-label={t('devices.devices.historyLabel', { name: device.deviceName })}
              onClick={() => {
                setKind('history');
                openDialog();
              }}
            >
              {t('devices.devices.history')}
            </Button>
            <Button
              size="small"
              aria-label={t('devices.health.buttonLabel', { name: device.deviceName })}
              onClick={() => {
                setKind('health');
                openDialog();
              }}
            >
              {t('devices.health.button')}
            </Button>
            <Button
              size="small"
              aria-label={t('devices.devices.limitsLabel', { name: device.deviceName })}
              onClick={() => {
                setKind('limits');
                openDialog();
              }}
            >
              {t('devices.devices.limitsHeading')}
            </Button>
          </>
        )}
        dialog={(device, { close, done }) => {
          const closeAll = () => {
            setKind('edit');
            close();
          };
          const doneAll = (message?: string) => {
            setKind('edit');
            done(message);
          };
          if (kind === 'history') return <DeviceHistoryDialog device={device} onClose={closeAll} />;
          if (kind === 'health') return <DeviceHealthDialog device={device} onClose={closeAll} />;
          if (kind === 'limits') {
            return <AlarmLimitsDialog device={device} onClose={closeAll} onSaved={doneAll} />;
          }
          return <DeviceEditDialog device={device} onClose={closeAll} onSaved={doneAll} />;
        }}
      />
    </Stack>
  );
}
