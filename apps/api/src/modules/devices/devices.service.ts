import {
  type AlarmLimitRecord,
  type AlarmLimitsBody,
  type CreateDeviceBody,
  can,
  type createDeviceBody,
  type DeviceHistoryEntry,
  type DeviceRecord,
  type DeviceTypeRecord,
  type LatestValue,
  limitStateOf,
  type MeasurementRecord,
  type UpdateDeviceBody,
  type updateDeviceBody,
  valueClassOf,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { changedValues } from '../../lib/changed-values.js';
import { AppError, forbidden, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import type { MeasurementsRepository } from '../measurements/measurements.repository.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { DevicesRepository, DeviceValues, LimitOwner } from './devices.repository.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const MANAGE = { do: 'manageDevices' } as const;

/** How far back a latest value is looked for: older than this, the device page shows none. */
const LATEST_WITHIN_DAYS = 31;

type CreateBody = z.output<typeof createDeviceBody>;
type UpdateBody = z.output<typeof updateDeviceBody>;

/** A duplicate DevEUI or QR code: 409 naming the field; anything else passes through. */
function duplicate(err: unknown): unknown {
  if (isUniqueViolation(err, 'devices_dev_eui_key')) {
    return new AppError(409, 'DEVICE_EUI_TAKEN', { deviceEui: 'errors.DEVICE_EUI_TAKEN' });
  }
  if (isUniqueViolation(err, 'devices_organization_qr_code_key')) {
    return new AppError(409, 'DEVICE_QR_CODE_TAKEN', {
      deviceQrCode: 'errors.DEVICE_QR_CODE_TAKEN',
    });
  }
  return err;
}

function valuesOf(body: CreateBody | UpdateBody, organizationId: string): DeviceValues {
  return {
    organizationId,
    deviceTargetId: body.deviceTargetId,
    deviceTypeId: body.deviceTypeId,
    deviceQrCode: body.deviceQrCode,
    deviceName: body.deviceName,
    deviceEui: body.deviceEui,
    deviceSerialNumber: body.deviceSerialNumber,
    deviceComissioiningDay: body.deviceComissioiningDay,
    deviceLocation: body.deviceLocation,
    deviceLatitude: body.deviceGeoInfo.latitude,
    deviceLongitude: body.deviceGeoInfo.longitude,
    deviceSwVersion: body.deviceSwVersion,
    deviceProductCode: body.deviceProductCode,
    deviceState: body.deviceState,
    deviceDescription: body.deviceDescription || null,
  };
}

/** A device's values under their wire names, for comparing and for the history. */
function wireValues(values: DeviceValues) {
  const { organizationId, deviceLatitude, deviceLongitude, ...rest } = values;
  return {
    ...rest,
    deviceOrganizationId: organizationId,
    deviceGeoInfo: `${deviceLatitude}, ${deviceLongitude}`,
  };
}

/**
 * Devices (mittarit) of Vainu with their alarm limits and history (spec 001 §3–§7). Everyone with
 * the Vainu permission reads the devices of the targets they see; `manageDevices` adds and edits.
 * Every edit writes a history entry (who, when, what changed, the action note) in the same
 * transaction.
 */
export function createDevicesService({
  db,
  devices,
  measurements,
  organizations,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  devices: DevicesRepository;
  measurements: Pick<MeasurementsRepository, 'findDeviceType' | 'listMeasurements'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
  now?: () => Date;
}) {
  const audited = auditedChanges({ db, audit });

  async function read(scope: Scope, deviceId: string): Promise<DeviceRecord> {
    const found = await devices.find(scope, deviceId);
    if (!found) throw notFound('DEVICE_NOT_FOUND');
    return found;
  }

  /**
   * The latest value of each measurement of the devices' types (in the type's order) with its
   * effective limits, its limit state and its indoor climate class.
   */
  async function latestValues(
    scope: Scope,
    deviceIds: readonly string[],
  ): Promise<Map<string, LatestValue[]>> {
    const since = new Date(now().getTime() - LATEST_WITHIN_DAYS * 86_400_000);
    const [limits, readings] = await Promise.all([
      devices.effectiveLimitsOf(scope, deviceIds),
      devices.latestReadingsOf(scope, deviceIds, since),
    ]);
    const reading = new Map(readings.map((r) => [`${r.deviceId} ${r.measurementId}`, r]));
    const byDevice = new Map<string, LatestValue[]>(deviceIds.map((id) => [id, []]));
    for (const limit of limits) {
      const found = reading.get(`${limit.deviceId} ${limit.measurementId}`);
      const value = found && Number.isFinite(found.value) ? found.value : null;
      byDevice.get(limit.deviceId)?.push({
        measurementId: limit.measurementId,
        measurementName: limit.measurementName,
        measurementUnit: limit.measurementUnit,
        value,
        measuredAt: value === null ? null : (found?.measuredAt.toISOString() ?? null),
        lowLimit: limit.lowLimit,
        highLimit: limit.highLimit,
        limitState: value === null ? null : limitStateOf(value, limit.lowLimit, limit.highLimit),
        indoorClass: value === null ? null : valueClassOf(limit.measurementQuantity, value),
      });
    }
    return byDevice;
  }

  /** The measurements of the device's type a caller is shown (see measurementsOf). */
  async function measurementsShown(caller: Caller, scope: Scope, device: DeviceRecord) {
    const { deviceId } = device;
    const type = await measurements.findDeviceType(scope, device.deviceTypeId);
    if (!type) throw notFound('DEVICE_TYPE_NOT_FOUND');
    const all = type.Measurements.map(({ position: _, ...m }) => m);
    if (can(caller, { do: 'seeEveryTarget' })) return all;
    const links = await devices.linkedMeasurementsOf(scope, caller.userId, deviceId);
    if (links.length === 0) return all;
    const shown = new Set(
      links.flatMap((choices) =>
        choices.flatMap((choice) =>
          Object.entries(choice)
            .filter(([, on]) => on)
            .map(([id]) => id),
        ),
      ),
    );
    return all.filter((m) => shown.has(m.measurementId));
  }

  /** The target and type a device goes on: both of `organizationId`, else their 404. */
  async function placement(
    scope: Scope,
    organizationId: string,
    body: { deviceTargetId: string; deviceTypeId: string },
  ) {
    const target = await devices.findTarget(scope, body.deviceTargetId);
    if (!target || target.organizationId !== organizationId) throw notFound('TARGET_NOT_FOUND');
    const type = await measurements.findDeviceType(scope, body.deviceTypeId);
    if (!type || type.organizationId !== organizationId) throw notFound('DEVICE_TYPE_NOT_FOUND');
    return { target, type };
  }

  /** Every limit must concern a measurement of the type: 400 naming the row otherwise. */
  function requireOfType(
    type: DeviceTypeRecord,
    limits: { measurementId: string }[],
    field = 'alarmLimits',
  ) {
    const ids = new Set(type.Measurements.map((m) => m.measurementId));
    limits.forEach((limit, index) => {
      if (!ids.has(limit.measurementId)) {
        throw invalid({
          [`${field}.${index}.measurementId`]: 'validation.device.measurementNotOfType',
        });
      }
    });
  }

  const nameOf = (known: MeasurementRecord[], id: string) =>
    known.find((m) => m.measurementId === id)?.measurementName ?? id;

  /** Limits as the history shows them: measurement name → low and high. */
  const limitChanges = (
    known: MeasurementRecord[],
    limits: { measurementId: string; lowLimit: number; highLimit: number }[],
  ) =>
    Object.fromEntries(
      limits.map((l) => [
        nameOf(known, l.measurementId),
        { lowLimit: l.lowLimit, highLimit: l.highLimit },
      ]),
    );

  async function setLimits(
    caller: Caller,
    body: AlarmLimitsBody,
    mode: 'insert' | 'upsert',
  ): Promise<AlarmLimitRecord[] | null> {
    const scope = authorize(caller, READ, MANAGE);
    const limits = body.alarmLimits;
    let owner: LimitOwner;
    let organizationId: string;
    let deviceIds: string[];
    let targetName: string;
    let known: MeasurementRecord[];
    if (body.deviceId) {
      const device = await read(scope, body.deviceId);
      const type = await measurements.findDeviceType(scope, device.deviceTypeId);
      if (!type) throw notFound('DEVICE_TYPE_NOT_FOUND');
      requireOfType(type, limits);
      if (mode === 'upsert' && !body.deviceText) {
        throw invalid({ deviceText: 'validation.required' });
      }
      owner = { deviceId: device.deviceId };
      organizationId = device.deviceOrganizationId;
      deviceIds = [device.deviceId];
      targetName = device.Target.targetName;
      known = type.Measurements;
    } else {
      const target = await devices.findTarget(scope, body.targetId as string);
      if (!target) throw notFound('TARGET_NOT_FOUND');
      known = await measurements.listMeasurements(scope, {
        measurementIds: [...new Set(limits.map((l) => l.measurementId))],
        organizationId: target.organizationId,
      });
      if (known.length !== new Set(limits.map((l) => l.measurementId)).size) {
        throw notFound('MEASUREMENT_NOT_FOUND');
      }
      owner = { targetId: target.targetId };
      organizationId = target.organizationId;
      deviceIds = await devices.idsOnTarget(scope, target.targetId);
      targetName = target.targetName;
    }
    const deviceText = body.deviceText ?? translate('fi', 'messages.device.alarmLimitsSaved');
    await audited(scope, async () => {
      const { written, before } = await devices.writeLimits(
        scope,
        organizationId,
        owner,
        limits,
        mode,
      );
      if (written !== limits.length) throw new AppError(409, 'ALARM_LIMIT_EXISTS');
      const changes = {
        ...('targetId' in owner && { level: 'target' }),
        ...limitChanges(known, limits),
        ...(before.size > 0 && {
          before: limitChanges(known, [...before.values()]),
        }),
      };
      for (const deviceId of deviceIds) {
        await devices.insertHistory(scope, {
          organizationId,
          deviceId,
          kind: 'limits',
          targetName,
          deviceText,
          changes,
        });
      }
      return {
        action: 'alarmLimits.set',
        entityId: 'deviceId' in owner ? owner.deviceId : owner.targetId,
        organizationId,
        details: { ...owner, alarmLimits: limits },
      };
    });
    return body.deviceId ? effectiveLimits(scope, body.deviceId) : null;
  }

  /** Per measurement of the device's type: its own limit, else its target's, else the default. */
  async function effectiveLimits(scope: Scope, deviceId: string): Promise<AlarmLimitRecord[]> {
    const device = await read(scope, deviceId);
    const type = await measurements.findDeviceType(scope, device.deviceTypeId);
    if (!type) throw notFound('DEVICE_TYPE_NOT_FOUND');
    const rows = await devices.limitsOf(scope, device);
    return type.Measurements.map((m) => {
      const own = rows.find((r) => r.deviceId && r.measurementId === m.measurementId);
      const ofTarget = rows.find((r) => r.targetId && r.measurementId === m.measurementId);
      const base = {
        measurementId: m.measurementId,
        measurementName: m.measurementName,
        measurementUnit: m.measurementUnit,
        deviceId,
      };
      if (own)
        return { ...base, lowLimit: own.lowLimit, highLimit: own.highLimit, source: 'device' };
      if (ofTarget) {
        return {
          ...base,
          lowLimit: ofTarget.lowLimit,
          highLimit: ofTarget.highLimit,
          source: 'target',
        };
      }
      const hasDefault = m.measurementMinDefault !== null || m.measurementMaxDefault !== null;
      return {
        ...base,
        lowLimit: m.measurementMinDefault,
        highLimit: m.measurementMaxDefault,
        source: hasDefault ? 'type' : null,
      };
    });
  }

  return {
    /** Devices of the targets the caller sees. */
    list: (caller: Caller) => devices.list(authorize(caller, READ)),

    /** The admin list: every device of the organization (every organization: top role). */
    listAdmin: (caller: Caller) => devices.list(authorize(caller, READ, MANAGE)),

    async listOfOrganization(caller: Caller, organizationId: string): Promise<DeviceRecord[]> {
      const scope = authorize(caller, READ);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return devices.list(scope, { organizationId });
    },

    async listOfTarget(caller: Caller, targetId: string): Promise<DeviceRecord[]> {
      const scope = authorize(caller, READ);
      if (!(await devices.findTarget(scope, targetId))) throw notFound('TARGET_NOT_FOUND');
      return devices.list(scope, { targetId });
    },

    /**
     * A target's devices for GET /api/targets/{id}: a caller without the Vainu permission gets
     * an empty list (the target itself is checked by the targets module).
     */
    async ofTargetIfAllowed(caller: Caller, targetId: string): Promise<DeviceRecord[]> {
      let scope: Scope;
      try {
        scope = authorize(caller, READ);
      } catch {
        return [];
      }
      return devices.list(scope, { targetId });
    },

    get: (caller: Caller, deviceId: string) => read(authorize(caller, READ), deviceId),

    /** The latest values of the devices the caller sees (others: none), by device id. */
    latestValuesOf: (caller: Caller, deviceIds: readonly string[]) =>
      latestValues(authorize(caller, READ), deviceIds),

    /**
     * The device page: the device with its health and the latest value of each measurement a
     * Käyttäjä's links show (as measurementsOf).
     */
    async overview(caller: Caller, deviceId: string) {
      const scope = authorize(caller, READ);
      const device = await read(scope, deviceId);
      const [latest, shown] = await Promise.all([
        latestValues(scope, [deviceId]),
        measurementsShown(caller, scope, device),
      ]);
      const ids = new Set(shown.map((m) => m.measurementId));
      return {
        device,
        latest: (latest.get(deviceId) ?? []).filter((value) => ids.has(value.measurementId)),
      };
    },

    async create(caller: Caller, input: CreateDeviceBody): Promise<DeviceRecord> {
      const body = input as CreateBody;
      const scope = authorize(caller, READ, MANAGE);
      // Another organization's target or type answers 404 before the organization is judged,
      // so a 403 never concerns someone else's records (ADR 0007).
      if (scope.organizationId !== null) await placement(scope, scope.organizationId, body);
      const organizationId = homeOrganization(
        scope,
        body.deviceOrganizationId,
        'deviceOrganizationId',
      );
      if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      const { target, type } = await placement(scope, organizationId, body);
      requireOfType(type, body.alarmLimits);
      const values = valuesOf(body, organizationId);
      const { entityId: deviceId } = await audited(scope, async () => {
        const id = await devices.insert(scope, values);
        await devices.insertHistory(scope, {
          organizationId,
          deviceId: id,
          kind: 'device',
          targetName: target.targetName,
          deviceText: body.deviceText || translate('fi', 'messages.device.firstHistoryNote'),
          changes: wireValues(values),
        });
        if (body.alarmLimits.length > 0) {
          await devices.writeLimits(
            scope,
            organizationId,
            { deviceId: id },
            body.alarmLimits,
            'insert',
          );
          await devices.insertHistory(scope, {
            organizationId,
            deviceId: id,
            kind: 'limits',
            targetName: target.targetName,
            deviceText: body.deviceText || translate('fi', 'messages.device.firstHistoryNote'),
            changes: limitChanges(type.Measurements, body.alarmLimits),
          });
        }
        return {
          action: 'device.create',
          entityId: id,
          organizationId,
          details: { ...wireValues(values), alarmLimits: body.alarmLimits },
        };
      }).catch((err) => {
        throw duplicate(err);
      });
      return read(scope, deviceId);
    },

    async update(caller: Caller, input: UpdateDeviceBody): Promise<DeviceRecord> {
      const body = input as UpdateBody;
      const scope = authorize(caller, READ, MANAGE);
      const before = await read(scope, body.deviceId);
      const organizationId = before.deviceOrganizationId;
      if (body.deviceOrganizationId && body.deviceOrganizationId !== organizationId) {
        // A device stays in its organization; anyone but the top role may not even ask.
        if (!crossesOrganizations(scope)) throw forbidden();
        throw invalid({ deviceOrganizationId: 'validation.invalidValue' });
      }
      const { target } = await placement(scope, organizationId, body);
      const values = valuesOf(body, organizationId);
      const previous = wireValues({
        ...values,
        ...Object.fromEntries(Object.entries(before).filter(([key]) => key in values)),
        deviceLatitude: before.deviceGeoInfo.latitude,
        deviceLongitude: before.deviceGeoInfo.longitude,
        organizationId,
      } as DeviceValues);
      const changes = changedValues(previous, wireValues(values));
      await audited(scope, async () => {
        if ((await devices.update(scope, body.deviceId, values)) === 0) {
          throw notFound('DEVICE_NOT_FOUND');
        }
        await devices.insertHistory(scope, {
          organizationId,
          deviceId: body.deviceId,
          kind: 'device',
          targetName: target.targetName,
          deviceText: body.deviceText,
          changes,
        });
        return {
          action: 'device.update',
          entityId: body.deviceId,
          organizationId,
          details: changes,
        };
      }).catch((err) => {
        throw duplicate(err);
      });
      return read(scope, body.deviceId);
    },

    alarmLimits: (caller: Caller, deviceId: string) =>
      effectiveLimits(authorize(caller, READ), deviceId),

    addLimits: (caller: Caller, body: AlarmLimitsBody) => setLimits(caller, body, 'insert'),
    saveLimits: (caller: Caller, body: AlarmLimitsBody) => setLimits(caller, body, 'upsert'),

    async history(
      caller: Caller,
      deviceId: string,
      kind: 'device' | 'limits',
    ): Promise<DeviceHistoryEntry[]> {
      const scope = authorize(caller, READ);
      await read(scope, deviceId);
      return devices.listHistory(scope, deviceId, kind);
    },

    /** A note in the device's history, always the caller's own. */
    async addHistory(
      caller: Caller,
      body: { deviceId: string; deviceText: string; userId?: string | undefined },
    ): Promise<DeviceHistoryEntry> {
      const scope = authorize(caller, READ, MANAGE);
      if (body.userId && body.userId !== caller.userId) {
        throw invalid({ userId: 'validation.device.userNotCaller' });
      }
      const device = await read(scope, body.deviceId);
      const id = await db.transaction(() =>
        devices.insertHistory(scope, {
          organizationId: device.deviceOrganizationId,
          deviceId: device.deviceId,
          kind: 'device',
          targetName: device.Target.targetName,
          deviceText: body.deviceText,
          changes: {},
        }),
      );
      const [entry] = (await devices.listHistory(scope, device.deviceId, 'device')).filter(
        (e) => e.id === id,
      );
      if (!entry) throw notFound('DEVICE_NOT_FOUND');
      return entry;
    },

    /**
     * The measurements of the device's type. A Käyttäjä linked to the device sees only the
     * measurements their links choose (spec 001 §3 device-to-user link); without a link, all.
     */
    async measurementsOf(caller: Caller, deviceId: string) {
      const scope = authorize(caller, READ);
      return measurementsShown(caller, scope, await read(scope, deviceId));
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
