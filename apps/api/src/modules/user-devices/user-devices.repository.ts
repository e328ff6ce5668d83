import type { UserDeviceRecord } from '@vahti/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, targets, userDevices, users } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

export type UserDeviceValues = Omit<typeof userDevices.$inferInsert, 'id' | 'createdAt'>;

/**
 * Device-to-user links (which users follow which devices, and which measurements of each). Reads
 * see the links of the targets the scope sees; writes reach the scope's organization.
 */
export function createUserDevicesRepository(db: Db) {
  return {
    /** Whether the user is one of the organization's (within the scope). */
    async isUserOf(scope: Scope, organizationId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.userId })
        .from(users)
        .where(
          and(
            eq(users.userId, userId),
            eq(users.organizationId, organizationId),
            inScope(users.organizationId, scope),
          ),
        );
      return rows.length > 0;
    },

    async insert(scope: Scope, values: UserDeviceValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(userDevices).values(values).returning({ id: userDevices.id });
      if (!row) throw new Error('user device not stored');
      return row.id;
    },

    /** Changes a link's measurements and state; the rows changed (none: not in scope). */
    update(
      scope: Scope,
      id: string,
      values: Pick<UserDeviceValues, 'deviceMeasurements' | 'measurementsState'>,
    ) {
      return db
        .update(userDevices)
        .set(values)
        .where(and(eq(userDevices.id, id), inScope(userDevices.organizationId, scope)))
        .returning({ id: userDevices.id });
    },

    /** Removes a link; the rows removed (none: not in scope). */
    remove(scope: Scope, id: string) {
      return db
        .delete(userDevices)
        .where(and(eq(userDevices.id, id), inScope(userDevices.organizationId, scope)))
        .returning({ id: userDevices.id });
    },

    /** Links in scope, optionally of one user or organization, by user and device. */
    async list(
      scope: Scope,
      filter: { userId?: string; organizationId?: string; ids?: string[] } = {},
    ): Promise<UserDeviceRecord[]> {
      const rows = await db
        .select({
          id: userDevices.id,
          organizationId: userDevices.organizationId,
          deviceUserId: userDevices.deviceUserId,
          targetId: userDevices.targetId,
          deviceId: userDevices.deviceId,
          deviceMeasurements: userDevices.deviceMeasurements,
          measurementsState: userDevices.measurementsState,
          firstName: users.userFirstName,
          lastName: users.userLastName,
          userEmail: users.userEmail,
          targetName: targets.targetName,
          deviceName: devices.deviceName,
          deviceQrCode: devices.deviceQrCode,
          createdAt: userDevices.createdAt,
        })
        .from(userDevices)
        .innerJoin(users, eq(users.userId, userDevices.deviceUserId))
        .innerJoin(targets, eq(targets.targetId, userDevices.targetId))
        .innerJoin(devices, eq(devices.deviceId, userDevices.deviceId))
        .where(
          and(
            inScope(userDevices.organizationId, scope),
            targetVisible(db, userDevices.targetId, scope),
            filter.userId ? eq(userDevices.deviceUserId, filter.userId) : undefined,
            filter.organizationId
              ? eq(userDevices.organizationId, filter.organizationId)
              : undefined,
            filter.ids ? inArray(userDevices.id, filter.ids) : undefined,
          ),
        )
        .orderBy(asc(users.userLastName), asc(users.userFirstName), asc(devices.deviceName))
        .limit(5000);
      return rows.map(
        ({ firstName, lastName, targetName, deviceName, deviceQrCode, createdAt, ...row }) => ({
          ...row,
          fullName: `${firstName} ${lastName}`,
          Target: { targetName },
          Device: { deviceName, deviceQrCode },
          createdAt: createdAt.toISOString(),
        }),
      );
    },
  };
}

export type UserDevicesRepository = ReturnType<typeof createUserDevicesRepository>;
