import type { DeviceHealthRecord, DeviceHistoryEntry, DeviceRecord } from '@vahti/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  alarmLimits,
  deviceHealth,
  deviceHistory,
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  measurementData,
  measurements,
  organizations,
  targets,
  userDevices,
  users,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

export type DeviceValues = Omit<
  typeof devices.$inferInsert,
  'deviceId' | 'createdAt' | 'updatedAt'
>;

export interface LimitValues {
  measurementId: string;
  lowLimit: number;
  highLimit: number;
}

export type LimitOwner = { deviceId: string } | { targetId: string };

/** A device_health row as the API answers it: times as ISO 8601. */
function healthRecord({
  deviceId: _,
  uplinkAt,
  batteryAt,
  statusAt,
  ...figures
}: Omit<
  typeof deviceHealth.$inferSelect,
  'organizationId' | 'updatedAt' | 'payload'
>): DeviceHealthRecord {
  return {
    ...figures,
    uplinkAt: uplinkAt?.toISOString() ?? null,
    batteryAt: batteryAt?.toISOString() ?? null,
    statusAt: statusAt?.toISOString() ?? null,
  };
}

/** Rows per insert statement of the bulk import. */
const IMPORT_CHUNK = 1000;

/** The newest history entries a device shows; older ones stay stored. */
export const HISTORY_LIMIT = 200;

/**
 * Devices on targets, their alarm limits and history. Reads see the devices of the targets the
 * scope sees (a Käyttäjä only those of linked targets); writes reach the scope's organization.
 */
export function createDevicesRepository(db: Db) {
  async function list(
    scope: Scope,
    filter: { deviceIds?: string[]; organizationId?: string; targetId?: string } = {},
  ): Promise<DeviceRecord[]> {
    if (filter.deviceIds?.length === 0) return [];
    const rows = await db
      .select({
        deviceId: devices.deviceId,
        deviceQrCode: devices.deviceQrCode,
        deviceName: devices.deviceName,
        deviceTypeId: devices.deviceTypeId,
        deviceEui: devices.deviceEui,
        deviceSerialNumber: devices.deviceSerialNumber,
        deviceComissioiningDay: devices.deviceComissioiningDay,
        deviceLocation: devices.deviceLocation,
        latitude: devices.deviceLatitude,
        longitude: devices.deviceLongitude,
        deviceSwVersion: devices.deviceSwVersion,
        deviceProductCode: devices.deviceProductCode,
        deviceOrganizationId: devices.organizationId,
        deviceTargetId: devices.deviceTargetId,
        deviceState: devices.deviceState,
        deviceDescription: devices.deviceDescription,
        organizationName: organizations.organizationName,
        targetName: targets.targetName,
        deviceTypeName: deviceTypes.deviceTypeName,
        createdAt: devices.createdAt,
        updatedAt: devices.updatedAt,
        health: {
          // Present when the device has a health row (its primary key is never null).
          deviceId: deviceHealth.deviceId,
          uplinkAt: deviceHealth.uplinkAt,
          rssi: deviceHealth.rssi,
          snr: deviceHealth.snr,
          gateways: deviceHealth.gateways,
          gatewayId: deviceHealth.gatewayId,
          spreadingFactor: deviceHealth.spreadingFactor,
          frequency: deviceHealth.frequency,
          fPort: deviceHealth.fPort,
          fCnt: deviceHealth.fCnt,
          battery: deviceHealth.battery,
          batteryAt: deviceHealth.batteryAt,
          margin: deviceHealth.margin,
          externalPower: deviceHealth.externalPower,
          statusAt: deviceHealth.statusAt,
        },
      })
      .from(devices)
      .leftJoin(
        deviceHealth,
        and(
          eq(deviceHealth.deviceId, devices.deviceId),
          inScope(deviceHealth.organizationId, scope),
        ),
      )
      .innerJoin(organizations, eq(organizations.organizationId, devices.organizationId))
      .innerJoin(targets, eq(targets.targetId, devices.deviceTargetId))
      .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, devices.deviceTypeId))
      .where(
        and(
          inScope(devices.organizationId, scope),
          targetVisible(db, devices.deviceTargetId, scope),
          filter.deviceIds ? inArray(devices.deviceId, filter.deviceIds) : undefined,
          filter.organizationId ? eq(devices.organizationId, filter.organizationId) : undefined,
          filter.targetId ? eq(devices.deviceTargetId, filter.targetId) : undefined,
        ),
      )
      .orderBy(asc(targets.targetName), asc(devices.deviceName), asc(devices.deviceId))
      .limit(5000);
    return rows.map(
      ({
        latitude,
        longitude,
        organizationName,
        targetName,
        deviceTypeName,
        createdAt,
        updatedAt,
        health,
        ...row
      }) => ({
        ...row,
        id: row.deviceId,
        deviceGeoInfo: { latitude, longitude },
        Organization: { organizationName },
        Target: { targetName },
        DeviceType: { deviceTypeName },
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
        health: health?.deviceId ? healthRecord(health) : null,
      }),
    );
  }

  const writableDevice = (scope: Scope, deviceId: string) =>
    and(eq(devices.deviceId, deviceId), inScope(devices.organizationId, scope));

  return {
    list,

    async find(scope: Scope, deviceId: string) {
      const [row] = await list(scope, { deviceIds: [deviceId] });
      return row;
    },

    /** A target the scope sees, with its organization and name. */
    async findTarget(scope: Scope, targetId: string) {
      const [row] = await db
        .select({
          targetId: targets.targetId,
          organizationId: targets.organizationId,
          targetName: targets.targetName,
        })
        .from(targets)
        .where(and(eq(targets.targetId, targetId), targetVisible(db, targets.targetId, scope)));
      return row;
    },

    /** Ids of the devices on a target, within the scope's organization. */
    async idsOnTarget(scope: Scope, targetId: string): Promise<string[]> {
      const rows = await db
        .select({ id: devices.deviceId })
        .from(devices)
        .where(and(eq(devices.deviceTargetId, targetId), inScope(devices.organizationId, scope)));
      return rows.map((row) => row.id);
    },

    async insert(scope: Scope, values: DeviceValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(devices).values(values).returning({ id: devices.deviceId });
      if (!row) throw new Error('device not stored');
      return row.id;
    },

    /**
     * Inserts many devices (the bulk import), IMPORT_CHUNK rows a statement. A row whose DevEUI
     * (unique across the service) or QR code (unique in the organization) is taken is skipped, not
     * an error: the caller tells which by the rows returned, and rolls back. Returns the stored rows.
     */
    async insertMany(scope: Scope, rows: DeviceValues[]) {
      for (const row of rows) assertWithin(scope, row.organizationId);
      const stored: { deviceId: string; deviceEui: string; deviceQrCode: string }[] = [];
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
        const chunk = rows.slice(i, i + IMPORT_CHUNK);
        // Each column one array parameter (as the ingest's inserts, ADR 0022): the same short
        // statement whatever the chunk's size, where a VALUES list had 15 parameters a row.
        const column = <T>(pick: (row: DeviceValues) => T) => sql.param(chunk.map(pick));
        const result = (await db.execute(sql`
          insert into devices (organization_id, target_id, device_type_id, qr_code, name, dev_eui,
            serial_number, commissioning_day, location, latitude, longitude, sw_version,
            product_code, state, description)
          select * from unnest(
            ${column((r) => r.organizationId)}::uuid[],
            ${column((r) => r.deviceTargetId)}::uuid[],
            ${column((r) => r.deviceTypeId)}::uuid[],
            ${column((r) => r.deviceQrCode)}::text[],
            ${column((r) => r.deviceName)}::text[],
            ${column((r) => r.deviceEui)}::text[],
            ${column((r) => r.deviceSerialNumber)}::text[],
            ${column((r) => r.deviceComissioiningDay)}::date[],
            ${column((r) => r.deviceLocation)}::text[],
            ${column((r) => r.deviceLatitude)}::float8[],
            ${column((r) => r.deviceLongitude)}::float8[],
            ${column((r) => r.deviceSwVersion)}::text[],
            ${column((r) => r.deviceProductCode)}::text[],
            ${column((r) => r.deviceState ?? 'Aktiivinen')}::text[]::record_state[],
            ${column((r) => r.deviceDescription ?? null)}::text[])
          on conflict do nothing
          returning device_id, dev_eui, qr_code`)) as unknown as {
          rows: { device_id: string; dev_eui: string; qr_code: string }[];
        };
        stored.push(
          ...result.rows.map((row) => ({
            deviceId: String(row.device_id),
            deviceEui: String(row.dev_eui),
            deviceQrCode: String(row.qr_code),
          })),
        );
      }
      return stored;
    },

    /** The first history entries of many devices of one organization, by the scope's actor. */
    async insertHistoryMany(
      scope: Scope,
      entries: {
        organizationId: string;
        deviceId: string;
        targetName: string;
        deviceText: string;
        changes: Record<string, unknown>;
      }[],
    ) {
      for (const entry of entries) assertWithin(scope, entry.organizationId);
      const actorId = scope.actor?.userId ?? null;
      const [actor] = actorId
        ? await db
            .select({
              fullName: sql<string>`${users.userFirstName} || ' ' || ${users.userLastName}`,
            })
            .from(users)
            .where(eq(users.userId, actorId))
        : [];
      for (let i = 0; i < entries.length; i += IMPORT_CHUNK) {
        const chunk = entries.slice(i, i + IMPORT_CHUNK);
        const column = <T>(pick: (entry: (typeof entries)[number]) => T) =>
          sql.param(chunk.map(pick));
        await db.execute(sql`
          insert into device_history
            (organization_id, device_id, kind, target_name, actor_id, full_name, device_text, changes)
          select organization_id, device_id, 'device', target_name, ${actorId}::uuid,
            ${actor?.fullName ?? ''}, device_text, changes
          from unnest(
            ${column((e) => e.organizationId)}::uuid[],
            ${column((e) => e.deviceId)}::uuid[],
            ${column((e) => e.targetName)}::text[],
            ${column((e) => e.deviceText)}::text[],
            ${column((e) => JSON.stringify(e.changes))}::jsonb[])
            as t(organization_id, device_id, target_name, device_text, changes)`);
      }
    },

    /** Saves the device; returns how many rows changed (0: not in scope). */
    async update(scope: Scope, deviceId: string, values: DeviceValues): Promise<number> {
      const rows = await db
        .update(devices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(writableDevice(scope, deviceId))
        .returning({ id: devices.deviceId });
      return rows.length;
    },

    /** The device's own limits and its target's, per measurement. */
    async limitsOf(scope: Scope, device: { deviceId: string; deviceTargetId: string }) {
      return db
        .select({
          deviceId: alarmLimits.deviceId,
          targetId: alarmLimits.targetId,
          measurementId: alarmLimits.measurementId,
          lowLimit: alarmLimits.lowLimit,
          highLimit: alarmLimits.highLimit,
        })
        .from(alarmLimits)
        .where(
          and(
            inScope(alarmLimits.organizationId, scope),
            sql`(${alarmLimits.deviceId} = ${device.deviceId} or ${alarmLimits.targetId} = ${device.deviceTargetId})`,
          ),
        );
    },

    /**
     * The effective limits of many devices at once, per measurement of each device's type: the
     * device's own pair, else its target's, else the measurement's defaults (either side may be
     * null then). Devices outside the scope's organization are left out (alarm evaluation).
     */
    async effectiveLimitsOf(scope: Scope, deviceIds: readonly string[]) {
      if (deviceIds.length === 0) return [];
      const own = alias(alarmLimits, 'own_limit');
      const ofTarget = alias(alarmLimits, 'target_limit');
      const pick = (ownCol: SQLWrapper, targetCol: SQLWrapper, fallback: SQLWrapper) =>
        sql<
          number | null
        >`case when ${own.id} is not null then ${ownCol} when ${ofTarget.id} is not null then ${targetCol} else ${fallback} end`;
      return db
        .select({
          deviceId: devices.deviceId,
          organizationId: devices.organizationId,
          deviceTargetId: devices.deviceTargetId,
          measurementId: measurements.measurementId,
          measurementName: measurements.measurementName,
          measurementUnit: measurements.measurementUnit,
          measurementQuantity: measurements.measurementQuantity,
          lowLimit: pick(own.lowLimit, ofTarget.lowLimit, measurements.measurementMinDefault),
          highLimit: pick(own.highLimit, ofTarget.highLimit, measurements.measurementMaxDefault),
          /** The type's alarm delay (ADR 0024); null: an alarm opens at the first value beyond. */
          alarmDelayMinutes: deviceTypes.deviceTypeAlarmDelayMinutes,
        })
        .from(devices)
        .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, devices.deviceTypeId))
        .innerJoin(
          deviceTypeMeasurements,
          eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId),
        )
        .innerJoin(
          measurements,
          eq(measurements.measurementId, deviceTypeMeasurements.measurementId),
        )
        .leftJoin(
          own,
          and(
            eq(own.deviceId, devices.deviceId),
            eq(own.measurementId, measurements.measurementId),
          ),
        )
        .leftJoin(
          ofTarget,
          and(
            eq(ofTarget.targetId, devices.deviceTargetId),
            eq(ofTarget.measurementId, measurements.measurementId),
          ),
        )
        .where(
          and(inArray(devices.deviceId, [...deviceIds]), inScope(devices.organizationId, scope)),
        )
        .orderBy(asc(devices.deviceId), asc(deviceTypeMeasurements.position));
    },

    /**
     * The newest value of each measurement of the devices' types measured at or after `since`
     * (a reading need not carry every measurement): per device and measurement one backward
     * probe of the (device, time) index, bounded by `since` so a measurement the device never
     * sends does not read its whole history.
     */
    async latestReadingsOf(scope: Scope, deviceIds: readonly string[], since: Date) {
      if (deviceIds.length === 0) return [];
      const key = sql`${deviceTypeMeasurements.measurementId}::text`;
      const newest = db
        .select({
          measuredAt: measurementData.createdAt,
          value: sql<number>`(${measurementData.data} ->> ${key})::float8`.as('value'),
        })
        .from(measurementData)
        .where(
          and(
            eq(measurementData.deviceId, devices.deviceId),
            gte(measurementData.createdAt, since),
            sql`${measurementData.data} ? ${key}`,
          ),
        )
        .orderBy(desc(measurementData.createdAt))
        .limit(1)
        .as('newest');
      return db
        .select({
          deviceId: devices.deviceId,
          measurementId: deviceTypeMeasurements.measurementId,
          measuredAt: newest.measuredAt,
          value: sql<number>`${newest.value}`.mapWith(Number),
        })
        .from(devices)
        .innerJoin(
          deviceTypeMeasurements,
          eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId),
        )
        .innerJoinLateral(newest, sql`true`)
        .where(
          and(inArray(devices.deviceId, [...deviceIds]), inScope(devices.organizationId, scope)),
        );
    },

    /**
     * Writes limits of a device or target of `organizationId`. `insert` adds only new ones and
     * returns how many it added (fewer than asked: some existed); `upsert` adds or replaces.
     * Returns the previous values of the replaced ones.
     */
    async writeLimits(
      scope: Scope,
      organizationId: string,
      owner: LimitOwner,
      limits: LimitValues[],
      mode: 'insert' | 'upsert',
    ): Promise<{ written: number; before: Map<string, LimitValues> }> {
      assertWithin(scope, organizationId);
      const ownerColumn = 'deviceId' in owner ? alarmLimits.deviceId : alarmLimits.targetId;
      const ownerId = 'deviceId' in owner ? owner.deviceId : owner.targetId;
      const previous = await db
        .select({
          measurementId: alarmLimits.measurementId,
          lowLimit: alarmLimits.lowLimit,
          highLimit: alarmLimits.highLimit,
        })
        .from(alarmLimits)
        .where(
          and(
            eq(ownerColumn, ownerId),
            inArray(
              alarmLimits.measurementId,
              limits.map((l) => l.measurementId),
            ),
            inScope(alarmLimits.organizationId, scope),
          ),
        );
      const rows = limits.map((l) => ({ ...l, organizationId, ...owner }));
      const insert = db.insert(alarmLimits).values(rows);
      const conflict = {
        target: [ownerColumn, alarmLimits.measurementId],
        where: isNotNull(ownerColumn),
      };
      const written =
        mode === 'insert'
          ? await insert
              .onConflictDoNothing({ target: conflict.target, where: conflict.where })
              .returning({ id: alarmLimits.id })
          : await insert
              .onConflictDoUpdate({
                target: conflict.target,
                targetWhere: conflict.where,
                set: {
                  lowLimit: sql`excluded.low_limit`,
                  highLimit: sql`excluded.high_limit`,
                  updatedAt: sql`now()`,
                },
              })
              .returning({ id: alarmLimits.id });
      return {
        written: written.length,
        before: new Map(previous.map((p) => [p.measurementId, p])),
      };
    },

    /** One history entry; the actor's name is copied from the user row. */
    async insertHistory(
      scope: Scope,
      entry: {
        organizationId: string;
        deviceId: string;
        kind: 'device' | 'limits';
        targetName: string;
        deviceText: string;
        changes: Record<string, unknown>;
      },
    ) {
      assertWithin(scope, entry.organizationId);
      const actorId = scope.actor?.userId ?? null;
      const [row] = await db
        .insert(deviceHistory)
        .values({
          ...entry,
          actorId,
          fullName: actorId
            ? sql`coalesce((select ${users.userFirstName} || ' ' || ${users.userLastName} from ${users} where ${users.userId} = ${actorId}), '')`
            : '',
        })
        .returning({ id: deviceHistory.id });
      if (!row) throw new Error('history entry not stored');
      return row.id;
    },

    /** The measurement choices of the user's active links to the device (none: no link). */
    async linkedMeasurementsOf(scope: Scope, userId: string, deviceId: string) {
      const rows = await db
        .select({ choices: userDevices.deviceMeasurements })
        .from(userDevices)
        .where(
          and(
            eq(userDevices.deviceUserId, userId),
            eq(userDevices.deviceId, deviceId),
            eq(userDevices.measurementsState, 'Aktiivinen'),
            inScope(userDevices.organizationId, scope),
          ),
        );
      return rows.map((row) => row.choices);
    },

    /** The device's history of one kind, newest first. */
    async listHistory(
      scope: Scope,
      deviceId: string,
      kind: 'device' | 'limits' | null,
    ): Promise<DeviceHistoryEntry[]> {
      const rows = await db
        .select({
          id: deviceHistory.id,
          deviceId: deviceHistory.deviceId,
          kind: deviceHistory.kind,
          targetName: deviceHistory.targetName,
          deviceText: deviceHistory.deviceText,
          fullName: deviceHistory.fullName,
          changes: deviceHistory.changes,
          createdAt: deviceHistory.createdAt,
        })
        .from(deviceHistory)
        .where(
          and(
            eq(deviceHistory.deviceId, deviceId),
            kind ? eq(deviceHistory.kind, kind) : undefined,
            inScope(deviceHistory.organizationId, scope),
            inArray(
              deviceHistory.deviceId,
              db
                .select({ id: devices.deviceId })
                .from(devices)
                .where(targetVisible(db, devices.deviceTargetId, scope)),
            ),
          ),
        )
        .orderBy(desc(deviceHistory.createdAt), desc(deviceHistory.serial))
        .limit(HISTORY_LIMIT);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
