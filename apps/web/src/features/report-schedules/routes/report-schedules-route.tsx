import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportScheduleRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { OrganizationPicker, useChosenOrganization } from '@/components/organization-picker';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { errorText } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan, useSession } from '@/lib/session';
import { useFlashMessage } from '@/lib/use-flash-message';
import { useReportSchedules } from '../api/get-report-schedules';
import { useRemoveReportSchedule } from '../api/remove-report-schedule';
import { useSendReportSchedule } from '../api/send-report-schedule';
import { ReportScheduleDialog } from '../components/report-schedule-dialog';

function RemoveDialog({
  name,
  id,
  onClose,
  onRemoved,
}: {
  name: string;
  id: string;
  onClose: () => void;
  onRemoved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveReportSchedule();
  return (
    <ConfirmDialog
      open
      title={t('reportSchedules.removeTitle')}
      text={t('reportSchedules.removeText', { name })}
      confirmLabel={t('reportSchedules.removeConfirm')}
      pending={remove.isPending}
      error={errorText(remove.error)}
      onConfirm={() => remove.mutate(id, { onSuccess: ({ message }) => onRemoved(message) })}
      onClose={onClose}
    />
  );
}

/**
 * /vainu/report-schedules: the scheduled reports (issue 28) with their next run and the latest
 * run's state, which the list follows while a run or its mails are on their way; add, edit,
 * "Lähetä nyt" and remove.
 */
export function ReportSchedulesRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const topAdmin = useCan({ do: 'crossOrganizations' });
  const [chosen, setChosen] = useChosenOrganization();
  const organizationId = chosen ?? user?.userOrganization ?? '';
  const schedules = useReportSchedules();
  const send = useSendReportSchedule();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [flash, setFlash] = useFlashMessage();

  const nameOf = (s: ReportScheduleRecord) =>
    `${s.targetName ?? t('reportSchedules.allTargets')}: ${s.measurementName}`;
  const hour = (s: ReportScheduleRecord) => `${s.hour}.00`;
  const whenOf = (s: ReportScheduleRecord) =>
    s.frequency === 'weekly'
      ? t('reportSchedules.whenWeekly', {
          weekday: t(`reportSchedules.weekdays.${s.weekday ?? 1}` as 'reportSchedules.weekdays.1'),
          hour: hour(s),
        })
      : s.monthDay === 'last'
        ? t('reportSchedules.whenLastDay', { hour: hour(s) })
        : t('reportSchedules.whenMonthly', { day: s.monthDay, hour: hour(s) });
  const stateOf = (s: ReportScheduleRecord) => {
    const state =
      s.sendRequested && s.lastState !== 'retrying' ? 'pending' : (s.lastState ?? 'none');
    const text = t(`reportSchedules.states.${state}`);
    return s.lastRunAt && state !== 'pending' && state !== 'none'
      ? t('reportSchedules.stateLine', { state: text, time: formatDateTime(s.lastRunAt) })
      : text;
  };

  const columns: Column<ReportScheduleRecord>[] = [
    { key: 'name', label: t('reportSchedules.target'), value: nameOf },
    ...(topAdmin
      ? [
          {
            key: 'organization',
            label: t('reportSchedules.organization'),
            value: (s: ReportScheduleRecord) => s.organizationName,
            hideBelow: 'lg' as const,
          },
        ]
      : []),
    { key: 'when', label: t('reportSchedules.when'), value: whenOf },
    {
      key: 'recipients',
      label: t('reportSchedules.recipients'),
      value: (s) => s.recipients.map((r) => r.name).join(', '),
      hideBelow: 'lg',
    },
    {
      key: 'nextRunAt',
      label: t('reportSchedules.nextRun'),
      value: (s) => (s.enabled ? s.nextRunAt : ''),
      render: (s) => (s.enabled ? formatDateTime(s.nextRunAt) : t('reportSchedules.off')),
      nowrap: true,
    },
    {
      key: 'lastState',
      label: t('reportSchedules.lastRun'),
      value: stateOf,
      render: (s) => (
        <Stack spacing={0.5}>
          <span>{stateOf(s)}</span>
          {s.lastPeriod && (
            <Typography variant="body2" color="text.secondary">
              {t('reportSchedules.period', {
                sd: formatDate(s.lastPeriod.sd),
                ed: formatDate(s.lastPeriod.ed),
              })}
            </Typography>
          )}
          {s.lastError && (
            <Typography variant="body2" color="error">
              {s.lastError}
            </Typography>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader title={t('reportSchedules.title')} intro={t('reportSchedules.intro')} />
      <OrganizationPicker value={chosen} onChange={setChosen} />
      <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
        {t('reportSchedules.add')}
      </Button>
      <AlertMessage severity="success" message={flash} />
      <AlertMessage message={errorText(send.error)} />
      <ResourceList
        label={t('reportSchedules.tableLabel')}
        query={schedules}
        columns={columns}
        rowKey={(s) => s.id}
        initialSort={{ key: 'name', direction: 'asc' }}
        editLabel={(s) => t('reportSchedules.editLabel', { name: nameOf(s) })}
        dialog={(s, { close, done }) => {
          const finish = (message?: string) => {
            setRemoving(false);
            done(message);
          };
          const cancel = () => {
            setRemoving(false);
            close();
          };
          return removing ? (
            <RemoveDialog name={nameOf(s)} id={s.id} onClose={cancel} onRemoved={finish} />
          ) : (
            <ReportScheduleDialog
              schedule={s}
              organizationId={s.organizationId}
              namesOrganization={topAdmin}
              onClose={cancel}
              onSaved={finish}
            />
          );
        }}
        actions={(s, openDialog) => (
          <>
            <Button
              size="small"
              aria-label={t('reportSchedules.sendNowLabel', { name: nameOf(s) })}
              disabled={send.isPending || s.sendRequested}
              onClick={() => send.mutate(s.id, { onSuccess: ({ message }) => setFlash(message) })}
            >
              {t('reportSchedules.sendNow')}
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={t('reportSchedules.removeLabel', { name: nameOf(s) })}
              onClick={() => {
                setRemoving(true);
                openDialog();
              }}
            >
              {t('reportSchedules.remove')}
            </Button>
          </>
        )}
      />
      {adding && (
        <ReportScheduleDialog
          organizationId={organizationId}
          namesOrganization={topAdmin}
          onClose={() => setAdding(false)}
          onSaved={(message) => {
            setAdding(false);
            setFlash(message);
          }}
        />
      )}
    </Stack>
  );
}
