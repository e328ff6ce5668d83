import {
  type AckAlarmBody,
  type AckAlarmsBody,
  ALARM_EVENTS,
  type AlarmRecord,
  type AlarmsQuery,
  type LimitBreakThrough,
  LOW_BATTERY_HYSTERESIS,
  LOW_BATTERY_PERCENT,
} from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { Metrics } from '../../lib/metrics.js';
import { authorize, type Scope, systemScope } from '../../lib/scope.js';
import type { DevicesRepository } from '../devices/devices.repository.js';
import type { EventBus } from '../events/event-bus.js';
import type { HealthChange } from '../ingest/ingest.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { AlarmsRepository } from './alarms.repository.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;
const DAY_MS = 86_400_000;

/** One decoded uplink: the device, when it measured, and its values by measurement id. */
export interface Reading {
  deviceId: string;
  measuredAt: Date;
  values: Record<string, number>;
  /** The webhook request or MQTT message that brought it: its alarm changes log this id. */
  requestId?: string | undefined;
}

/** An alarm that opened, closed or changed its acknowledgement: published after commit. */
export interface AlarmChange {
  organizationId: string;
  targetId: string;
  alarmId: string;
  deviceId: string;
  change: 'opened' | 'closed' | 'acknowledged' | 'unacknowledged';
  /** The id of the request or MQTT message whose reading caused it (uplinks only). */
  requestId?: string | undefined;
}

/**
 * Vainu alarms (spec 001 §2 Vainu 7, §3, §4, §7). `evaluate` checks readings against the devices'
 * effective limits inside the caller's transaction and returns what changed; the caller hands
 * that to `announce` once the transaction has committed, so no browser hears of an alarm that
 * was rolled back.
 */
export function createAlarmsService({
  db,
  alarms,
  devices,
  organizations,
  events,
  notifications,
  webhooks,
  hysteresisPercent,
  log,
  metrics,
  now = () => new Date(),
}: {
  db: Db;
  alarms: AlarmsRepository;
  devices: Pick<DevicesRepository, 'effectiveLimitsOf' | 'list'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  events: Pick<EventBus, 'publish'>;
  /** Routes opened and closed alarms to people (mail, push, held) in the same transaction. */
  notifications: Pick<NotificationsService, 'route' | 'kick'>;
  /** Outbound webhooks: deliveries queued in the change's transaction, sent after commit. */
  webhooks: Pick<WebhooksService, 'enqueueAlarmChanges' | 'kick'>;
  /** Share of the limit span (high − low; one limit: of its absolute value) an alarm must clear. */
  hysteresisPercent: number;
  /** One info line per alarm opened or closed, with the id of the uplink's request (reqId). */
  log: FastifyBaseLogger;
  metrics: Metrics['alarms'];
  /** The clock that judges whether a reading ends a silence (tests pass a fixed one). */
  now?: () => Date;
}) {
  function announce(changes: readonly AlarmChange[]) {
    // Notifications were stored in the transaction; deliver them now that it is committed.
    if (changes.some((c) => c.change === 'opened' || c.change === 'closed')) notifications.kick();
    if (changes.length > 0) webhooks.kick();
    for (const c of changes) {
      metrics.changes.inc({ change: c.change });
      if (c.change === 'opened' || c.change === 'closed') {
        log.info(
          {
            reqId: c.requestId,
            alarmId: c.alarmId,
            deviceId: c.deviceId,
            organizationId: c.organizationId,
          },
          `alarm ${c.change}`,
        );
      }
      events.publish({
        organizationId: c.organizationId,
        targetId: c.targetId,
        type: ALARM_EVENTS.changed,
        data: { alarmId: c.alarmId, deviceId: c.deviceId, change: c.change },
      });
    }
  }

  function margin(low: number | null, high: number | null, limit: number) {
    const span = low !== null && high !== null ? high - low : Math.abs(limit);
    return (span * hysteresisPercent) / 100;
  }

  /**
   * Checks every value against its device's effective limit (device → target → measurement
   * default): above high opens an 'up' alarm, below low a 'down' one — at most one open per
   * device, measurement and direction; an open alarm closes when the value is back inside by
   * the hysteresis (a reading older than the open alarm does not close it). With the device
   * type's alarm delay, a value beyond only starts a count (`alarm_pending`); the alarm opens at
   * the first reading beyond at least the delay later with none inside between (ADR 0024). A
   * reading measured within the offline limit of now closes the device's open offline alarm. Runs in the caller's transaction
   * (the db handle carries it); devices outside the scope's organization are ignored. Returns
   * the changes for `announce` after commit.
   */
  async function evaluate(scope: Scope, readings: readonly Reading[]): Promise<AlarmChange[]> {
    const started = performance.now();
    metrics.readings.inc(readings.length);
    try {
      const changes = await evaluateReadings(scope, readings);
      await notifications.route(scope, changes);
      await webhooks.enqueueAlarmChanges(scope, changes);
      return changes;
    } finally {
      metrics.evaluationSeconds.observe((performance.now() - started) / 1000);
    }
  }

  async function evaluateReadings(
    scope: Scope,
    readings: readonly Reading[],
  ): Promise<AlarmChange[]> {
    const deviceIds = [...new Set(readings.map((r) => r.deviceId))];
    if (deviceIds.length === 0) return [];
    const limitRows = await devices.effectiveLimitsOf(scope, deviceIds);
    if (limitRows.length === 0) return [];
    const limits = new Map(limitRows.map((row) => [`${row.deviceId} ${row.measurementId}`, row]));
    const open = new Map(
      (await alarms.openOf(scope, deviceIds)).map((a) => [
        `${a.deviceId} ${a.measurementId} ${a.alarmBreakThrough}`,
        a,
      ]),
    );
    // Only a group with a delayed type reads the waiting counts: one query more, not per reading.
    const delayed = limitRows.some((row) => row.alarmDelayMinutes !== null);
    const pending = new Map(
      (delayed ? await alarms.pendingOf(scope, deviceIds) : []).map((p) => [
        `${p.deviceId} ${p.measurementId} ${p.alarmBreakThrough}`,
        p.since.getTime(),
      ]),
    );
    const changes: AlarmChange[] = [];
    const ordered = [...readings].sort((a, b) => a.measuredAt.getTime() - b.measuredAt.getTime());
    for (const reading of ordered) {
      const at = reading.measuredAt.getTime();
      const offline = open.get(`${reading.deviceId} null offline`);
      // The device is back when a reading ends its silence as db/device-connection.ts defines
      // it: measured within the offline limit of now. A gateway's backlog of older readings
      // arriving now leaves the device silent and its alarm open.
      if (offline && at + offline.limitValue * 60_000 > now().getTime()) {
        open.delete(`${reading.deviceId} null offline`);
        const closedAt = new Date(Math.max(at, offline.createdAt.getTime()));
        if (await alarms.close(scope, offline.id, closedAt)) {
          const device = limitRows.find((row) => row.deviceId === reading.deviceId);
          if (device) {
            changes.push({
              organizationId: device.organizationId,
              targetId: device.deviceTargetId,
              deviceId: reading.deviceId,
              alarmId: offline.id,
              change: 'closed',
              requestId: reading.requestId,
            });
          }
        }
      }
      for (const [measurementId, value] of Object.entries(reading.values)) {
        if (!Number.isFinite(value)) continue;
        const limit = limits.get(`${reading.deviceId} ${measurementId}`);
        if (!limit) continue;
        const { lowLimit: low, highLimit: high } = limit;
        const delayMs = (limit.alarmDelayMinutes ?? 0) * 60_000;
        const base = {
          organizationId: limit.organizationId,
          targetId: limit.deviceTargetId,
          deviceId: reading.deviceId,
          requestId: reading.requestId,
        };
        const key = (direction: LimitBreakThrough) =>
          `${reading.deviceId} ${measurementId} ${direction}`;

        const close = async (direction: LimitBreakThrough) => {
          const found = open.get(key(direction));
          // A reading older than the alarm (late, or back-filled) says nothing about its end.
          if (!found || at < found.createdAt.getTime()) return;
          const { id } = found;
          open.delete(key(direction));
          if (await alarms.close(scope, id, reading.measuredAt)) {
            changes.push({ ...base, alarmId: id, change: 'closed' });
          }
        };
        // Back inside the limit itself: a waiting count ends (a reading older than it says nothing).
        const inside = async (direction: LimitBreakThrough) => {
          const since = pending.get(key(direction));
          if (since === undefined || at < since) return;
          pending.delete(key(direction));
          await alarms.endPending(scope, {
            deviceId: reading.deviceId,
            measurementId,
            alarmBreakThrough: direction,
          });
        };
        const raise = async (direction: LimitBreakThrough, limitValue: number) => {
          if (open.has(key(direction))) return;
          if (delayMs > 0) {
            const since = pending.get(key(direction));
            const waiting = {
              deviceId: reading.deviceId,
              measurementId,
              alarmBreakThrough: direction,
            };
            if (since === undefined) {
              pending.set(key(direction), at);
              await alarms.startPending(scope, limit.organizationId, {
                ...waiting,
                since: reading.measuredAt,
              });
              return;
            }
            if (at - since < delayMs) return;
            pending.delete(key(direction));
            await alarms.endPending(scope, waiting);
          }
          const id = await alarms.open(scope, {
            organizationId: limit.organizationId,
            deviceId: reading.deviceId,
            measurementId,
            alarmBreakThrough: direction,
            value,
            limitValue,
            createdAt: reading.measuredAt,
          });
          if (id) {
            open.set(key(direction), {
              id,
              deviceId: reading.deviceId,
              measurementId,
              alarmBreakThrough: direction,
              createdAt: reading.measuredAt,
              limitValue,
            });
            changes.push({ ...base, alarmId: id, change: 'opened' });
          }
        };

        if (high !== null && value > high) await raise('up', high);
        else {
          if (high !== null) await inside('up');
          if (high !== null && value <= high - margin(low, high, high)) await close('up');
        }
        if (low !== null && value < low) await raise('down', low);
        else {
          if (low !== null) await inside('down');
          if (low !== null && value >= low + margin(low, high, low)) await close('down');
        }
      }
    }
    return changes;
  }

  /**
   * The device's own health alarms of an ingest group, in its transaction: a battery figure
   * below LOW_BATTERY_PERCENT opens 'lowBattery' (value the percent, limit the threshold) when the
   * previous figure was not below it (or there was none); one at or above the threshold plus
   * LOW_BATTERY_HYSTERESIS closes an open one. A frame-counter reset opens 'frameCounterReset'
   * (value the counter after, limit the one before), informational: it closes when acknowledged.
   * Returns the changes for `announce` after commit.
   */
  async function evaluateHealth(
    scope: Scope,
    health: readonly HealthChange[],
  ): Promise<AlarmChange[]> {
    const changes: AlarmChange[] = [];
    const organizationId = scope.organizationId as string;
    const opened = async (id: string | undefined, deviceId: string) => {
      if (!id) return;
      const alarm = await alarms.find(scope, id);
      if (!alarm) return;
      changes.push({
        organizationId: alarm.organizationId,
        targetId: alarm.Device.deviceTargetId,
        deviceId,
        alarmId: id,
        change: 'opened',
      });
    };
    for (const { deviceId, battery, frameCounterReset } of health) {
      if (battery) {
        const wasLow = battery.previous !== null && battery.previous < LOW_BATTERY_PERCENT;
        if (battery.value < LOW_BATTERY_PERCENT && !wasLow) {
          const id = await alarms.open(scope, {
            organizationId,
            deviceId,
            measurementId: null,
            alarmBreakThrough: 'lowBattery',
            value: battery.value,
            limitValue: LOW_BATTERY_PERCENT,
            createdAt: battery.at,
          });
          await opened(id, deviceId);
        } else if (
          battery.value >= LOW_BATTERY_PERCENT + LOW_BATTERY_HYSTERESIS &&
          battery.previous !== null &&
          battery.previous < LOW_BATTERY_PERCENT + LOW_BATTERY_HYSTERESIS
        ) {
          for (const open of await alarms.openOf(scope, [deviceId])) {
            if (open.alarmBreakThrough !== 'lowBattery') continue;
            if (!(await alarms.close(scope, open.id, battery.at))) continue;
            const alarm = await alarms.find(scope, open.id);
            if (alarm) {
              changes.push({
                organizationId: alarm.organizationId,
                targetId: alarm.Device.deviceTargetId,
                deviceId,
                alarmId: open.id,
                change: 'closed',
              });
            }
          }
        }
      }
      if (frameCounterReset) {
        const id = await alarms.open(scope, {
          organizationId,
          deviceId,
          measurementId: null,
          alarmBreakThrough: 'frameCounterReset',
          value: frameCounterReset.fCnt,
          limitValue: frameCounterReset.previous,
          createdAt: frameCounterReset.at,
        });
        await opened(id, deviceId);
      }
    }
    await notifications.route(scope, changes);
    await webhooks.enqueueAlarmChanges(scope, changes);
    return changes;
  }

  /**
   * Opens an offline alarm for every Aktiivinen device of every organization silent past its
   * type's offline limit at `now` (the periodic sweep; tests pass a fixed time). Several instances
   * may sweep at once: the partial unique index lets one alarm per device through. Announces what
   * opened after the commit and returns it.
   */
  async function sweepOffline(now = new Date()): Promise<AlarmChange[]> {
    const scope = systemScope('alarmSweep');
    const changes = await db.transaction(async () => {
      const opened: AlarmChange[] = [];
      for (const device of await alarms.silentDevices(scope, now)) {
        const limitMs = device.offlineAfterMinutes * 60_000;
        const id = await alarms.open(scope, {
          organizationId: device.organizationId,
          deviceId: device.deviceId,
          measurementId: null,
          alarmBreakThrough: 'offline',
          value: Math.floor((now.getTime() - device.lastSeen.getTime()) / 60_000),
          limitValue: device.offlineAfterMinutes,
          createdAt: new Date(device.lastSeen.getTime() + limitMs),
        });
        if (!id) continue;
        opened.push({
          organizationId: device.organizationId,
          targetId: device.deviceTargetId,
          deviceId: device.deviceId,
          alarmId: id,
          change: 'opened',
        });
      }
      await notifications.route(scope, opened);
      await webhooks.enqueueAlarmChanges(scope, opened);
      return opened;
    });
    announce(changes);
    return changes;
  }

  /**
   * Sets the acknowledgement of the alarms in one transaction (404, nothing written, when the
   * caller does not see one of them); an open frameCounterReset alarm (informational: nothing
   * else ends it) closes when acknowledged. Announces the changes after the commit.
   */
  async function setStates(
    scope: Scope,
    ids: readonly string[],
    state: 0 | 1,
    comment: string | null | undefined,
  ): Promise<AlarmChange[]> {
    const changes = await db.transaction(async () => {
      const changed = await alarms.setStates(scope, ids, state, comment);
      if (!changed) throw notFound('alarm.ALARM_NOT_FOUND');
      const list: AlarmChange[] = [];
      const now = new Date();
      for (const alarm of changed) {
        const base = {
          organizationId: alarm.organizationId,
          targetId: alarm.targetId,
          alarmId: alarm.id,
          deviceId: alarm.deviceId,
        };
        list.push({ ...base, change: state === 1 ? 'acknowledged' : 'unacknowledged' });
        if (
          state === 1 &&
          alarm.alarmBreakThrough === 'frameCounterReset' &&
          alarm.active &&
          (await alarms.close(scope, alarm.id, now))
        ) {
          list.push({ ...base, change: 'closed' });
        }
      }
      await notifications.route(scope, list);
      await webhooks.enqueueAlarmChanges(scope, list);
      return list;
    });
    announce(changes);
    return changes;
  }

  async function read(scope: Scope, id: string): Promise<AlarmRecord> {
    const found = await alarms.find(scope, id);
    if (!found) throw notFound('alarm.ALARM_NOT_FOUND');
    return found;
  }

  return {
    evaluate,
    evaluateHealth,
    announce,
    sweepOffline,

    /**
     * GET /api/alarms: the caller's alarms with the list filters in work-queue order (active
     * and unacknowledged first, newest first within each state), paged, with the counts per state.
     */
    async list(
      caller: Caller,
      query: Omit<AlarmsQuery, 'page' | 'pageSize'> & {
        page: number;
        pageSize: number;
      },
    ) {
      const scope = authorize(caller, VAINU);
      const tid = query.tid as string[] | undefined;
      return alarms.list(
        scope,
        {
          targetIds: tid,
          from: query.sd ? new Date(`${query.sd}T00:00:00Z`) : undefined,
          until: query.ed
            ? new Date(new Date(`${query.ed}T00:00:00Z`).getTime() + DAY_MS)
            : undefined,
          unacknowledgedOnly: query.st === '0',
          acknowledgedOnly: query.st === '1',
          activeOnly: query.ac === '1',
          endedOnly: query.ac === '0',
        },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize, order: 'queue' },
      );
    },

    /** The badge's alarms: still open and not acknowledged. */
    async listActive(caller: Caller) {
      const scope = authorize(caller, VAINU);
      return (await alarms.list(scope, { activeOnly: true, unacknowledgedOnly: true })).alarms;
    },

    /** An organization's open alarms (the Vainu dashboard's "in alarm" devices). */
    async listOfOrganization(caller: Caller, organizationId: string | undefined) {
      const scope = authorize(caller, VAINU);
      const orgId = organizationId ?? caller.organizationId;
      if (!(await organizations.lookup(scope, orgId))) throw notFound('ORGANIZATION_NOT_FOUND');
      return (await alarms.list(scope, { organizationId: orgId, activeOnly: true })).alarms;
    },

    /**
     * Ids of the devices in the organization's alarm list (an open alarm), as the caller sees
     * them: the Vainu dashboard's "Hälytykset". Another organization's id gives none.
     */
    async devicesInAlarm(caller: Caller, organizationId: string): Promise<string[]> {
      return alarms.openDeviceIds(authorize(caller, VAINU), organizationId);
    },

    /** Alarms of the devices named (all must be seen by the caller: else 404 DEVICE_NOT_FOUND). */
    async listOfDevices(caller: Caller, deviceIds: string[]) {
      const scope = authorize(caller, VAINU);
      const unique = [...new Set(deviceIds)];
      const seen = await devices.list(scope, { deviceIds: unique });
      if (seen.length !== unique.length) throw notFound('DEVICE_NOT_FOUND');
      return (await alarms.list(scope, { deviceIds: unique })).alarms;
    },

    /**
     * Acknowledges (1) or cancels the acknowledgement (0); the timeline keeps who, when and the
     * comment.
     */
    async acknowledge(caller: Caller, body: AckAlarmBody): Promise<AlarmRecord> {
      const scope = authorize(caller, VAINU);
      await setStates(scope, [body.id], body.state as 0 | 1, body.comment);
      return read(scope, body.id);
    },

    /**
     * Acknowledges every alarm named, all or none (another organization's or an unseen one: 404),
     * each with its timeline entry as if one by one; returns how many changed.
     */
    async acknowledgeMany(caller: Caller, body: AckAlarmsBody): Promise<number> {
      const scope = authorize(caller, VAINU);
      const changes = await setStates(scope, body.ids, 1, body.comment);
      return changes.filter((c) => c.change === 'acknowledged').length;
    },
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
