import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { ALARM_EVENTS, type AlarmRecord } from '@vahti/domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import {
  AlarmNoticeDialog,
  AlarmNoticeLinks,
  isNoticeable,
} from '@/components/alarm-notice-dialog';
import { AlertMessage } from '@/components/alert-message';
import { LatestValues } from '@/components/latest-values';
import { LoadingFallback } from '@/components/loading-fallback';
import { PageHeader } from '@/components/page-header';
import { errorText, isApiError } from '@/lib/api-client';
import { formatUtc } from '@/lib/dates';
import { useInvalidateOnEvents } from '@/lib/event-stream';
import { useCan } from '@/lib/session';
import { useFlashMessage } from '@/lib/use-flash-message';
import { deviceKeys } from '../api/device-keys';
import { useDevice } from '../api/get-device';
import { useDeviceAlarms } from '../api/get-device-alarms';
import { DeviceHealthFigures } from '../components/device-health-dialog';
import { DeviceHistory } from '../components/device-history-dialog';
import { FollowUpAnswers } from '../components/follow-up-answers';
import { SmallChart } from '../components/small-chart';

/** Ended alarms shown besides the open ones: the most recent. */
const RECENT_ENDED = 5;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id={id} component="h2" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AlarmList({
  alarms,
  onInform,
}: {
  alarms: readonly AlarmRecord[];
  /** Opens "Tiedota asukkaille" for an alarm; undefined for those who may not. */
  onInform: ((alarm: AlarmRecord) => void) | undefined;
}) {
  const { t } = useTranslation();
  const open = alarms.filter((alarm) => alarm.active);
  const shown = [...open, ...alarms.filter((alarm) => !alarm.active).slice(0, RECENT_ENDED)];
  if (shown.length === 0) {
    return <Typography color="text.secondary">{t('devices.page.noAlarms')}</Typography>;
  }
  return (
    <List dense disablePadding>
      {shown.map((alarm) => (
        <ListItem
          key={alarm.id}
          divider
          disableGutters
          sx={{ display: 'block' }}
          data-testid="device-alarm"
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {alarm.alarmDescription}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Typography variant="body2">{formatUtc(alarm.createdAt)}</Typography>
            {alarm.active ? (
              <Chip size="small" color="error" label={t('devices.page.alarmActive')} />
            ) : (
              <Chip
                size="small"
                variant="outlined"
                label={t('devices.page.alarmEnded', {
                  at: alarm.closedAt ? formatUtc(alarm.closedAt) : '',
                })}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {alarm.state === 1
                ? t('devices.page.acknowledged')
                : t('devices.page.unacknowledged')}
            </Typography>
            {onInform && isNoticeable(alarm) && (
              <Button
                size="small"
                aria-label={t('alarmNotice.buttonLabel', {
                  name: `${alarm.alarmDescription}, ${formatUtc(alarm.createdAt)}`,
                })}
                onClick={() => onInform(alarm)}
              >
                {t('alarmNotice.button')}
              </Button>
            )}
          </Stack>
          {alarm.timeline
            .filter((entry) => entry.kind === 'notified')
            .map((entry) => (
              <Typography key={entry.createdAt} variant="body2" component="div">
                {t('alarmNotice.informed', { time: formatUtc(entry.createdAt) })}{' '}
                <AlarmNoticeLinks entry={entry} />
              </Typography>
            ))}
        </ListItem>
      ))}
    </List>
  );
}

/**
 * /vainu/show-devices/{id} (issue 27): one device's page for everyone who sees it (a Käyttäjä:
 * the devices of their targets; another organization's id is not found): its latest values with
 * how they stand, a small chart per measurement of the last 24 hours or 7 days, its alarms (open
 * and the recent ended ones), its connection and battery, and its history.
 */
export function DeviceRoute() {
  const { id = '' } = useParams();
  // show-devices/{code}: a QR code or a name in the path is the list's search (spec 001 §2).
  if (!z.uuid().safeParse(id).success) {
    return <Navigate to={`/vainu/show-devices?id=${encodeURIComponent(id)}`} replace />;
  }
  return <DevicePage id={id} />;
}

function DevicePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const manages = useCan({ do: 'manageDevices' });
  const overview = useDevice(id);
  const alarms = useDeviceAlarms(id);
  const [days, setDays] = useState<1 | 7>(1);
  const informs = useCan({ do: 'manageDiscussions' });
  const [noticeOf, setNoticeOf] = useState<AlarmRecord | null>(null);
  const [flash, setFlash] = useFlashMessage();
  const queryClient = useQueryClient();
  useInvalidateOnEvents(
    (event) =>
      event.type === ALARM_EVENTS.changed && event.data?.deviceId === id
        ? [deviceKeys.alarms(id), deviceKeys.device(id)]
        : [],
    [deviceKeys.alarms(id), deviceKeys.device(id)],
  );

  if (isApiError(overview.error) && overview.error.status === 404) {
    return <Navigate to="/not-found" replace />;
  }
  const data = overview.data;
  if (!data) {
    return (
      <Stack spacing={3}>
        <AlertMessage message={errorText(overview.error)} />
        {overview.isPending && <LoadingFallback />}
      </Stack>
    );
  }
  const { device, latest } = data;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <PageHeader
          title={device.deviceName}
          intro={t('devices.page.intro', {
            target: device.Target.targetName,
            type: device.DeviceType.deviceTypeName,
            location: device.deviceLocation,
          })}
        />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('devices.page.qrCode', { code: device.deviceQrCode })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('devices.page.times')}
          </Typography>
          <Link
            component={RouterLink}
            to={`/vainu/sensor-data?${new URLSearchParams({ tid: device.deviceTargetId, did: device.deviceId })}`}
          >
            {t('devices.page.toCharts')}
          </Link>
          {manages && (
            <Link
              component={RouterLink}
              to={`/vainu/show-devices?${new URLSearchParams({ id: device.deviceQrCode })}`}
            >
              {t('devices.page.toList')}
            </Link>
          )}
        </Stack>
      </Stack>

      <Section title={t('devices.page.latestHeading')}>
        {latest.length === 0 ? (
          <Typography color="text.secondary">{t('devices.page.noMeasurements')}</Typography>
        ) : (
          <LatestValues
            values={latest}
            detailed
            label={t('devices.page.latestLabel', { name: device.deviceName })}
          />
        )}
      </Section>

      {latest.length > 0 && (
        <Section title={t('devices.page.chartsHeading')}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={days}
            onChange={(_, next: 1 | 7 | null) => next && setDays(next)}
            aria-label={t('devices.page.range')}
            sx={{ mb: 2 }}
          >
            <ToggleButton value={1}>{t('devices.page.day')}</ToggleButton>
            <ToggleButton value={7}>{t('devices.page.week')}</ToggleButton>
          </ToggleButtonGroup>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {latest.map((value) => (
              <SmallChart
                key={value.measurementId}
                deviceId={device.deviceId}
                measurementId={value.measurementId}
                name={value.measurementName}
                unit={value.measurementUnit}
                days={days}
              />
            ))}
          </Box>
          <FollowUpAnswers deviceId={device.deviceId} days={days} />
        </Section>
      )}

      <Section title={t('devices.page.alarmsHeading')}>
        <AlertMessage message={errorText(alarms.error)} />
        <AlertMessage severity="success" message={flash} />
        {alarms.data && (
          <AlarmList
            alarms={alarms.data}
            onInform={
              informs
                ? (alarm) => {
                    setFlash(null);
                    setNoticeOf(alarm);
                  }
                : undefined
            }
          />
        )}
        {noticeOf && (
          <AlarmNoticeDialog
            alarm={noticeOf}
            onClose={() => setNoticeOf(null)}
            onDone={(_, message) => {
              setNoticeOf(null);
              setFlash(message);
              void queryClient.invalidateQueries({ queryKey: deviceKeys.alarms(id) });
            }}
          />
        )}
        <Link
          component={RouterLink}
          to="/vainu/show-alarms"
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {t('devices.page.allAlarms')}
        </Link>
      </Section>

      <Section title={t('devices.page.healthHeading')}>
        <DeviceHealthFigures device={device} />
      </Section>

      <Section title={t('devices.page.historyHeading')}>
        <DeviceHistory deviceId={device.deviceId} />
      </Section>
    </Stack>
  );
}
