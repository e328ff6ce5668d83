import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, deviceTypes, targets } from '../../db/schema/index.js';
import { inScope, type Scope, targetVisible } from '../../lib/scope.js';

/** The Vainu dashboard's device register: what the charts count (spec 001 §2 Vainu 1). */
export function createVainuDashboardRepository(db: Db) {
  return {
    /**
     * The organization's devices on the targets the scope sees (a Käyttäjä: linked targets), with
     * their target's name and address and their type's offline limit; by target name, then
     * device name.
     */
    listDevices(scope: Scope, organizationId: string) {
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
          offlineAfterMinutes: deviceTypes.deviceTypeOfflineAfterMinutes,
        })
        .from(devices)
        .innerJoin(targets, eq(targets.targetId, devices.deviceTargetId))
        .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, devices.deviceTypeId))
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
