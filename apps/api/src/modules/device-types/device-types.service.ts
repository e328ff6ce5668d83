import {
  type CodecTestBody,
  type CodecTestResponse,
  type CreateDeviceTypeBody,
  DECODED_PATH,
  type DeviceTypeAlarmSettingsBody,
  type DeviceTypeRecord,
  FRAME_FIELDS_MAX,
  legacyLayoutFrames,
  type MeasurementRecord,
  OFFLINE_AFTER_MINUTES,
  type UpdateDeviceTypeBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { changedValues } from '../../lib/changed-values.js';
import { AppError, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AlarmsRepository } from '../alarms/alarms.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { DeviceNetworkClient } from '../device-network/device-network.client.js';
import { payloadBytes } from '../ingest/codecs/layout.js';
import { compileCodec, decodeWith, type ScriptRun } from '../ingest/decoder.js';
import type {
  DeviceTypeValues,
  MeasurementsRepository,
  TypeMeasurementValues,
} from '../measurements/measurements.repository.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { DeviceTypesRepository } from './device-types.repository.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const MANAGE = { do: 'manageDevices' } as const;

type TypeBody = Omit<UpdateDeviceTypeBody, 'deviceTypeState'> & {
  deviceTypeState?: UpdateDeviceTypeBody['deviceTypeState'];
};

const nameTaken = (err: unknown) =>
  isUniqueViolation(err, 'device_types_organization_name_key')
    ? new AppError(409, 'DEVICE_TYPE_NAME_TAKEN', {
        deviceTypeName: 'errors.DEVICE_TYPE_NAME_TAKEN',
      })
    : err;

/** The sandbox as the type form uses it: a script checked before saving, and run on a sample. */
export interface ScriptSandbox {
  check(script: string): { ok: true } | { ok: false; message: string };
  decode: ScriptRun;
}

/** Uplinks a device may miss before it counts as silent: one lost radio frame is no outage. */
const MISSED_UPLINKS = 3;

/**
 * The offline limit of a type made from a ChirpStack profile: three of the profile's expected
 * uplink intervals (ChirpStack itself calls a device inactive past 1.5), in whole minutes within
 * the type form's range; none when the profile gives no interval (no offline alarm, as the form's
 * empty field means).
 */
export function offlineLimitOf(uplinkIntervalSeconds: number | undefined): number | null {
  if (!uplinkIntervalSeconds) return null;
  const minutes = Math.ceil((MISSED_UPLINKS * uplinkIntervalSeconds) / 60);
  return Math.min(OFFLINE_AFTER_MINUTES.max, Math.max(OFFLINE_AFTER_MINUTES.min, minutes));
}

/**
 * Device types of Vainu (issue 25, ADR 0036): an organization's own; everyone with the Vainu
 * permission reads them, `manageDevices` (Ylläpitäjä and up) creates, edits, copies and retires
 * them, the top administrator in any organization. A type's codec says where its values come
 * from; editing it never rewrites stored readings (they hold values, not payloads).
 */
export function createDeviceTypesService({
  db,
  measurements,
  deviceTypes,
  alarms,
  organizations,
  profiles,
  audit,
  scripts,
}: {
  profiles: Pick<DeviceNetworkClient, 'getDeviceProfile'>;
  db: Db;
  measurements: MeasurementsRepository;
  deviceTypes: DeviceTypesRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  alarms: Pick<AlarmsRepository, 'endPendingOfType'>;
  audit: AuditService;
  /** The JavaScript codec sandbox: checks a script before it is saved, runs the test bench. */
  scripts?: (() => Promise<ScriptSandbox>) | undefined;
}) {
  const audited = auditedChanges({ db, audit });

  /**
   * The organization a type is made in: the caller's own; the top administrator names any
   * (404 when it does not exist), others naming another get 403 (ADR 0007).
   */
  async function organizationFor(scope: Scope, caller: Caller, requested: string | undefined) {
    const organizationId = homeOrganization(
      scope,
      requested ?? caller.organizationId,
      'organizationId',
    );
    if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    return organizationId;
  }

  async function readType(scope: Scope, deviceTypeId: string): Promise<DeviceTypeRecord> {
    const found = await measurements.findDeviceType(scope, deviceTypeId);
    if (!found) throw notFound('DEVICE_TYPE_NOT_FOUND');
    return found;
  }

  /** The body's measurements, each of `organizationId`: 400 naming the row otherwise. */
  async function measurementsOf(
    scope: Scope,
    organizationId: string,
    rows: { measurementId: string }[],
  ): Promise<MeasurementRecord[]> {
    const found = await measurements.listMeasurements(scope, {
      measurementIds: rows.map((row) => row.measurementId),
      organizationId,
    });
    const byId = new Map(found.map((m) => [m.measurementId, m]));
    return rows.map((row, index) => {
      const measurement = byId.get(row.measurementId);
      if (!measurement) {
        throw invalid({ [`measurements.${index}.measurementId`]: 'errors.MEASUREMENT_NOT_FOUND' });
      }
      return measurement;
    });
  }

  async function checkCodec(body: Pick<TypeBody, 'deviceTypeCodec'>) {
    if (body.deviceTypeCodec.source !== 'javascript' || !scripts) return;
    const checked = (await scripts()).check(body.deviceTypeCodec.script);
    if (!checked.ok) {
      throw invalid({ 'deviceTypeCodec.script': 'validation.device.scriptInvalid' });
    }
  }

  const typeMeasurementsOf = (body: Pick<TypeBody, 'measurements'>): TypeMeasurementValues[] =>
    body.measurements.map((m) => ({
      measurementId: m.measurementId,
      decodedPath: m.decodedPath || null,
      decimals: m.decimals ?? null,
    }));

  const valuesOf = (body: TypeBody) => ({
    deviceTypeName: body.deviceTypeName,
    deviceTypeState: body.deviceTypeState ?? 'Aktiivinen',
    deviceTypeDescription: body.deviceTypeDescription || null,
    deviceTypeCodec: body.deviceTypeCodec,
    deviceTypeOfflineAfterMinutes: body.deviceTypeOfflineAfterMinutes,
    deviceTypeAlarmDelayMinutes: body.deviceTypeAlarmDelayMinutes,
  });

  async function insert(
    scope: Scope,
    organizationId: string,
    body: TypeBody,
    deviceProfileId: string | null,
    action: string,
  ): Promise<DeviceTypeRecord> {
    await measurementsOf(scope, organizationId, body.measurements);
    await checkCodec(body);
    const values: DeviceTypeValues = { ...valuesOf(body), organizationId, deviceProfileId };
    const rows = typeMeasurementsOf(body);
    const { entityId } = await audited(scope, async () => {
      const id = await measurements.insertDeviceType(scope, values, rows);
      return { action, entityId: id, organizationId, details: { ...values, measurements: rows } };
    }).catch((err) => {
      throw nameTaken(err);
    });
    return readType(scope, entityId);
  }

  return {
    list: (caller: Caller) => measurements.listDeviceTypes(authorize(caller, READ)),

    /** One device type in a list of one (the spec reads deviceTypes[0].Measurements). */
    async one(caller: Caller, deviceTypeId: string): Promise<DeviceTypeRecord[]> {
      return [await readType(authorize(caller, READ), deviceTypeId)];
    },

    async create(caller: Caller, body: CreateDeviceTypeBody): Promise<DeviceTypeRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const organizationId = await organizationFor(scope, caller, body.organizationId);
      return insert(scope, organizationId, body, null, 'deviceType.create');
    },

    /** Saves every field; a changed alarm delay restarts the waiting counts (ADR 0024). */
    async update(
      caller: Caller,
      deviceTypeId: string,
      body: UpdateDeviceTypeBody,
    ): Promise<DeviceTypeRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const before = await readType(scope, deviceTypeId);
      await measurementsOf(scope, before.organizationId, body.measurements);
      await checkCodec(body);
      const values = valuesOf(body);
      const rows = typeMeasurementsOf(body);
      await audited(scope, async () => {
        requireWritten(
          await measurements.saveDeviceType(scope, deviceTypeId, values, rows),
          'DEVICE_TYPE_NOT_FOUND',
        );
        if (before.deviceTypeAlarmDelayMinutes !== values.deviceTypeAlarmDelayMinutes) {
          await alarms.endPendingOfType(scope, deviceTypeId);
        }
        const beforeRows = before.Measurements.map((m) => ({
          measurementId: m.measurementId,
          decodedPath: m.decodedPath,
          decimals: m.decimals,
        }));
        return {
          action: 'deviceType.update',
          entityId: deviceTypeId,
          organizationId: before.organizationId,
          details: changedValues(
            { ...before, measurements: beforeRows },
            { ...values, measurements: rows },
          ),
        };
      }).catch((err) => {
        throw nameTaken(err);
      });
      return readType(scope, deviceTypeId);
    },

    /** A new type with the same codec and measurements under another name; no profile link. */
    async copy(
      caller: Caller,
      deviceTypeId: string,
      deviceTypeName: string,
    ): Promise<DeviceTypeRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const source = await readType(scope, deviceTypeId);
      return insert(
        scope,
        source.organizationId,
        {
          ...source,
          deviceTypeName,
          deviceTypeState: 'Aktiivinen',
          deviceTypeCodec: source.deviceTypeCodec ?? {
            source: 'layout',
            frames: legacyLayoutFrames(source.Measurements),
          },
          measurements: source.Measurements.map((m) => ({
            measurementId: m.measurementId,
            decodedPath: m.decodedPath,
            decimals: m.decimals,
          })),
        } as TypeBody,
        null,
        'deviceType.copy',
      );
    },

    /** Real payloads of the type's devices, newest first, to replay through an edited codec. */
    async samples(caller: Caller, deviceTypeId: string) {
      const scope = authorize(caller, READ, MANAGE);
      await readType(scope, deviceTypeId);
      return deviceTypes.samples(scope, deviceTypeId);
    },

    /**
     * A codec tried on one payload (or decoded object) before it is saved: the values it would
     * store, named, or the reason the uplink would be rejected. Reads measurements only.
     */
    async testCodec(caller: Caller, body: CodecTestBody): Promise<CodecTestResponse> {
      const scope = authorize(caller, READ, MANAGE);
      const organizationId = await organizationFor(scope, caller, body.organizationId);
      const known = await measurementsOf(scope, organizationId, body.measurements);
      const bytes = payloadBytes(body.payload);
      if (!bytes) throw invalid({ payload: 'validation.device.payloadFormat' });
      const sandbox =
        body.deviceTypeCodec.source === 'javascript' && scripts ? await scripts() : undefined;
      if (body.deviceTypeCodec.source === 'javascript' && sandbox) {
        const checked = sandbox.check(body.deviceTypeCodec.script);
        if (!checked.ok) {
          return {
            message: '',
            bytes: hex(bytes),
            values: [],
            reason: 'codecFailed',
            detail: checked.message,
          };
        }
      }
      const rows = known.map((m, i) => ({
        ...m,
        signed: m.measurementSigned,
        scale: m.measurementScale,
        valueOffset: m.measurementOffset,
        byteOrder: m.measurementByteOrder,
        decodedPath: body.measurements[i]?.decodedPath ?? null,
        decimals: body.measurements[i]?.decimals ?? null,
      }));
      const compiled = compileCodec(`test:${body.deviceTypeCodec.source}`, {
        codec: body.deviceTypeCodec,
        rows,
      });
      const decoded = decodeWith(
        compiled,
        {
          payload: Buffer.from(bytes).toString('base64'),
          decoded: body.decoded,
          strict: false,
          fPort: body.fPort,
        },
        sandbox && ((...args) => sandbox.decode(...args)),
      );
      const names = new Map(known.map((m) => [m.measurementId, m.measurementName]));
      if ('reason' in decoded) {
        return {
          message: '',
          bytes: hex(bytes),
          values: [],
          reason: decoded.reason,
          ...(decoded.field && { field: decoded.field }),
          ...(decoded.detail && { detail: decoded.detail }),
        };
      }
      return {
        message: '',
        bytes: hex(bytes),
        values: Object.entries(decoded.values).map(([measurementId, value]) => ({
          measurementId,
          measurementName: names.get(measurementId) ?? measurementId,
          value,
        })),
      };
    },

    /**
     * A type made from a ChirpStack v4 device profile, linked to it: each of the profile's
     * measurements but text ones (STRING) becomes a measurement of the type, the organization's
     * of that name or a new one (quantity other: the admin sets it), read at ChirpStack's key;
     * a profile with a JavaScript codec brings it along (run in our sandbox), else the network
     * server's decoded object is read.
     */
    async fromProfile(caller: Caller, deviceProfileId: string): Promise<DeviceTypeRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const organizationId = caller.organizationId;
      const { status, profile } = await profiles.getDeviceProfile(deviceProfileId);
      // No network server configured: it has no profiles to find.
      if (status === 'notConfigured') throw notFound('deviceProfileLinks.DEVICE_PROFILE_NOT_FOUND');
      if (status !== 'ok') throw new AppError(502, 'deviceProfileLinks.DEVICE_NETWORK_UNAVAILABLE');
      if (!profile) throw notFound('deviceProfileLinks.DEVICE_PROFILE_NOT_FOUND');
      const keys = Object.entries(profile.measurements)
        .filter(([key, m]) => m.kind !== 'STRING' && DECODED_PATH.test(key))
        .slice(0, FRAME_FIELDS_MAX);
      if (keys.length === 0) {
        throw invalid({ deviceProfileId: 'validation.device.measurementsRequired' });
      }
      const codec: UpdateDeviceTypeBody['deviceTypeCodec'] =
        profile.payloadCodecRuntime === 'JS' && profile.payloadCodecScript
          ? { source: 'javascript', script: profile.payloadCodecScript }
          : { source: 'networkServer' };
      const { entityId } = await audited(scope, async () => {
        const known = new Map(
          (await measurements.listMeasurements(scope, { organizationId })).map((m) => [
            m.measurementName,
            m.measurementId,
          ]),
        );
        const rows: TypeMeasurementValues[] = [];
        for (const [key, m] of keys) {
          const name = (m.name?.trim() || key).slice(0, 100);
          let measurementId = known.get(name);
          if (!measurementId) {
            measurementId = await measurements.insertMeasurement(scope, {
              organizationId,
              measurementName: name,
              measurementSizeInBytes: 1,
              measurementBitNumber: 1,
            });
            known.set(name, measurementId);
          }
          if (!rows.some((row) => row.measurementId === measurementId)) {
            rows.push({ measurementId, decodedPath: key, decimals: null });
          }
        }
        const values: DeviceTypeValues = {
          organizationId,
          deviceTypeName: profile.name.slice(0, 100),
          deviceTypeState: 'Aktiivinen',
          deviceTypeDescription: null,
          deviceTypeCodec: codec,
          deviceTypeOfflineAfterMinutes: offlineLimitOf(profile.uplinkInterval),
          deviceTypeAlarmDelayMinutes: null,
          deviceProfileId,
        };
        const id = await measurements.insertDeviceType(scope, values, rows);
        return {
          action: 'deviceType.fromProfile',
          entityId: id,
          organizationId,
          details: { ...values, deviceTypeCodec: codec.source, measurements: rows },
        };
      }).catch((err) => {
        if (isUniqueViolation(err, 'device_types_organization_profile_key')) {
          throw new AppError(409, 'deviceProfileLinks.DEVICE_PROFILE_LINKED', {
            deviceProfileId: 'errors.deviceProfileLinks.DEVICE_PROFILE_LINKED',
          });
        }
        throw nameTaken(err);
      });
      return readType(scope, entityId);
    },

    /**
     * Links the organization's device type to a device-network profile (null removes the link).
     * A profile links to one type per organization: 409 when another type has it already.
     */
    async linkDeviceProfile(
      caller: Caller,
      deviceTypeId: string,
      deviceProfileId: string | null,
    ): Promise<DeviceTypeRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const before = await readType(scope, deviceTypeId);
      await audited(scope, async () => {
        requireWritten(
          await measurements.updateDeviceType(scope, deviceTypeId, { deviceProfileId }),
          'DEVICE_TYPE_NOT_FOUND',
        );
        return {
          action: 'deviceType.deviceProfile',
          entityId: deviceTypeId,
          organizationId: before.organizationId,
          details: { deviceProfileId: [before.deviceProfileId, deviceProfileId] },
        };
      }).catch((err) => {
        throw isUniqueViolation(err, 'device_types_organization_profile_key')
          ? new AppError(409, 'deviceProfileLinks.DEVICE_PROFILE_LINKED', {
              deviceProfileId: 'errors.deviceProfileLinks.DEVICE_PROFILE_LINKED',
            })
          : err;
      });
      return readType(scope, deviceTypeId);
    },

    /**
     * Sets the type's offline alarm limit and alarm delay (ADR 0024). A changed delay restarts
     * the waiting counts of the type's devices: counted under the old rule they mean nothing.
     */
    async setAlarmSettings(
      caller: Caller,
      deviceTypeId: string,
      settings: DeviceTypeAlarmSettingsBody,
    ): Promise<DeviceTypeRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const before = await readType(scope, deviceTypeId);
      await audited(scope, async () => {
        requireWritten(
          await measurements.updateDeviceType(scope, deviceTypeId, settings),
          'DEVICE_TYPE_NOT_FOUND',
        );
        if (before.deviceTypeAlarmDelayMinutes !== settings.deviceTypeAlarmDelayMinutes) {
          await alarms.endPendingOfType(scope, deviceTypeId);
        }
        return {
          action: 'deviceType.alarmSettings',
          entityId: deviceTypeId,
          organizationId: before.organizationId,
          details: {
            deviceTypeOfflineAfterMinutes: [
              before.deviceTypeOfflineAfterMinutes,
              settings.deviceTypeOfflineAfterMinutes,
            ],
            deviceTypeAlarmDelayMinutes: [
              before.deviceTypeAlarmDelayMinutes,
              settings.deviceTypeAlarmDelayMinutes,
            ],
          },
        };
      });
      return readType(scope, deviceTypeId);
    },
  };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export type DeviceTypesService = ReturnType<typeof createDeviceTypesService>;
