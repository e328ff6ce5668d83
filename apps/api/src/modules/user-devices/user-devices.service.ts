import type { CreateUserDeviceBody, UpdateUserDeviceBody, UserDeviceRecord } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import { authorize, crossesOrganizations, homeOrganization } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { DevicesRepository } from '../devices/devices.repository.js';
import type { MeasurementsRepository } from '../measurements/measurements.repository.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { UserDevicesRepository } from './user-devices.repository.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const MANAGE = { do: 'manageDevices' } as const;

/**
 * Device-to-user links of Vainu (spec 001 §3): which users follow which devices, and which
 * measurements of each they see. Everyone with the Vainu permission reads their own links;
 * `manageDevices` lists the organization's and links devices to users.
 */
export function createUserDevicesService({
  db,
  links,
  devices,
  measurements,
  organizations,
  audit,
}: {
  db: Db;
  links: UserDevicesRepository;
  devices: Pick<DevicesRepository, 'find' | 'findTarget'>;
  measurements: Pick<MeasurementsRepository, 'findDeviceType'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  /** Each chosen measurement must be one of the device type's (400 naming the choice). */
  async function checkMeasurements(
    scope: Scope,
    deviceTypeId: string,
    choices: CreateUserDeviceBody['deviceMeasurements'],
  ) {
    const type = await measurements.findDeviceType(scope, deviceTypeId);
    if (!type) throw notFound('DEVICE_TYPE_NOT_FOUND');
    const known = new Set(type.Measurements.map((m) => m.measurementId));
    choices.forEach((choice, index) => {
      if (!Object.keys(choice).every((key) => known.has(key))) {
        throw new AppError(400, 'VALIDATION_FAILED', {
          [`deviceMeasurements.${index}`]: 'validation.device.measurementNotOfType',
        });
      }
    });
  }

  /** A link the scope may change, else USER_DEVICE_NOT_FOUND. */
  async function linkOf(scope: Scope, id: string) {
    const [link] = await links.list(scope, { ids: [id] });
    if (!link) throw notFound('USER_DEVICE_NOT_FOUND');
    return link;
  }

  return {
    /** The caller's own device links (what they follow). */
    listOwn: (caller: Caller) => {
      const scope = authorize(caller, READ);
      return links.list(scope, { userId: caller.userId });
    },

    /** Every device link of the organization (every organization: top role). */
    listAdmin: (caller: Caller) => links.list(authorize(caller, READ, MANAGE)),

    async listOfOrganization(caller: Caller, organizationId: string) {
      const scope = authorize(caller, READ, MANAGE);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return links.list(scope, { organizationId });
    },

    /**
     * Links a device (and the chosen measurements of its type) to a user of the organization.
     * The user, the target and the device on it must be the organization's, else their 404.
     */
    async create(caller: Caller, body: CreateUserDeviceBody): Promise<UserDeviceRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const check = async (organizationId: string) => {
        if (!(await links.isUserOf(scope, organizationId, body.deviceUserId))) {
          throw notFound('USER_NOT_FOUND');
        }
        const target = await devices.findTarget(scope, body.targetId);
        if (!target || target.organizationId !== organizationId) throw notFound('TARGET_NOT_FOUND');
        const device = await devices.find(scope, body.deviceId);
        if (!device || device.deviceTargetId !== target.targetId)
          throw notFound('DEVICE_NOT_FOUND');
        return device;
      };
      // Records the caller cannot see answer 404 before the organization is judged (ADR 0007).
      if (scope.organizationId !== null) await check(scope.organizationId);
      const organizationId = homeOrganization(scope, body.organizationId, 'organizationId');
      if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      const device = await check(organizationId);
      await checkMeasurements(scope, device.deviceTypeId, body.deviceMeasurements);
      const values = {
        organizationId,
        deviceUserId: body.deviceUserId,
        targetId: body.targetId,
        deviceId: body.deviceId,
        deviceMeasurements: body.deviceMeasurements,
        measurementsState: body.measurementsState,
      };
      const id = await db
        .transaction(async () => {
          const newId = await links.insert(scope, values);
          await audit.record(scope, {
            action: 'userDevice.create',
            entityId: newId,
            organizationId,
            details: values,
          });
          return newId;
        })
        .catch((err) => {
          throw isUniqueViolation(err, 'user_devices_user_device_key')
            ? new AppError(409, 'USER_DEVICE_EXISTS', { deviceId: 'errors.USER_DEVICE_EXISTS' })
            : err;
        });
      const [created] = await links.list(scope, { ids: [id] });
      if (!created) throw notFound('DEVICE_NOT_FOUND');
      return created;
    },

    /** Which of the device's measurements the user sees, and the link's state. */
    async update(caller: Caller, body: UpdateUserDeviceBody): Promise<UserDeviceRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const link = await linkOf(scope, body.id);
      const device = await devices.find(scope, link.deviceId);
      if (!device) throw notFound('DEVICE_NOT_FOUND');
      await checkMeasurements(scope, device.deviceTypeId, body.deviceMeasurements);
      const values = {
        deviceMeasurements: body.deviceMeasurements,
        measurementsState: body.measurementsState,
      };
      await audited(scope, async () => {
        const [changed] = await links.update(scope, link.id, values);
        requireWritten(changed, 'USER_DEVICE_NOT_FOUND');
        return {
          action: 'userDevice.update',
          entityId: link.id,
          organizationId: link.organizationId,
          details: values,
        };
      });
      return linkOf(scope, link.id);
    },

    /** Unlinks the device from the user (the user stops following it). */
    async remove(caller: Caller, id: string): Promise<void> {
      const scope = authorize(caller, READ, MANAGE);
      const link = await linkOf(scope, id);
      await audited(scope, async () => {
        const [removed] = await links.remove(scope, link.id);
        requireWritten(removed, 'USER_DEVICE_NOT_FOUND');
        return {
          action: 'userDevice.remove',
          entityId: link.id,
          organizationId: link.organizationId,
          details: { deviceUserId: link.deviceUserId, deviceId: link.deviceId },
        };
      });
    },
  };
}

export type UserDevicesService = ReturnType<typeof createUserDevicesService>;
