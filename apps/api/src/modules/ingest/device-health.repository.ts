// Device health (issue 25): a group's uplinks and status events merged into one row per device
// and upserted in the readings' transaction — one statement per organization a group, never a
// statement or a row per uplink. Figures only move forward in time: an uplink older than the
// stored one (late, replayed) leaves its radio figures alone.
import { FCNT_RESET_BELOW } from '@vahti/domain';
import { sql } from 'drizzle-orm';
import { type Db, toDate } from '../../db/client.js';
import { assertWithin, type Scope } from '../../lib/scope.js';
import type { FrameCounterReset, HealthChange, HealthObservation, Radio } from './types.js';

/** One device's figures of a group: its newest uplink, newest decoded values, newest status. */
export interface HealthRow {
  deviceId: string;
  uplinkAt: Date | null;
  radio: Radio | undefined;
  fPort: number | null;
  fCnt: number | null;
  payload: string | null;
  /** The newest decoded values (a battery measurement's value is the battery) and their time. */
  valuesAt: Date | null;
  values: Record<string, number> | null;
  statusAt: Date | null;
  margin: number | null;
  externalPower: boolean | null;
  statusBattery: number | null;
}

const later = (a: Date | null, b: Date) => a === null || b.getTime() >= a.getTime();

/** The observations merged per device: the newest of each kind wins. */
export function mergeHealth(observations: readonly HealthObservation[]): HealthRow[] {
  const rows = new Map<string, HealthRow>();
  for (const o of observations) {
    let row = rows.get(o.deviceId);
    if (!row) {
      row = {
        deviceId: o.deviceId,
        uplinkAt: null,
        radio: undefined,
        fPort: null,
        fCnt: null,
        payload: null,
        valuesAt: null,
        values: null,
        statusAt: null,
        margin: null,
        externalPower: null,
        statusBattery: null,
      };
      rows.set(o.deviceId, row);
    }
    if (o.kind === 'uplink') {
      if (later(row.uplinkAt, o.at)) {
        row.uplinkAt = o.at;
        row.radio = o.radio;
        row.fPort = o.fPort ?? null;
        row.fCnt = o.fCnt ?? null;
        row.payload = o.payload?.slice(0, 400) ?? null;
      }
      if (o.values && later(row.valuesAt, o.at)) {
        row.valuesAt = o.at;
        row.values = o.values;
      }
    } else if (later(row.statusAt, o.at)) {
      row.statusAt = o.at;
      row.margin = o.margin ?? null;
      row.externalPower = o.externalPower;
      row.statusBattery = o.battery ?? null;
    }
  }
  return [...rows.values()];
}

/**
 * The first reset in a device's uplinks: in time order from the stored newest uplink, a frame
 * counter below FCNT_RESET_BELOW that is lower than the one before it. An uplink older than the
 * stored one says nothing (it arrived late).
 */
export function findReset(
  stored: { fCnt: number | null; uplinkAt: Date | null },
  uplinks: readonly { at: Date; fCnt: number | undefined }[],
): FrameCounterReset | undefined {
  let previous = stored.fCnt;
  const since = stored.uplinkAt?.getTime() ?? -Infinity;
  const ordered = uplinks
    .filter((u) => u.fCnt !== undefined && u.at.getTime() > since)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const uplink of ordered) {
    const fCnt = uplink.fCnt as number;
    if (previous !== null && fCnt < previous && fCnt < FCNT_RESET_BELOW) {
      return { at: uplink.at, fCnt, previous };
    }
    previous = fCnt;
  }
  return undefined;
}

const dateOrNull = (value: unknown) =>
  value === null || value === undefined ? null : toDate(value);
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The figures of an uplink: replaced together, and only by a newer uplink. */
const UPLINK_COLUMNS = [
  'rssi',
  'snr',
  'gateways',
  'gateway_id',
  'spreading_factor',
  'frequency',
  'f_port',
  'f_cnt',
  'payload',
  'uplink_at',
];
/** The figures of a status event, likewise by a newer one. */
const STATUS_COLUMNS = ['margin', 'external_power', 'status_at'];
const newer = (column: string) =>
  `excluded.${column} is not null and (h.${column} is null or excluded.${column} >= h.${column})`;
const SET = [
  ...UPLINK_COLUMNS.map(
    (c) => `${c} = case when ${newer('uplink_at')} then excluded.${c} else h.${c} end`,
  ),
  ...STATUS_COLUMNS.map(
    (c) => `${c} = case when ${newer('status_at')} then excluded.${c} else h.${c} end`,
  ),
  ...['battery', 'battery_at'].map(
    (c) => `${c} = case when ${newer('battery_at')} then excluded.${c} else h.${c} end`,
  ),
  'updated_at = excluded.updated_at',
].join(',\n  ');

export function createDeviceHealthRepository(db: Db) {
  return {
    /**
     * Upserts the group's figures of the scope's devices (one statement) and returns what the
     * alarms need: a battery figure newer than the stored one, and a frame-counter reset. A
     * decoded value of a measurement whose quantity is battery (0–100) is a battery figure; the
     * newer of it and a status event's wins. Call it in the readings' transaction.
     */
    async record(
      scope: Scope,
      organizationId: string,
      observations: readonly HealthObservation[],
    ): Promise<HealthChange[]> {
      if (observations.length === 0) return [];
      assertWithin(scope, organizationId);
      const rows = mergeHealth(observations);
      const column = <T>(pick: (row: HealthRow) => T) => sql.param(rows.map(pick));
      const iso = (date: Date | null) => date?.toISOString() ?? null;
      const result = (await db.execute(sql`
        with input as (
          select * from unnest(
            ${column((r) => r.deviceId)}::uuid[],
            ${column((r) => iso(r.uplinkAt))}::timestamptz[],
            ${column((r) => r.radio?.rssi ?? null)}::smallint[],
            ${column((r) => r.radio?.snr ?? null)}::real[],
            ${column((r) => r.radio?.gateways ?? null)}::smallint[],
            ${column((r) => r.radio?.gatewayId ?? null)}::text[],
            ${column((r) => r.radio?.spreadingFactor ?? null)}::smallint[],
            ${column((r) => r.radio?.frequency ?? null)}::bigint[],
            ${column((r) => r.fPort)}::smallint[],
            ${column((r) => r.fCnt)}::bigint[],
            ${column((r) => r.payload)}::text[],
            ${column((r) => iso(r.valuesAt))}::timestamptz[],
            ${column((r) => (r.values ? JSON.stringify(r.values) : null))}::jsonb[],
            ${column((r) => iso(r.statusAt))}::timestamptz[],
            ${column((r) => r.margin)}::smallint[],
            ${column((r) => r.externalPower)}::boolean[],
            ${column((r) => r.statusBattery)}::float8[]
          ) as i(device_id, uplink_at, rssi, snr, gateways, gateway_id, spreading_factor,
                 frequency, f_port, f_cnt, payload, values_at, data, status_at, margin,
                 external_power, status_battery)
        ),
        battery_measurements as (
          select measurement_id::text as id from measurements
          where organization_id = ${organizationId} and quantity = 'battery'
        ),
        measured as (
          select i.device_id, max((i.data ->> b.id)::float8) as battery
          from input i join battery_measurements b on i.data ? b.id
          where jsonb_typeof(i.data -> b.id) = 'number'
            and (i.data ->> b.id)::float8 between 0 and 100
          group by i.device_id
        ),
        source as (
          select i.*,
            case when m.battery is not null
                  and (i.status_battery is null or i.values_at >= i.status_at)
              then m.battery else i.status_battery end as battery,
            case when m.battery is not null
                  and (i.status_battery is null or i.values_at >= i.status_at)
              then i.values_at
              when i.status_battery is not null then i.status_at end as battery_at
          from input i left join measured m using (device_id)
        ),
        old as (
          select h.device_id, h.f_cnt, h.uplink_at, h.battery, h.battery_at
          from device_health h
          where h.device_id in (select device_id from input) and h.organization_id = ${organizationId}
        ),
        up as (
          insert into device_health as h (device_id, organization_id, uplink_at, rssi, snr,
            gateways, gateway_id, spreading_factor, frequency, f_port, f_cnt, payload, battery,
            battery_at, margin, external_power, status_at, updated_at)
          select device_id, ${organizationId}, uplink_at, rssi, snr, gateways, gateway_id,
            spreading_factor, frequency, f_port, f_cnt, payload, battery, battery_at, margin,
            external_power, status_at, now()
          from source
          order by device_id
          on conflict (device_id) do update set
          ${sql.raw(SET)}
          where h.organization_id = excluded.organization_id
          returning h.device_id, h.battery, h.battery_at
        )
        select up.device_id, up.battery, up.battery_at, old.f_cnt as old_f_cnt,
          old.uplink_at as old_uplink_at, old.battery as old_battery,
          old.battery_at as old_battery_at
        from up left join old using (device_id)`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const uplinks = new Map<string, { at: Date; fCnt: number | undefined }[]>();
      for (const o of observations) {
        if (o.kind !== 'uplink') continue;
        const list = uplinks.get(o.deviceId) ?? [];
        list.push({ at: o.at, fCnt: o.fCnt });
        uplinks.set(o.deviceId, list);
      }
      const changes: HealthChange[] = [];
      for (const row of result.rows) {
        const deviceId = String(row.device_id);
        const change: HealthChange = { deviceId };
        const battery = toNumber(row.battery);
        const batteryAt = dateOrNull(row.battery_at);
        const oldBatteryAt = dateOrNull(row.old_battery_at);
        if (
          battery !== null &&
          batteryAt !== null &&
          (oldBatteryAt === null || batteryAt.getTime() > oldBatteryAt.getTime())
        ) {
          change.battery = { value: battery, at: batteryAt, previous: toNumber(row.old_battery) };
        }
        const reset = findReset(
          { fCnt: toNumber(row.old_f_cnt), uplinkAt: dateOrNull(row.old_uplink_at) },
          uplinks.get(deviceId) ?? [],
        );
        if (reset) change.frameCounterReset = reset;
        if (change.battery || change.frameCounterReset) changes.push(change);
      }
      return changes;
    },
  };
}

export type DeviceHealthRepository = ReturnType<typeof createDeviceHealthRepository>;
