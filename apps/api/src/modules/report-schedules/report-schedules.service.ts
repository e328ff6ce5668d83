import {
  can,
  LAST_DAY_OF_MONTH,
  type Language,
  type ReportScheduleBody,
  type ReportScheduleRecord,
  type ReportScheduleState,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { invalid, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { nextRunAt } from './next-run.js';
import type { ReportRunner } from './report-runner.js';
import type { ReportSchedulesRepository, ScheduleFields } from './report-schedules.repository.js';

const MANAGE = [{ do: 'openSection', section: 'vainu' }, { do: 'manageReportSchedules' }] as const;
const NOT_FOUND = 'reportSchedules.REPORT_SCHEDULE_NOT_FOUND' as const;

type Listed = Awaited<ReturnType<ReportSchedulesRepository['list']>>[number];

/** The state of the latest run: its own failure, else its mails' delivery. */
function stateOf(row: Listed, language: Language) {
  const { schedule, mails } = row;
  const failure = (key: string, params?: Record<string, string>) =>
    translate(language, `reportSchedules.runErrors.${key}`, params);
  if (schedule.lastFailure) {
    return {
      lastState: schedule.lastFailure as ReportScheduleState,
      lastError: failure(schedule.lastError ?? 'renderFailed'),
    };
  }
  if (!schedule.lastMailIds) return { lastState: null, lastError: null };
  const failed = mails.find((m) => m.status === 'failed');
  if (failed) {
    return {
      lastState: 'failed' as const,
      lastError: failure('mailFailed', { detail: failed.lastError ?? '' }),
    };
  }
  const queued = mails.filter((m) => m.status === 'queued');
  const retried = queued.find((m) => m.attempts > 0);
  if (retried) {
    return {
      lastState: 'retrying' as const,
      lastError: failure('mailFailed', { detail: retried.lastError ?? '' }),
    };
  }
  return {
    lastState: queued.length > 0 ? ('sending' as const) : ('sent' as const),
    lastError: null,
  };
}

function recordOf(row: Listed, language: Language): ReportScheduleRecord {
  const { schedule } = row;
  return {
    id: schedule.id,
    organizationId: schedule.organizationId,
    organizationName: row.organizationName,
    targetId: schedule.targetId,
    targetName: row.targetName,
    measurementId: schedule.measurementId,
    measurementName: row.measurementName,
    frequency: schedule.frequency,
    weekday: schedule.frequency === 'weekly' ? schedule.weekday : null,
    monthDay:
      schedule.frequency === 'monthly'
        ? schedule.monthDay === 0
          ? LAST_DAY_OF_MONTH
          : schedule.monthDay
        : null,
    hour: schedule.hour,
    enabled: schedule.enabled,
    recipients: row.recipients.map((r) => ({
      userId: r.userId,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
    })),
    nextRunAt: schedule.nextRunAt.toISOString(),
    sendRequested: schedule.sendRequestedAt !== null,
    lastRunAt: schedule.lastRunAt?.toISOString() ?? null,
    lastPeriod:
      schedule.lastPeriodStart && schedule.lastPeriodEnd
        ? { sd: schedule.lastPeriodStart, ed: schedule.lastPeriodEnd }
        : null,
    ...stateOf(row, language),
  };
}

/**
 * Scheduled reports (issue 28): Vainu staff (a role above Käyttäjä, who sees every target) make
 * schedules of their organization; Ylläpitäjä and up see and change every schedule of it, a
 * Pääkäyttäjä the ones they made. Recipients are users of the organization who may see the
 * schedule's targets' reports. The runs are the runner's (report-runner.ts), never the request's.
 */
export function createReportSchedulesService({
  db,
  schedules,
  organizations,
  audit,
  runner,
  now = () => new Date(),
}: {
  db: Db;
  schedules: ReportSchedulesRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
  runner: Pick<ReportRunner, 'kick'>;
  now?: () => Date;
}) {
  const ownerOf = (caller: Caller) =>
    can(caller, { do: 'seeEveryReportSchedule' }) ? null : caller.userId;

  async function get(scope: Scope, caller: Caller, id: string, language: Language) {
    const [row] = await schedules.list(scope, { ownerId: ownerOf(caller), id });
    if (!row) throw notFound(NOT_FOUND);
    return recordOf(row, language);
  }

  /** The organization of a body, its target and measurement found there, its recipients allowed. */
  async function checked(scope: Scope, body: ReportScheduleBody, organizationId: string) {
    if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    const owns = await schedules.ownsRecords(scope, organizationId, body);
    if (!owns.target) throw notFound('TARGET_NOT_FOUND');
    if (!owns.measurement) throw notFound('MEASUREMENT_NOT_FOUND');
    const allowed = new Set(
      (await schedules.candidates(scope, organizationId, body.targetId)).map((u) => u.userId),
    );
    const recipients = [...new Set(body.recipients)];
    if (recipients.some((id) => !allowed.has(id))) {
      throw invalid({ recipients: 'validation.reportSchedules.recipientNotAllowed' });
    }
    const monthDay = body.monthDay === LAST_DAY_OF_MONTH ? 0 : (body.monthDay ?? null);
    const fields: ScheduleFields = {
      targetId: body.targetId,
      measurementId: body.measurementId,
      frequency: body.frequency,
      weekday: body.frequency === 'weekly' ? (body.weekday ?? null) : null,
      monthDay: body.frequency === 'monthly' ? monthDay : null,
      hour: body.hour,
      enabled: body.enabled,
      nextRunAt: new Date(0),
    };
    fields.nextRunAt = nextRunAt(
      {
        frequency: fields.frequency,
        weekday: fields.weekday ?? null,
        monthDay: fields.monthDay ?? null,
        hour: fields.hour,
      },
      now(),
    );
    return { fields, recipients };
  }

  return {
    async list(caller: Caller, language: Language): Promise<ReportScheduleRecord[]> {
      const scope = authorize(caller, ...MANAGE);
      const rows = await schedules.list(scope, { ownerId: ownerOf(caller) });
      return rows.map((row) => recordOf(row, language));
    },

    /** Who may receive reports of the target (or of every target) of the organization. */
    async recipients(
      caller: Caller,
      query: { organizationId?: string | undefined; targetId?: string | undefined },
    ) {
      const scope = authorize(caller, ...MANAGE);
      const organizationId = homeOrganization(scope, query.organizationId, 'organizationId');
      if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      if (query.targetId) {
        const owns = await schedules.ownsRecords(scope, organizationId, {
          targetId: query.targetId,
        });
        if (!owns.target) throw notFound('TARGET_NOT_FOUND');
      }
      const users = await schedules.candidates(scope, organizationId, query.targetId ?? null);
      return users.map((u) => ({
        userId: u.userId,
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
      }));
    },

    async create(caller: Caller, body: ReportScheduleBody, language: Language) {
      const scope = authorize(caller, ...MANAGE);
      const organizationId = homeOrganization(scope, body.organizationId, 'organizationId');
      const { fields, recipients } = await checked(scope, body, organizationId);
      const id = await db.transaction(async () => {
        const id = await schedules.insert(
          scope,
          { ...fields, organizationId, createdBy: caller.userId },
          recipients,
        );
        await audit.record(scope, {
          action: 'reportSchedule.create',
          entityId: id,
          organizationId,
          details: { ...fields, recipients },
        });
        return id;
      });
      return get(scope, caller, id, language);
    },

    async update(caller: Caller, id: string, body: ReportScheduleBody, language: Language) {
      const scope = authorize(caller, ...MANAGE);
      const current = await get(scope, caller, id, language);
      // A schedule stays in its organization.
      const { fields, recipients } = await checked(scope, body, current.organizationId);
      await db.transaction(async () => {
        if ((await schedules.update(scope, ownerOf(caller), id, fields, recipients)) === 0) {
          throw notFound(NOT_FOUND);
        }
        await audit.record(scope, {
          action: 'reportSchedule.update',
          entityId: id,
          organizationId: current.organizationId,
          details: { ...fields, recipients },
        });
      });
      return get(scope, caller, id, language);
    },

    async remove(caller: Caller, id: string) {
      const scope = authorize(caller, ...MANAGE);
      await db.transaction(async () => {
        const [row] = await schedules.list(scope, { ownerId: ownerOf(caller), id });
        if (!row || (await schedules.remove(scope, ownerOf(caller), id)) === 0) {
          throw notFound(NOT_FOUND);
        }
        await audit.record(scope, {
          action: 'reportSchedule.delete',
          entityId: id,
          organizationId: row.schedule.organizationId,
        });
      });
    },

    /** "Lähetä nyt": the latest full period to the same recipients, by the runner. */
    async sendNow(caller: Caller, id: string, language: Language) {
      const scope = authorize(caller, ...MANAGE);
      if ((await schedules.requestSend(scope, ownerOf(caller), id)) === 0) {
        throw notFound(NOT_FOUND);
      }
      runner.kick();
      return get(scope, caller, id, language);
    },
  };
}

export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;
