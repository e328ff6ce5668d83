import type {
  AlarmBreakThrough,
  AlarmEventKind,
  AlarmQueueState,
  AlarmRecord,
  AlarmsResponse,
  FollowUpRecord,
  LimitBreakThrough,
} from '@vahti/domain';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceConnectionOf } from '../../db/device-connection.js';
import {
  alarmEvents,
  alarmPending,
  alarms,
  devices,
  deviceTypes,
  measurements,
  organizations,
  queries,
  queryAnswers,
  queryResults,
  targets,
  users,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

export interface AlarmFilter {
  ids?: string[];
  targetIds?: string[];
  deviceIds?: string[];
  organizationId?: string;
  /** createdAt >= from, < until (UTC). */
  from?: Date;
  until?: Date;
  unacknowledgedOnly?: boolean;
  acknowledgedOnly?: boolean;
  activeOnly?: boolean;
  endedOnly?: boolean;
}

/** Which page of a list, in which order: newest first, or the work queue's (ALARM_QUEUE_STATES). */
export interface AlarmPage {
  offset: number;
  limit: number;
  order?: 'newest' | 'queue';
}

/** An alarm whose acknowledgement changed, with what its announcement needs. */
export interface ChangedAlarm {
  id: string;
  organizationId: string;
  deviceId: string;
  targetId: string;
  alarmBreakThrough: AlarmBreakThrough;
  active: boolean;
}

export interface OpenAlarm {
  id: string;
  /** null for the device's own kinds (offline, lowBattery, frameCounterReset). */
  measurementId: string | null;
  deviceId: string;
  alarmBreakThrough: AlarmBreakThrough;
  /** When it opened: an older (late or back-filled) reading does not close it. */
  createdAt: Date;
  /** The limit crossed; offline: the silence in minutes, so createdAt − limit is the last reading. */
  limitValue: number;
}

/** A limit alarm waiting for its delay: values beyond since `since` (ADR 0024). */
export interface PendingAlarm {
  deviceId: string;
  measurementId: string;
  alarmBreakThrough: LimitBreakThrough;
  since: Date;
}

/** An Aktiivinen device silent past its type's offline limit, with no open offline alarm. */
export interface SilentDevice {
  organizationId: string;
  deviceId: string;
  deviceTargetId: string;
  /** The newest reading's measurement time. */
  lastSeen: Date;
  offlineAfterMinutes: number;
}

const NO_COUNTS: AlarmsResponse['counts'] = {
  activeUnacknowledged: 0,
  activeAcknowledged: 0,
  endedUnacknowledged: 0,
  endedAcknowledged: 0,
};

const DESCRIPTION = {
  up: 'Ylärajan ylitys',
  down: 'Alarajan alitus',
  offline: 'Ei yhteyttä',
  lowBattery: 'Paristo vähissä',
  frameCounterReset: 'Kehyslaskuri nollautui',
} as const;

/**
 * 'Ylärajan ylitys: CO2'; offline 'Ei yhteyttä: ei mittauksia 30 minuuttiin'; lowBattery
 * 'Paristo vähissä: 15 %'; frameCounterReset 'Kehyslaskuri nollautui: 5120 → 0'.
 */
function describe(row: {
  alarmBreakThrough: AlarmBreakThrough;
  measurementName: string;
  value: number;
  limitValue: number;
}) {
  switch (row.alarmBreakThrough) {
    case 'offline':
      return `${DESCRIPTION.offline}: ei mittauksia ${row.limitValue} minuuttiin`;
    case 'lowBattery':
      return `${DESCRIPTION.lowBattery}: ${row.value} %`;
    case 'frameCounterReset':
      return `${DESCRIPTION.frameCounterReset}: ${row.limitValue} → ${row.value}`;
    default:
      return `${DESCRIPTION[row.alarmBreakThrough]}: ${row.measurementName}`;
  }
}

/**
 * Alarms and their timeline. Reads see the alarms of devices on targets the scope sees (a
 * Käyttäjä only linked targets); writes reach the scope's organization.
 */
export function createAlarmsRepository(db: Db) {
  function conditions(scope: Scope, filter: AlarmFilter): SQL | undefined {
    return and(
      inScope(alarms.organizationId, scope),
      targetVisible(db, devices.deviceTargetId, scope),
      filter.ids ? inArray(alarms.id, filter.ids) : undefined,
      filter.targetIds?.length ? inArray(devices.deviceTargetId, filter.targetIds) : undefined,
      filter.deviceIds ? inArray(alarms.deviceId, filter.deviceIds) : undefined,
      filter.organizationId ? eq(alarms.organizationId, filter.organizationId) : undefined,
      filter.from ? gte(alarms.createdAt, filter.from) : undefined,
      filter.until ? lt(alarms.createdAt, filter.until) : undefined,
      filter.unacknowledgedOnly ? eq(alarms.state, 0) : undefined,
      filter.acknowledgedOnly ? eq(alarms.state, 1) : undefined,
      filter.activeOnly ? isNull(alarms.closedAt) : undefined,
      filter.endedOnly ? isNotNull(alarms.closedAt) : undefined,
    );
  }

  /** Alarms per queue state under the filter, its state flags left out (the state chips). */
  async function queueCounts(scope: Scope, filter: AlarmFilter): Promise<AlarmsResponse['counts']> {
    const unstated = {
      ...filter,
      unacknowledgedOnly: false,
      acknowledgedOnly: false,
      activeOnly: false,
      endedOnly: false,
    };
    const counted = (active: boolean, state: 0 | 1) =>
      sql<number>`count(*) filter (where ${alarms.closedAt} is ${active ? sql`null` : sql`not null`} and ${alarms.state} = ${state})`.mapWith(
        Number,
      );
    const [row] = await db
      .select({
        activeUnacknowledged: counted(true, 0),
        activeAcknowledged: counted(true, 1),
        endedUnacknowledged: counted(false, 0),
        endedAcknowledged: counted(false, 1),
      })
      .from(alarms)
      .innerJoin(devices, eq(devices.deviceId, alarms.deviceId))
      .where(conditions(scope, unstated));
    return row ?? { ...NO_COUNTS };
  }

  /** Whether a queue state passes the filter's state flags. */
  const stateMatches = (filter: AlarmFilter, state: AlarmQueueState) => {
    const active = state.startsWith('active');
    const acknowledged = state.endsWith('Acknowledged');
    return (
      !(filter.activeOnly && !active) &&
      !(filter.endedOnly && active) &&
      !(filter.unacknowledgedOnly && acknowledged) &&
      !(filter.acknowledgedOnly && !acknowledged)
    );
  };

  async function timelines(ids: string[]) {
    if (ids.length === 0) return new Map<string, AlarmRecord['timeline']>();
    const rows = await db
      .select({
        alarmId: alarmEvents.alarmId,
        kind: alarmEvents.kind,
        fullName: alarmEvents.fullName,
        createdAt: alarmEvents.createdAt,
        comment: alarmEvents.comment,
        discussionId: alarmEvents.discussionId,
        queryId: alarmEvents.queryId,
      })
      .from(alarmEvents)
      .where(inArray(alarmEvents.alarmId, ids))
      .orderBy(asc(alarmEvents.createdAt), asc(alarmEvents.serial));
    const byAlarm = new Map<string, AlarmRecord['timeline']>();
    for (const row of rows) {
      const list = byAlarm.get(row.alarmId) ?? [];
      list.push({
        kind: row.kind,
        fullName: row.fullName,
        createdAt: row.createdAt.toISOString(),
        comment: row.comment,
        discussionId: row.discussionId,
        queryId: row.queryId,
      });
      byAlarm.set(row.alarmId, list);
    }
    return byAlarm;
  }

  /**
   * One page of the alarms the scope sees under the filter; `total` counts every match and
   * `counts` the matches per queue state with the filter's state flags left out.
   */
  async function list(
    scope: Scope,
    filter: AlarmFilter = {},
    page: AlarmPage = { offset: 0, limit: 1000 },
  ): Promise<Omit<AlarmsResponse, 'message'>> {
    if (filter.ids?.length === 0 || filter.deviceIds?.length === 0) {
      return { alarms: [], total: 0, counts: { ...NO_COUNTS } };
    }
    const counts = await queueCounts(scope, filter);
    const total = (Object.keys(counts) as AlarmQueueState[])
      .filter((state) => stateMatches(filter, state))
      .reduce((sum, state) => sum + counts[state], 0);
    if (total === 0) return { alarms: [], total, counts };
    const where = conditions(scope, filter);
    const rows = await db
      .select({
        id: alarms.id,
        state: alarms.state,
        alarmBreakThrough: alarms.alarmBreakThrough,
        createdAt: alarms.createdAt,
        closedAt: alarms.closedAt,
        alarmDeviceId: alarms.deviceId,
        measurementId: alarms.measurementId,
        // The device's own kinds (offline, lowBattery, frameCounterReset) have no measurement.
        measurementName: sql<string>`coalesce(${measurements.measurementName}, '')`,
        measurementUnit: sql<string>`coalesce(${measurements.measurementUnit}, '')`,
        value: alarms.value,
        limitValue: alarms.limitValue,
        organizationId: alarms.organizationId,
        deviceName: devices.deviceName,
        deviceLocation: devices.deviceLocation,
        deviceTargetId: devices.deviceTargetId,
        targetName: targets.targetName,
        organizationName: organizations.organizationName,
      })
      .from(alarms)
      .innerJoin(devices, eq(devices.deviceId, alarms.deviceId))
      .leftJoin(measurements, eq(measurements.measurementId, alarms.measurementId))
      .innerJoin(targets, eq(targets.targetId, devices.deviceTargetId))
      .innerJoin(organizations, eq(organizations.organizationId, alarms.organizationId))
      .where(where)
      .orderBy(
        ...(page.order === 'queue'
          ? // Active before ended, unacknowledged (0) before acknowledged (1).
            [sql`${alarms.closedAt} is not null`, asc(alarms.state)]
          : []),
        desc(alarms.createdAt),
        desc(alarms.id),
      )
      .offset(page.offset)
      .limit(page.limit);
    const lines = await timelines(rows.map((row) => row.id));
    return {
      total,
      counts,
      alarms: rows.map(
        ({
          deviceName,
          deviceLocation,
          deviceTargetId,
          targetName,
          organizationName,
          createdAt,
          closedAt,
          ...row
        }) => ({
          ...row,
          alarmDescription: describe(row),
          createdAt: createdAt.toISOString(),
          closedAt: closedAt?.toISOString() ?? null,
          active: closedAt === null,
          Device: {
            deviceName,
            deviceLocation,
            deviceTargetId,
            Target: { targetName },
            Organization: { organizationName },
          },
          timeline: lines.get(row.id) ?? [],
        }),
      ),
    };
  }

  interface EventEntry {
    organizationId: string;
    alarmId: string;
    kind: AlarmEventKind;
    at?: Date;
    comment?: string | null;
  }

  /** The scope's user's id and name as the timeline keeps them ('' for the system). */
  function actorOf(scope: Scope) {
    const actorId = scope.actor?.userId ?? null;
    const fullName = actorId
      ? sql`coalesce((select ${users.userFirstName} || ' ' || ${users.userLastName} from ${users} where ${users.userId} = ${actorId}), '')`
      : '';
    return { actorId, fullName };
  }

  /** Timeline entries in one insert; an (un)acknowledgement names the scope's user. */
  async function addEvents(scope: Scope, entries: readonly EventEntry[]) {
    if (entries.length === 0) return;
    const { actorId, fullName } = actorOf(scope);
    await db.insert(alarmEvents).values(
      entries.map((entry) => {
        assertWithin(scope, entry.organizationId);
        const byUser = entry.kind === 'acknowledged' || entry.kind === 'unacknowledged';
        return {
          organizationId: entry.organizationId,
          alarmId: entry.alarmId,
          kind: entry.kind,
          actorId: byUser ? actorId : null,
          fullName: byUser ? fullName : '',
          comment: entry.comment || null,
          ...(entry.at ? { createdAt: entry.at } : {}),
        };
      }),
    );
  }
  const addEvent = (scope: Scope, entry: EventEntry) => addEvents(scope, [entry]);

  return {
    list,

    /**
     * Whether alarm mail went out for the device's measurement (null: its own kind of alarm, the
     * break-through naming which) since `since` (the throttle).
     */
    async mailedSince(
      scope: Scope,
      deviceId: string,
      measurementId: string | null,
      since: Date,
      breakThrough?: AlarmBreakThrough,
    ) {
      const rows = await db
        .select({ id: alarmEvents.id })
        .from(alarmEvents)
        .innerJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
        .where(
          and(
            eq(alarms.deviceId, deviceId),
            measurementId === null
              ? and(
                  isNull(alarms.measurementId),
                  breakThrough ? eq(alarms.alarmBreakThrough, breakThrough) : undefined,
                )
              : eq(alarms.measurementId, measurementId),
            eq(alarmEvents.kind, 'mailed'),
            gte(alarmEvents.createdAt, since),
            inScope(alarms.organizationId, scope),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * The alarm's 'notified' entry for the dialog's key, by the scope's user (issue 29): its id,
     * or undefined when the key has one already (a double click; the unique key decides under
     * concurrency, the second insert waiting for the first to commit).
     */
    async claimNotice(
      scope: Scope,
      entry: { organizationId: string; alarmId: string; key: string },
    ): Promise<string | undefined> {
      assertWithin(scope, entry.organizationId);
      const [row] = await db
        .insert(alarmEvents)
        .values({
          organizationId: entry.organizationId,
          alarmId: entry.alarmId,
          kind: 'notified',
          noticeKey: entry.key,
          ...actorOf(scope),
        })
        .onConflictDoNothing({ target: [alarmEvents.alarmId, alarmEvents.noticeKey] })
        .returning({ id: alarmEvents.id });
      return row?.id;
    },

    /** Links a claimed 'notified' entry to what it made. */
    async linkNotice(
      scope: Scope,
      eventId: string,
      links: { discussionId: string | null; queryId: string | null },
    ) {
      await db
        .update(alarmEvents)
        .set(links)
        .where(and(eq(alarmEvents.id, eventId), inScope(alarmEvents.organizationId, scope)));
    },

    /**
     * The follow-up surveys of the device's alarms (issue 29) with their answers per day in
     * Finnish time between `from` and `to`: the average of the values and how many answered.
     * Surveys without answers in the period are left out.
     */
    async followUps(scope: Scope, deviceId: string, from: Date, to: Date) {
      const day = sql<string>`((${queryResults.createdAt} at time zone 'Europe/Helsinki')::date)::text`;
      const rows = await db
        .select({
          queryId: queries.id,
          queryTitle: queries.title,
          alarmId: alarmEvents.alarmId,
          day,
          average: sql<number>`avg(${queryAnswers.value})`.mapWith(Number),
          count: sql<number>`count(distinct ${queryResults.id})`.mapWith(Number),
        })
        .from(alarmEvents)
        .innerJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
        .innerJoin(queries, eq(queries.id, alarmEvents.queryId))
        .innerJoin(queryResults, eq(queryResults.queryId, queries.id))
        .innerJoin(queryAnswers, eq(queryAnswers.resultId, queryResults.id))
        .where(
          and(
            eq(alarms.deviceId, deviceId),
            inScope(alarms.organizationId, scope),
            gte(queryResults.createdAt, from),
            lt(queryResults.createdAt, to),
          ),
        )
        .groupBy(queries.id, queries.title, alarmEvents.alarmId, day)
        .orderBy(queries.id, day);
      const byQuery = new Map<string, FollowUpRecord>();
      for (const { day: on, average, count, ...query } of rows) {
        const found = byQuery.get(query.queryId) ?? { ...query, days: [] };
        found.days.push({ day: on, average: Math.round(average * 100) / 100, count });
        byQuery.set(query.queryId, found);
      }
      return [...byQuery.values()];
    },

    /** The timeline entry that the alarm's mail was sent. */
    recordMailed: (scope: Scope, organizationId: string, alarmId: string) =>
      addEvent(scope, { organizationId, alarmId, kind: 'mailed' }),

    async find(scope: Scope, id: string) {
      const { alarms: rows } = await list(scope, { ids: [id] });
      return rows[0];
    },

    /**
     * The devices of the organization with an open alarm that the scope sees (the same alarms as
     * `list` with `activeOnly`, without its page limit): the Vainu dashboard's "in alarm".
     */
    async openDeviceIds(scope: Scope, organizationId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ deviceId: alarms.deviceId })
        .from(alarms)
        .innerJoin(devices, eq(devices.deviceId, alarms.deviceId))
        .where(conditions(scope, { organizationId, activeOnly: true }));
      return rows.map((row) => row.deviceId);
    },

    /** Open alarms of the devices, within the scope's organization (evaluation). */
    async openOf(scope: Scope, deviceIds: readonly string[]): Promise<OpenAlarm[]> {
      if (deviceIds.length === 0) return [];
      return db
        .select({
          id: alarms.id,
          deviceId: alarms.deviceId,
          measurementId: alarms.measurementId,
          alarmBreakThrough: alarms.alarmBreakThrough,
          createdAt: alarms.createdAt,
          limitValue: alarms.limitValue,
        })
        .from(alarms)
        .where(
          and(
            inArray(alarms.deviceId, [...deviceIds]),
            isNull(alarms.closedAt),
            inScope(alarms.organizationId, scope),
          ),
        );
    },

    /**
     * Opens an alarm unless one is open for the device, measurement and direction, or one of the
     * device's own kind (the partial unique indexes decide under concurrency); returns the new id
     * or undefined.
     */
    async open(
      scope: Scope,
      values: {
        organizationId: string;
        deviceId: string;
        /** null with the device's own kinds (offline, lowBattery, frameCounterReset). */
        measurementId: string | null;
        alarmBreakThrough: AlarmBreakThrough;
        value: number;
        limitValue: number;
        createdAt: Date;
      },
    ): Promise<string | undefined> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(alarms)
        .values(values)
        // Either open-alarm index (alarms_open_key, alarms_device_open_key) may refuse it.
        .onConflictDoNothing()
        .returning({ id: alarms.id });
      if (row) {
        await addEvent(scope, {
          organizationId: values.organizationId,
          alarmId: row.id,
          kind: 'opened',
          at: values.createdAt,
        });
      }
      return row?.id;
    },

    /** Closes an open alarm; returns whether it was open. */
    async close(scope: Scope, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(alarms)
        .set({ closedAt: at })
        .where(
          and(eq(alarms.id, id), isNull(alarms.closedAt), inScope(alarms.organizationId, scope)),
        )
        .returning({ organizationId: alarms.organizationId });
      const [row] = rows;
      if (row) {
        await addEvent(scope, {
          organizationId: row.organizationId,
          alarmId: id,
          kind: 'closed',
          at,
        });
      }
      return rows.length > 0;
    },

    /**
     * Devices of the scope that are `silent` at `now` (db/device-connection.ts, the definition
     * the Vainu dashboard shares) and have no open offline alarm.
     */
    async silentDevices(scope: Scope, now: Date): Promise<SilentDevice[]> {
      const { newest, state } = deviceConnectionOf(db, now);
      const rows = await db
        .select({
          organizationId: devices.organizationId,
          deviceId: devices.deviceId,
          deviceTargetId: devices.deviceTargetId,
          lastSeen: newest.createdAt,
          offlineAfterMinutes: deviceTypes.deviceTypeOfflineAfterMinutes,
        })
        .from(devices)
        .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, devices.deviceTypeId))
        .leftJoinLateral(newest, sql`true`)
        .where(
          and(
            inScope(devices.organizationId, scope),
            sql`${state} = 'silent'`,
            sql`not exists (select 1 from ${alarms} where ${alarms.deviceId} = ${devices.deviceId} and ${alarms.closedAt} is null and ${alarms.measurementId} is null and ${alarms.alarmBreakThrough} = 'offline')`,
          ),
        );
      // Silent implies both (the state's definition); the types say otherwise.
      return rows.flatMap(({ lastSeen, offlineAfterMinutes, ...row }) =>
        lastSeen && offlineAfterMinutes !== null ? [{ ...row, lastSeen, offlineAfterMinutes }] : [],
      );
    },

    /** Limit alarms of the devices waiting for their delay. */
    async pendingOf(scope: Scope, deviceIds: readonly string[]): Promise<PendingAlarm[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .select({
          deviceId: alarmPending.deviceId,
          measurementId: alarmPending.measurementId,
          alarmBreakThrough: alarmPending.alarmBreakThrough,
          since: alarmPending.since,
        })
        .from(alarmPending)
        .where(
          and(
            inArray(alarmPending.deviceId, [...deviceIds]),
            inScope(alarmPending.organizationId, scope),
          ),
        );
      return rows.filter(
        (row): row is PendingAlarm =>
          row.alarmBreakThrough === 'up' || row.alarmBreakThrough === 'down',
      );
    },

    /** Starts a limit alarm's delay (values beyond since `since`); a running one is kept. */
    async startPending(scope: Scope, organizationId: string, pending: PendingAlarm) {
      assertWithin(scope, organizationId);
      await db
        .insert(alarmPending)
        .values({ organizationId, ...pending })
        .onConflictDoNothing();
    },

    /** Ends a limit alarm's delay: its alarm opened, or a value came back inside. */
    async endPending(scope: Scope, pending: Omit<PendingAlarm, 'since'>) {
      await db
        .delete(alarmPending)
        .where(
          and(
            eq(alarmPending.deviceId, pending.deviceId),
            eq(alarmPending.measurementId, pending.measurementId),
            eq(alarmPending.alarmBreakThrough, pending.alarmBreakThrough),
            inScope(alarmPending.organizationId, scope),
          ),
        );
    },

    /** Ends every waiting delay of a device type's devices (its delay setting changed). */
    async endPendingOfType(scope: Scope, deviceTypeId: string) {
      await db
        .delete(alarmPending)
        .where(
          and(
            inArray(
              alarmPending.deviceId,
              db
                .select({ id: devices.deviceId })
                .from(devices)
                .where(eq(devices.deviceTypeId, deviceTypeId)),
            ),
            inScope(alarmPending.organizationId, scope),
          ),
        );
    },

    /**
     * Sets the acknowledgement state of alarms the scope sees, with a timeline entry (and the
     * comment) for each that changed. Returns undefined, writing nothing, when any of them is not
     * in the scope; else the alarms that changed (those already in the state are left as they were).
     */
    async setStates(
      scope: Scope,
      ids: readonly string[],
      state: 0 | 1,
      comment?: string | null,
    ): Promise<ChangedAlarm[] | undefined> {
      const unique = [...new Set(ids)];
      const found = await db
        .select({
          id: alarms.id,
          organizationId: alarms.organizationId,
          deviceId: alarms.deviceId,
          targetId: devices.deviceTargetId,
          alarmBreakThrough: alarms.alarmBreakThrough,
          closedAt: alarms.closedAt,
        })
        .from(alarms)
        .innerJoin(devices, eq(devices.deviceId, alarms.deviceId))
        .where(and(inArray(alarms.id, unique), conditions(scope, {})));
      if (found.length !== unique.length) return undefined;
      const updated = await db
        .update(alarms)
        .set({ state })
        .where(
          and(
            inArray(alarms.id, unique),
            sql`${alarms.state} <> ${state}`,
            inScope(alarms.organizationId, scope),
          ),
        )
        .returning({ id: alarms.id });
      const changedIds = new Set(updated.map((row) => row.id));
      const changed = found.filter((row) => changedIds.has(row.id));
      await addEvents(
        scope,
        changed.map((row) => ({
          organizationId: row.organizationId,
          alarmId: row.id,
          kind: state === 1 ? 'acknowledged' : 'unacknowledged',
          comment,
        })),
      );
      return changed.map(({ closedAt, ...row }) => ({ ...row, active: closedAt === null }));
    },
  };
}

export type AlarmsRepository = ReturnType<typeof createAlarmsRepository>;
