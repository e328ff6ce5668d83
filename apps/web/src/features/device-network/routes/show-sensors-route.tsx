import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DeviceNetworkStatus, DeviceProfile, DeviceTypeRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { type Column, DataTable } from '@/components/data-table';
import { useOrganizationColumn } from '@/components/organization-column';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { useCopyDeviceType } from '../api/copy-device-type';
import { useCreateTypeFromProfile } from '../api/create-type-from-profile';
import { useDeviceProfiles } from '../api/get-device-profiles';
import { useLinkableDeviceTypes } from '../api/get-linkable-device-types';
import { useLinkDeviceProfile } from '../api/link-device-profile';
import { DeviceTypeDialog } from '../components/device-type-dialog';

/** States where asking again may help; the others need the administrators. */
const PASSING: readonly DeviceNetworkStatus[] = ['timeout', 'unreachable', 'badResponse'];

const classesOf = (profile: DeviceProfile) =>
  ['A', profile.supportsClassB && 'B', profile.supportsClassC && 'C'].filter(Boolean).join(', ');

/**
 * /vainu/show-sensors (spec 001 §2 Vainu 9): the device types table, the device profiles of the
 * external device-network service as our server reads them. When the service cannot be read
 * (not configured, key refused, no answer), the table itself says so in the user's language.
 */
export function ShowSensorsRoute() {
  const { t } = useTranslation();
  const query = useDeviceProfiles();
  const { data } = query;
  const canLink = useCan({ do: 'manageDevices' });
  const deviceTypes = useLinkableDeviceTypes();
  const link = useLinkDeviceProfile();
  const fromProfile = useCreateTypeFromProfile();
  const [linked, setLinked] = useState<string | null>(null);
  const typeName = (deviceTypeId: string | null) =>
    deviceTypes.data?.find((type) => type.deviceTypeId === deviceTypeId)?.deviceTypeName ?? null;
  const yesNo = (value: boolean | null) =>
    value === null ? null : value ? t('deviceNetwork.yes') : t('deviceNetwork.no');

  const columns: Column<DeviceProfile>[] = [
    { key: 'name', label: t('deviceNetwork.name'), value: (p) => p.name, nowrap: true },
    // Vahti's own link, beside the name where it is in view.
    {
      key: 'deviceType',
      label: t('deviceNetwork.deviceType'),
      value: (p) => typeName(p.deviceTypeId),
      render: (p) =>
        canLink ? (
          <TextField
            select
            size="small"
            sx={{ minWidth: 180, my: -0.5 }}
            value={p.deviceTypeId ?? ''}
            disabled={link.isPending || !deviceTypes.data}
            onChange={(event) => {
              setLinked(null);
              const to = event.target.value || null;
              link.mutate(
                { deviceProfileId: p.id, from: p.deviceTypeId, to },
                {
                  onSuccess: (answer) => setLinked(answer?.message ?? t('deviceNetwork.unlinked')),
                },
              );
            }}
            slotProps={{
              htmlInput: { 'aria-label': t('deviceNetwork.linkLabel', { name: p.name }) },
              // 'Ei liitetty' shows for no link too.
              select: { displayEmpty: true },
            }}
          >
            <MenuItem value="">{t('deviceNetwork.notLinked')}</MenuItem>
            {(deviceTypes.data ?? []).map((type) => (
              <MenuItem key={type.deviceTypeId} value={type.deviceTypeId}>
                {type.deviceTypeName}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          (typeName(p.deviceTypeId) ?? t('deviceNetwork.notLinked'))
        ),
    },
    { key: 'region', label: t('deviceNetwork.region'), value: (p) => p.region, nowrap: true },
    {
      key: 'macVersion',
      label: t('deviceNetwork.macVersion'),
      value: (p) => p.macVersion,
      nowrap: true,
    },
    {
      key: 'regParamsRevision',
      label: t('deviceNetwork.regParamsRevision'),
      value: (p) => p.regParamsRevision,
      nowrap: true,
      hideBelow: 'lg',
    },
    { key: 'otaa', label: t('deviceNetwork.otaa'), value: (p) => yesNo(p.supportsOtaa) },
    { key: 'classes', label: t('deviceNetwork.classes'), value: classesOf, nowrap: true },
    {
      key: 'updated',
      label: t('deviceNetwork.updated'),
      value: (p) => formatDate(p.updatedAt),
      nowrap: true,
      hideBelow: 'md',
    },
    { key: 'id', label: t('deviceNetwork.id'), value: (p) => p.id, hideBelow: 'lg' },
    ...(canLink
      ? [
          {
            key: 'fromProfile',
            label: t('deviceNetwork.types.fromProfile'),
            value: () => '',
            render: (p: DeviceProfile) =>
              p.deviceTypeId ? null : (
                <Button
                  size="small"
                  disabled={fromProfile.isPending}
                  aria-label={t('deviceNetwork.types.fromProfileLabel', { name: p.name })}
                  onClick={() => {
                    setLinked(null);
                    fromProfile.mutate(p.id, {
                      onSuccess: (answer) =>
                        setLinked(`${answer.message}: ${answer.deviceType.deviceTypeName}`),
                    });
                  }}
                >
                  {t('deviceNetwork.types.fromProfile')}
                </Button>
              ),
          } satisfies Column<DeviceProfile>,
        ]
      : []),
  ];

  const minutes = (value: number | null) =>
    value === null ? t('deviceNetwork.alarms.off') : t('deviceNetwork.alarms.minutes', { value });
  const copy = useCopyDeviceType();
  const organizationColumn = useOrganizationColumn<DeviceTypeRecord>((type) => type.organizationId);
  const typeColumns: Column<DeviceTypeRecord>[] = [
    { key: 'name', label: t('deviceNetwork.name'), value: (type) => type.deviceTypeName },
    ...organizationColumn,
    {
      key: 'state',
      label: t('deviceNetwork.types.state'),
      value: (type) =>
        type.deviceTypeState === 'Passiivinen'
          ? t('deviceNetwork.types.retired')
          : t('deviceNetwork.types.active'),
      nowrap: true,
    },
    {
      key: 'source',
      label: t('deviceNetwork.types.codec'),
      value: (type) => t(`deviceNetwork.types.sources.${type.deviceTypeCodec?.source ?? 'legacy'}`),
      hideBelow: 'md',
    },
    {
      key: 'measurements',
      label: t('deviceNetwork.types.measurements'),
      value: (type) => type.Measurements.map((m) => m.measurementName).join(', '),
      hideBelow: 'lg',
    },
    { key: 'devices', label: t('deviceNetwork.types.devices'), value: (type) => type.deviceCount },
    {
      key: 'offlineAfter',
      label: t('deviceNetwork.alarms.offlineAfter'),
      value: (type) => type.deviceTypeOfflineAfterMinutes ?? -1,
      render: (type) => minutes(type.deviceTypeOfflineAfterMinutes),
      nowrap: true,
      hideBelow: 'md',
    },
    {
      key: 'delay',
      label: t('deviceNetwork.alarms.delay'),
      value: (type) => type.deviceTypeAlarmDelayMinutes ?? -1,
      render: (type) => minutes(type.deviceTypeAlarmDelayMinutes),
      nowrap: true,
      hideBelow: 'md',
    },
    ...(canLink
      ? [
          {
            key: 'copy',
            label: t('deviceNetwork.types.copy'),
            value: () => '',
            render: (type: DeviceTypeRecord) => (
              <Button
                size="small"
                disabled={copy.isPending}
                aria-label={t('deviceNetwork.types.copyLabel', { name: type.deviceTypeName })}
                onClick={() =>
                  copy.mutate(
                    {
                      deviceTypeId: type.deviceTypeId,
                      deviceTypeName: t('deviceNetwork.types.copyName', {
                        name: type.deviceTypeName,
                      }),
                    },
                    {
                      onSuccess: (answer) =>
                        setLinked(`${answer.message}: ${answer.deviceType.deviceTypeName}`),
                    },
                  )
                }
              >
                {t('deviceNetwork.types.copy')}
              </Button>
            ),
          } satisfies Column<DeviceTypeRecord>,
        ]
      : []),
  ];

  const unavailable = data && data.status !== 'ok' ? data : null;
  // Asking again after a failure shows the progress indicator instead of the old message.
  const retrying = query.isFetching && (Boolean(query.error) || Boolean(unavailable));
  const shown = data?.deviceProfiles.length ?? 0;

  return (
    <Stack spacing={3}>
      <PageHeader title={t('deviceNetwork.title')} intro={t('deviceNetwork.intro')} />
      {data && data.totalCount > shown && (
        <Typography color="text.secondary">
          {t('deviceNetwork.partial', { shown, total: data.totalCount })}
        </Typography>
      )}
      <AlertMessage message={errorText(link.error)} onClose={() => link.reset()} />
      <AlertMessage message={errorText(copy.error)} onClose={() => copy.reset()} />
      <AlertMessage message={errorText(fromProfile.error)} onClose={() => fromProfile.reset()} />
      <AlertMessage severity="success" message={linked} onClose={() => setLinked(null)} />
      <DataTable
        label={t('deviceNetwork.tableLabel')}
        rows={data?.deviceProfiles ?? []}
        columns={columns}
        rowKey={(p) => p.id}
        initialSort={{ key: 'name', direction: 'asc' }}
        loading={query.isPending || retrying}
        error={query.isFetching ? null : errorText(query.error)}
        onRetry={() => void query.refetch()}
        emptyContent={
          unavailable ? (
            <Stack role="status" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography>{unavailable.message}</Typography>
              {PASSING.includes(unavailable.status) && (
                <Button variant="outlined" size="small" onClick={() => void query.refetch()}>
                  {t('deviceNetwork.retry')}
                </Button>
              )}
            </Stack>
          ) : undefined
        }
      />
      <Stack component="section" spacing={2} aria-labelledby="device-types-title">
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography id="device-types-title" component="h2" variant="h6">
            {t('deviceNetwork.types.title')}
          </Typography>
          {canLink && (
            <Button component={RouterLink} to="/vainu/add-sensor" variant="contained">
              {t('deviceNetwork.types.addTitle')}
            </Button>
          )}
        </Stack>
        <Typography color="text.secondary">{t('deviceNetwork.types.intro')}</Typography>
        <ResourceList
          label={t('deviceNetwork.types.title')}
          searchLabel={t('deviceNetwork.types.search')}
          query={deviceTypes}
          columns={typeColumns}
          rowKey={(type) => type.deviceTypeId}
          initialSort={{ key: 'name', direction: 'asc' }}
          editLabel={
            canLink
              ? (type) => t('deviceNetwork.types.editLabel', { name: type.deviceTypeName })
              : undefined
          }
          dialog={(type, { close, done }) => (
            <DeviceTypeDialog deviceType={type} onClose={close} onSaved={done} />
          )}
        />
      </Stack>
    </Stack>
  );
}
