import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { ALARM_EVENTS, type AlarmRecord } from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTargets } from '@/api/get-targets';
import { AlarmNoticeDialog, isNoticeable } from '@/components/alarm-notice-dialog';
import { AlertMessage } from '@/components/alert-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import type { PageState } from '@/components/use-server-paging';
import { errorText } from '@/lib/api-client';
import { formatUtc } from '@/lib/dates';
import { useInvalidateOnEvents } from '@/lib/event-stream';
import { useCan } from '@/lib/session';
import { useFlashMessage } from '@/lib/use-flash-message';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';
import { alarmKeys } from '../api/alarm-keys';
import { type AlarmFilters, useAlarms } from '../api/get-alarms';
import { AcknowledgeDialog } from '../components/acknowledge-dialog';
import { AlarmStateChips } from '../components/alarm-state-chips';
import { AlarmTimelineDialog } from '../components/alarm-timeline-dialog';
import { filtersOf, queueStateOf, STATE_FILTERS, stateOfFilters } from '../queue-state';

/** An ended alarm needs no action now: its row is muted (its state says so in words too). */
const mutedRow = (alarm: AlarmRecord): SxProps<Theme> =>
  alarm.active
    ? {}
    : {
        // The cells too: the sticky actions cell has its own background.
        '&, & td': { bgcolor: 'grey.100' },
        '& td, & dd, & p': { color: 'text.secondary' },
      };

/**
 * /vainu/show-alarms: the alarm work queue (active and unacknowledged first) with filters tid,
 * sd, ed, st, ac kept in the URL, the counts per state as filters, and acknowledgement of one
 * alarm or of the selected ones with an optional comment.
 */
export function ShowAlarmsRoute() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toPage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  const paging: PageState = {
    page,
    pageSize,
    onPageChange: toPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      toPage(0);
    },
  };
  const alarms = useAlarms(filters, page, pageSize);
  const targets = useTargets();
  const ack = useAcknowledgeAlarm();
  const queryClient = useQueryClient();
  const [flash, setFlash] = useFlashMessage();
  const [ackError, setAckError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<AlarmRecord | null>(null);
  const [timeline, setTimeline] = useState<AlarmRecord | null>(null);
  const [noticeOf, setNoticeOf] = useState<AlarmRecord | null>(null);
  // Telling residents makes a discussion and a survey: Tieto's staff (the same rule for both).
  const informs = useCan({ do: 'manageDiscussions' });
  /** The acknowledge dialog: one alarm, or 'selected'. */
  const [acknowledging, setAcknowledging] = useState<AlarmRecord | 'selected' | null>(null);
  const rows = alarms.data?.rows ?? [];
  // Only what is on this page and still unacknowledged is acknowledged.
  const selectedIds = rows
    .filter((row) => row.state === 0 && selected.has(row.id))
    .map((row) => row.id);
  const currentState = stateOfFilters(filters);
  useInvalidateOnEvents(
    (event) => (event.type === ALARM_EVENTS.changed ? [alarmKeys.all] : []),
    [alarmKeys.all],
  );

  const setFilter = (change: Partial<AlarmFilters>) => {
    const next = { ...filters, ...change };
    const query = new URLSearchParams();
    if (next.tid.length) query.set('tid', next.tid.join(','));
    for (const key of ['sd', 'ed', 'st', 'ac'] as const) if (next[key]) query.set(key, next[key]);
    setParams(query, { replace: true });
    toPage(0);
  };

  const unacknowledge = (alarm: AlarmRecord) => {
    setFlash(null);
    setAckError(null);
    ack.mutate(
      { id: alarm.id, state: 0 },
      {
        onSuccess: ({ message }) => {
          setConfirm(null);
          setFlash(message);
        },
        onError: (error) => setAckError(errorText(error)),
      },
    );
  };

  const name = (row: AlarmRecord) => `${row.Device.deviceName}, ${formatUtc(row.createdAt)}`;
  /** What the alarm is about: the measurement, or the device's own kind in words. */
  const detail = (row: AlarmRecord) => {
    switch (row.alarmBreakThrough) {
      case 'offline':
        return t('alarms.offlineFor', { minutes: row.limitValue });
      case 'lowBattery':
        return t('alarms.batteryAt', { value: row.value, limit: row.limitValue });
      case 'frameCounterReset':
        return t('alarms.counterFell', { before: row.limitValue, after: row.value });
      default:
        return row.measurementName;
    }
  };
  const columns: Column<AlarmRecord>[] = [
    {
      key: 'time',
      label: t('alarms.time'),
      value: (row) => row.createdAt,
      render: (row) => formatUtc(row.createdAt),
    },
    { key: 'target', label: t('alarms.target'), value: (row) => row.Device.Target.targetName },
    { key: 'device', label: t('alarms.device'), value: (row) => row.Device.deviceName },
    {
      key: 'description',
      label: t('alarms.description'),
      value: (row) => `${t(`alarms.directions.${row.alarmBreakThrough}`)}: ${detail(row)}`,
    },
    {
      key: 'value',
      label: t('alarms.value'),
      value: (row) => row.value,
      render: (row) => {
        const value = Math.round(row.value * 1000) / 1000;
        if (row.alarmBreakThrough === 'lowBattery')
          return t('alarms.batteryAt', { value, limit: row.limitValue });
        if (row.alarmBreakThrough === 'frameCounterReset')
          return t('alarms.counterValue', { after: value, before: row.limitValue });
        // An offline alarm's value and limit are minutes without readings.
        const unit = row.alarmBreakThrough === 'offline' ? 'min' : row.measurementUnit;
        return `${value} ${unit} (${t('alarms.limit')} ${row.limitValue})`;
      },
      hideBelow: 'lg',
    },
    {
      key: 'status',
      label: t('alarms.status'),
      value: (row) => t(`alarms.stateText.${queueStateOf(row)}`, { time: formatUtc(row.closedAt) }),
      render: (row) => {
        const text = t(`alarms.stateText.${queueStateOf(row)}`, { time: formatUtc(row.closedAt) });
        return row.active && row.state === 0 ? <strong>{text}</strong> : text;
      },
      hideBelow: 'md',
    },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader title={t('alarms.listTitle')} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, flexWrap: 'wrap' }}
        aria-label={t('alarms.filters')}
      >
        <FormControl sx={{ minWidth: 220, maxWidth: { md: 360 } }}>
          <InputLabel id={`${id}-targets`} shrink>
            {t('alarms.targets')}
          </InputLabel>
          <Select
            labelId={`${id}-targets`}
            label={t('alarms.targets')}
            notched
            multiple
            displayEmpty
            value={filters.tid}
            onChange={(event) => {
              const value = event.target.value;
              setFilter({ tid: typeof value === 'string' ? value.split(',') : value });
            }}
            renderValue={(selected) =>
              selected.length === 0
                ? t('alarms.allTargets')
                : (targets.data ?? [])
                    .filter((target) => selected.includes(target.targetId))
                    .map((target) => target.targetName)
                    .join(', ')
            }
          >
            {(targets.data ?? []).map((target) => (
              <MenuItem key={target.targetId} value={target.targetId}>
                <Checkbox checked={filters.tid.includes(target.targetId)} />
                <ListItemText primary={target.targetName} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          type="date"
          label={t('alarms.startDate')}
          sx={{ width: { md: 190 } }}
          value={filters.sd}
          onChange={(event) => setFilter({ sd: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t('alarms.endDate')}
          sx={{ width: { md: 190 } }}
          value={filters.ed}
          onChange={(event) => setFilter({ ed: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.st === '0'}
              onChange={(event) => setFilter({ st: event.target.checked ? '0' : '' })}
            />
          }
          label={t('alarms.unacknowledgedOnly')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.ac === '1'}
              onChange={(event) => setFilter({ ac: event.target.checked ? '1' : '' })}
            />
          }
          label={t('alarms.activeOnly')}
        />
        <Button
          onClick={() => setFilter({ tid: [], sd: '', ed: '', st: '', ac: '' })}
          sx={{ alignSelf: { md: 'center' } }}
        >
          {t('alarms.clearFilters')}
        </Button>
      </Stack>
      <AlarmStateChips
        counts={alarms.data?.counts}
        current={currentState}
        onSelect={(state) => setFilter(state ? STATE_FILTERS[state] : { ac: '', st: '' })}
      />
      <AlertMessage severity="success" message={flash} />
      {confirm === null && <AlertMessage message={ackError} />}
      <Stack direction="row" sx={{ justifyContent: 'flex-start' }}>
        <Button
          variant="contained"
          disabled={selectedIds.length === 0}
          onClick={() => {
            setFlash(null);
            setAcknowledging('selected');
          }}
        >
          {t('alarms.acknowledgeSelected', { count: selectedIds.length })}
        </Button>
      </Stack>
      <ResourceList
        label={t('alarms.listTitle')}
        query={{
          ...alarms,
          // A failed load says 'Jokin meni vikaan' (spec 001 §8).
          error: alarms.error ? new Error(t('alarms.loadFailed')) : null,
        }}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.id}
        rowSx={mutedRow}
        selection={{
          selected,
          onChange: setSelected,
          label: (row) => t('alarms.select', { name: name(row) }),
          allLabel: t('alarms.selectPage'),
          canSelect: (row) => row.state === 0,
        }}
        actions={(row) => (
          <Stack direction="row" spacing={1}>
            {row.state === 1 ? (
              <Button
                size="small"
                variant="outlined"
                color="success"
                aria-label={t('alarms.acknowledgedLabel', { name: name(row) })}
                onClick={() => {
                  setAckError(null);
                  setConfirm(row);
                }}
              >
                {t('alarms.acknowledged')}
              </Button>
            ) : (
              <Button
                size="small"
                // An active alarm asks for action; an ended one is calm.
                variant={row.active ? 'contained' : 'outlined'}
                color={row.active ? 'error' : 'primary'}
                aria-label={t('alarms.acknowledgeLabel', { name: name(row) })}
                onClick={() => {
                  setFlash(null);
                  setAcknowledging(row);
                }}
              >
                {t('alarms.acknowledge')}
              </Button>
            )}
            <Button
              size="small"
              aria-label={t('alarms.timelineLabel', { name: name(row) })}
              onClick={() => setTimeline(row)}
            >
              {t('alarms.timeline')}
            </Button>
            {informs && isNoticeable(row) && (
              <Button
                size="small"
                aria-label={t('alarmNotice.buttonLabel', { name: name(row) })}
                onClick={() => {
                  setFlash(null);
                  setNoticeOf(row);
                }}
              >
                {t('alarmNotice.button')}
              </Button>
            )}
          </Stack>
        )}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={t('alarms.unackTitle')}
        text={t('alarms.unackQuestion')}
        confirmLabel={t('alarms.yes')}
        cancelLabel={t('alarms.no')}
        pending={ack.isPending}
        error={ackError}
        onConfirm={() => confirm && unacknowledge(confirm)}
        onClose={() => setConfirm(null)}
      />
      {acknowledging && (
        <AcknowledgeDialog
          ids={acknowledging === 'selected' ? selectedIds : [acknowledging.id]}
          title={
            acknowledging === 'selected'
              ? t('alarms.acknowledgeManyTitle')
              : t('alarms.acknowledgeTitle')
          }
          text={
            acknowledging === 'selected'
              ? t('alarms.acknowledgeManyText', { count: selectedIds.length })
              : `${name(acknowledging)} · ${acknowledging.alarmDescription}`
          }
          onClose={() => setAcknowledging(null)}
          onDone={(message) => {
            setAcknowledging(null);
            setSelected(new Set());
            setFlash(message);
          }}
        />
      )}
      {noticeOf && (
        <AlarmNoticeDialog
          alarm={noticeOf}
          onClose={() => setNoticeOf(null)}
          onDone={(alarm, message) => {
            setNoticeOf(null);
            setFlash(message);
            setTimeline(alarm);
            void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
          }}
        />
      )}
      {timeline && (
        <AlarmTimelineDialog
          // The newest copy of the alarm, so an acknowledgement shows at once.
          alarm={alarms.data?.rows.find((row) => row.id === timeline.id) ?? timeline}
          onClose={() => setTimeline(null)}
        />
      )}
    </Stack>
  );
}
