import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, deviceTypes, targets } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** Rows per lookup of existing DevEUIs and QR codes: one bind parameter each. */
const LOOKUP_CHUNK = 1000;

/** What an import file's names refer to: the organization's types, targets and devices. */
export function createDeviceImportRepository(db: Db) {
  return {
    /** The organization's device types (id and name). */
    async typesOf(scope: Scope, organizationId: string) {
      return db
        .select({ id: deviceTypes.deviceTypeId, name: deviceTypes.deviceTypeName })
        .from(deviceTypes)
        .where(
          and(
            eq(deviceTypes.organizationId, organizationId),
            inScope(deviceTypes.organizationId, scope),
          ),
        );
    },

    /** The organization's targets (id and name). */
    async targetsOf(scope: Scope, organizationId: string) {
      return db
        .select({ id: targets.targetId, name: targets.targetName })
        .from(targets)
        .where(
          and(eq(targets.organizationId, organizationId), inScope(targets.organizationId, scope)),
        );
    },

    /** The organization's devices that have one of the DevEUIs or QR codes. */
    async existing(scope: Scope, organizationId: string, euis: string[], qrCodes: string[]) {
      const found: { deviceEui: string; deviceQrCode: string }[] = [];
      for (let i = 0; i < Math.max(euis.length, qrCodes.length); i += LOOKUP_CHUNK) {
        const someEuis = euis.slice(i, i + LOOKUP_CHUNK);
        const someQrCodes = qrCodes.slice(i, i + LOOKUP_CHUNK);
        found.push(
          ...(await db
            .select({ deviceEui: devices.deviceEui, deviceQrCode: devices.deviceQrCode })
            .from(devices)
            .where(
              and(
                eq(devices.organizationId, organizationId),
                inScope(devices.organizationId, scope),
                or(
                  someEuis.length ? inArray(devices.deviceEui, someEuis) : undefined,
                  someQrCodes.length ? inArray(devices.deviceQrCode, someQrCodes) : undefined,
                ),
              ),
            )),
        );
      }
      return found;
    },
  };
}

export type DeviceImportRepository = ReturnType<typeof createDeviceImportRepository>;
