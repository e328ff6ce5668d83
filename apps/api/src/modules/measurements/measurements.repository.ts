import { type DeviceTypeRecord, type MeasurementRecord, payloadLayout } from '@vahti/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, toDate } from '../../db/client.js';
import { deviceTypeMeasurements, deviceTypes, measurements } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

export type MeasurementValues = Omit<
  typeof measurements.$inferInsert,
  'measurementId' | 'createdAt' | 'updatedAt'
>;

const measurementColumns = {
  measurementId: measurements.measurementId,
  organizationId: measurements.organizationId,
  measurementName: measurements.measurementName,
  measurementType: measurements.measurementType,
  measurementSizeInBytes: measurements.measurementSizeInBytes,
  measurementBitNumber: measurements.measurementBitNumber,
  measurementState: measurements.measurementState,
  measurementDescription: measurements.measurementDescription,
  measurementMinDefault: measurements.measurementMinDefault,
  measurementMaxDefault: measurements.measurementMaxDefault,
  measurementSigned: measurements.measurementSigned,
  measurementScale: measurements.measurementScale,
  measurementOffset: measurements.measurementOffset,
  measurementUnit: measurements.measurementUnit,
  measurementByteOrder: measurements.measurementByteOrder,
  measurementQuantity: measurements.measurementQuantity,
  measurementValidMin: measurements.measurementValidMin,
  measurementValidMax: measurements.measurementValidMax,
};

type MeasurementRow = Omit<MeasurementRecord, 'measurementID'>;

/** A device type's stored fields: what create and edit write. */
export type DeviceTypeValues = Pick<
  typeof deviceTypes.$inferInsert,
  | 'organizationId'
  | 'deviceTypeName'
  | 'deviceTypeState'
  | 'deviceTypeDescription'
  | 'deviceTypeCodec'
  | 'deviceTypeOfflineAfterMinutes'
  | 'deviceTypeAlarmDelayMinutes'
  | 'deviceProfileId'
>;
export type TypeMeasurementValues = {
  measurementId: string;
  decodedPath: string | null;
  decimals: number | null;
};
const withBothIds = (row: MeasurementRow): MeasurementRecord => ({
  ...row,
  measurementID: row.measurementId,
});

/**
 * Measurements and device types: an organization's own catalogue. Reads and writes reach the
 * scope's organization (every one for the top administrator).
 */
export function createMeasurementsRepository(db: Db) {
  async function listMeasurements(
    scope: Scope,
    filter: { measurementIds?: string[]; organizationId?: string } = {},
  ): Promise<MeasurementRecord[]> {
    if (filter.measurementIds?.length === 0) return [];
    const rows = await db
      .select(measurementColumns)
      .from(measurements)
      .where(
        and(
          inScope(measurements.organizationId, scope),
          filter.measurementIds
            ? inArray(measurements.measurementId, filter.measurementIds)
            : undefined,
          filter.organizationId
            ? eq(measurements.organizationId, filter.organizationId)
            : undefined,
        ),
      )
      .orderBy(asc(measurements.measurementName), asc(measurements.measurementId));
    return rows.map(withBothIds);
  }

  /** Device types in scope with their measurements in payload order: two queries. */
  async function listDeviceTypes(
    scope: Scope,
    filter: { deviceTypeIds?: string[] } = {},
  ): Promise<DeviceTypeRecord[]> {
    if (filter.deviceTypeIds?.length === 0) return [];
    const types = await db
      .select({
        deviceTypeId: deviceTypes.deviceTypeId,
        organizationId: deviceTypes.organizationId,
        deviceTypeName: deviceTypes.deviceTypeName,
        deviceProfileId: deviceTypes.deviceProfileId,
        deviceTypeOfflineAfterMinutes: deviceTypes.deviceTypeOfflineAfterMinutes,
        deviceTypeAlarmDelayMinutes: deviceTypes.deviceTypeAlarmDelayMinutes,
        deviceTypeState: deviceTypes.deviceTypeState,
        deviceTypeDescription: deviceTypes.deviceTypeDescription,
        deviceTypeCodec: deviceTypes.deviceTypeCodec,
        updatedAt: deviceTypes.updatedAt,
        // Qualified by hand: drizzle writes a column without its table inside sql``.
        deviceCount: sql<number>`(select count(*)::int from devices d where d.device_type_id = "device_types"."device_type_id")`,
      })
      .from(deviceTypes)
      .where(
        and(
          inScope(deviceTypes.organizationId, scope),
          filter.deviceTypeIds
            ? inArray(deviceTypes.deviceTypeId, filter.deviceTypeIds)
            : undefined,
        ),
      )
      .orderBy(asc(deviceTypes.deviceTypeName), asc(deviceTypes.deviceTypeId));
    if (types.length === 0) return [];
    const layout = await db
      .select({
        deviceTypeId: deviceTypeMeasurements.deviceTypeId,
        position: deviceTypeMeasurements.position,
        decodedPath: deviceTypeMeasurements.decodedPath,
        decimals: deviceTypeMeasurements.decimals,
        ...measurementColumns,
      })
      .from(deviceTypeMeasurements)
      .innerJoin(
        measurements,
        and(
          eq(measurements.measurementId, deviceTypeMeasurements.measurementId),
          inScope(measurements.organizationId, scope),
        ),
      )
      .where(
        inArray(
          deviceTypeMeasurements.deviceTypeId,
          types.map((t) => t.deviceTypeId),
        ),
      )
      .orderBy(asc(deviceTypeMeasurements.deviceTypeId), asc(deviceTypeMeasurements.position));
    return types.map((type) => {
      const own = layout
        .filter((row) => row.deviceTypeId === type.deviceTypeId)
        .map(({ deviceTypeId: _, position: __, decodedPath, decimals, ...row }) => ({
          ...withBothIds(row),
          decodedPath,
          decimals,
        }));
      return {
        ...type,
        deviceCount: Number(type.deviceCount),
        updatedAt: toDate(type.updatedAt).toISOString(),
        id: type.deviceTypeId,
        payloadBytes: payloadLayout(own).payloadBytes,
        Measurements: own.map((m, index) => ({ ...m, position: index })),
      };
    });
  }

  /** Saves some of a type's fields (its edit time with them); 0 when the type is not in scope. */
  async function updateDeviceType(
    scope: Scope,
    deviceTypeId: string,
    values: Partial<Omit<DeviceTypeValues, 'organizationId'>>,
  ): Promise<number> {
    const rows = await db
      .update(deviceTypes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(
        and(eq(deviceTypes.deviceTypeId, deviceTypeId), inScope(deviceTypes.organizationId, scope)),
      )
      .returning({ id: deviceTypes.deviceTypeId });
    return rows.length;
  }

  /** The type's measurements in the given order (position 0 first); the caller checks the scope. */
  async function setTypeMeasurements(deviceTypeId: string, rows: TypeMeasurementValues[]) {
    if (rows.length === 0) return;
    await db
      .insert(deviceTypeMeasurements)
      .values(rows.map((row, position) => ({ deviceTypeId, position, ...row })));
  }

  return {
    listMeasurements,
    listDeviceTypes,
    /** The device-network profile link (null unlinks), the alarm settings, or any other field. */
    updateDeviceType,

    async findMeasurement(scope: Scope, measurementId: string) {
      const [row] = await listMeasurements(scope, { measurementIds: [measurementId] });
      return row;
    },

    async findDeviceType(scope: Scope, deviceTypeId: string) {
      const [row] = await listDeviceTypes(scope, { deviceTypeIds: [deviceTypeId] });
      return row;
    },

    async insertMeasurement(scope: Scope, values: MeasurementValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(measurements)
        .values(values)
        .returning({ id: measurements.measurementId });
      if (!row) throw new Error('measurement not stored');
      return row.id;
    },

    /** Saves the measurement; returns how many rows changed (0: not in scope). */
    async updateMeasurement(
      scope: Scope,
      measurementId: string,
      values: Omit<MeasurementValues, 'organizationId'>,
    ): Promise<number> {
      const rows = await db
        .update(measurements)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(measurements.measurementId, measurementId),
            inScope(measurements.organizationId, scope),
          ),
        )
        .returning({ id: measurements.measurementId });
      return rows.length;
    },

    /**
     * The payload lengths of the device types that use the measurement, computed as if it had
     * the given shape: an edit must not make a type's layout longer than a LoRaWAN payload.
     */
    async typesUsing(scope: Scope, measurementId: string): Promise<DeviceTypeRecord[]> {
      const ids = await db
        .select({ id: deviceTypeMeasurements.deviceTypeId })
        .from(deviceTypeMeasurements)
        .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, deviceTypeMeasurements.deviceTypeId))
        .where(
          and(
            eq(deviceTypeMeasurements.measurementId, measurementId),
            inScope(deviceTypes.organizationId, scope),
          ),
        );
      return listDeviceTypes(scope, { deviceTypeIds: ids.map((row) => row.id) });
    },

    async insertDeviceType(
      scope: Scope,
      values: DeviceTypeValues,
      typeMeasurements: TypeMeasurementValues[],
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(deviceTypes)
        .values(values)
        .returning({ id: deviceTypes.deviceTypeId });
      if (!row) throw new Error('device type not stored');
      await setTypeMeasurements(row.id, typeMeasurements);
      return row.id;
    },

    /** Saves the type and its measurements; 0 when the type is not in scope. */
    async saveDeviceType(
      scope: Scope,
      deviceTypeId: string,
      values: Omit<DeviceTypeValues, 'organizationId' | 'deviceProfileId'>,
      typeMeasurements: TypeMeasurementValues[],
    ): Promise<number> {
      if ((await updateDeviceType(scope, deviceTypeId, values)) === 0) return 0;
      await db
        .delete(deviceTypeMeasurements)
        .where(eq(deviceTypeMeasurements.deviceTypeId, deviceTypeId));
      await setTypeMeasurements(deviceTypeId, typeMeasurements);
      return 1;
    },

    /** The organization's profile links (profile id → device type id), within the scope. */
    async deviceProfileLinks(scope: Scope, organizationId: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ profileId: deviceTypes.deviceProfileId, typeId: deviceTypes.deviceTypeId })
        .from(deviceTypes)
        .where(
          and(
            eq(deviceTypes.organizationId, organizationId),
            inScope(deviceTypes.organizationId, scope),
            isNotNull(deviceTypes.deviceProfileId),
          ),
        );
      return new Map(rows.flatMap((row) => (row.profileId ? [[row.profileId, row.typeId]] : [])));
    },
  };
}

export type MeasurementsRepository = ReturnType<typeof createMeasurementsRepository>;
