import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceConnectionOf } from '../../db/device-connection.js';
import { devices, deviceTypes, targets } from '../../db/schema/index.js';
import { inScope, type Scope, targetVisible } from '../../lib/scope.js';

/** The Vainu dashboard's device register: what the charts count (spec 001 §2 Vainu 1). */
export function createVainuDashboardRepository(db: Db) {
  return {
    /**
     * The organization's devices on the targets the scope sees (a Käyttäjä: linked targets), with
     * their target's name and address, their newest reading's measurement and arrival time and
     * their connection at `now` (db/device-connection.ts, shared with the offline alarm sweep);
     * by target name, then device name.
     */
    listDevices(scope: Scope, organizationId: string, now: Date) {
      const { newest, state } = deviceConnectionOf(db, now);
      return db
        .select({
          deviceId: devices.deviceId,
          deviceName: devices.deviceName,
          deviceLocation: devices.deviceLocation,
          deviceState: devices.deviceState,
          targetId: targets.targetId,
          targetName: targets.targetName,
          targetAddress: targets.targetAddress,
          targetZipCode: targets.targetZipCode,
          targetPostalDistrict: targets.targetPostalDistrict,
          lastSeenAt: newest.createdAt,
          lastReceivedAt: newest.receivedAt,
          connection: state,
        })
        .from(devices)
        .innerJoin(targets, eq(targets.targetId, devices.deviceTargetId))
        .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, devices.deviceTypeId))
        .leftJoinLateral(newest, sql`true`)
        .where(
          and(
            eq(devices.organizationId, organizationId),
            inScope(devices.organizationId, scope),
            targetVisible(db, devices.deviceTargetId, scope),
          ),
        )
        .orderBy(
          asc(targets.targetName),
          asc(targets.targetId),
          asc(devices.deviceName),
          asc(devices.deviceId),
        );
    },
  };
}

export type VainuDashboardRepository = ReturnType<typeof createVainuDashboardRepository>;
