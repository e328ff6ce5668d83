import type { VainuDashboardDevice, VainuDashboardResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { AlarmsService } from '../alarms/alarms.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { VainuDashboardRepository } from './vainu-dashboard.repository.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;

/**
 * The Vainu device dashboard (spec 001 §2 Vainu 1): the organization's devices ok versus in
 * alarm ("in alarm" = in the organization's alarm list, i.e. with an open alarm; the alarms
 * module decides) versus never reported, the same per target that has devices, and per device
 * when it was last heard of, its connection (the definition the offline alarm sweep shares) and
 * its latest values.
 */
export function createVainuDashboardService({
  dashboard,
  organizations,
  alarms,
  devices: deviceValues,
  now = () => new Date(),
}: {
  dashboard: VainuDashboardRepository;
  organizations: Pick<OrganizationsRepository, 'find'>;
  alarms: Pick<AlarmsService, 'devicesInAlarm'>;
  devices: Pick<DevicesService, 'latestValuesOf'>;
  now?: () => Date;
}) {
  return {
    async get(
      caller: Caller,
      organizationId = caller.organizationId,
    ): Promise<Omit<VainuDashboardResponse, 'message'>> {
      const scope = authorize(caller, VAINU);
      // Side by side: an organization out of the scope finds no devices and no alarms either.
      const [organization, rows, alarmed] = await Promise.all([
        organizations.find(scope, organizationId),
        dashboard.listDevices(scope, organizationId, now()),
        alarms.devicesInAlarm(caller, organizationId),
      ]);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const latest = await deviceValues.latestValuesOf(
        caller,
        rows.map((row) => row.deviceId),
      );
      const inAlarm = new Set(alarmed);
      const total = { devices: 0, inAlarm: 0, neverReported: 0 };
      const count = (counts: typeof total, alarm: boolean, never: boolean) => {
        counts.devices += 1;
        if (alarm) counts.inAlarm += 1;
        else if (never) counts.neverReported += 1;
      };

      const targets = new Map<string, VainuDashboardResponse['targets'][number]>();
      const devices: VainuDashboardDevice[] = [];
      for (const row of rows) {
        const alarm = inAlarm.has(row.deviceId);
        let target = targets.get(row.targetId);
        if (!target) {
          target = {
            targetId: row.targetId,
            targetName: row.targetName,
            targetAddress: row.targetAddress,
            targetZipCode: row.targetZipCode,
            targetPostalDistrict: row.targetPostalDistrict,
            counts: { devices: 0, inAlarm: 0, neverReported: 0 },
          };
          targets.set(row.targetId, target);
        }
        const never = row.connection === 'neverReported';
        count(target.counts, alarm, never);
        count(total, alarm, never);
        devices.push({
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          deviceLocation: row.deviceLocation,
          deviceState: row.deviceState,
          targetId: row.targetId,
          targetName: row.targetName,
          inAlarm: alarm,
          lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
          lastReceivedAt: row.lastReceivedAt?.toISOString() ?? null,
          connection: row.connection,
          latest: latest.get(row.deviceId) ?? [],
        });
      }
      // The most recently heard of first; never heard of last (in register order).
      devices.sort(
        (a, b) =>
          (b.lastSeenAt ? Date.parse(b.lastSeenAt) : -Infinity) -
            (a.lastSeenAt ? Date.parse(a.lastSeenAt) : -Infinity) || 0,
      );
      return {
        organization: {
          organizationId: organization.organizationId,
          organizationName: organization.organizationName,
          organizationAddress: organization.organizationAddress,
          organizationZipCode: organization.organizationZipCode,
          organizationPostalDistrict: organization.organizationPostalDistrict,
          counts: total,
        },
        targets: [...targets.values()],
        devices,
      };
    },
  };
}

export type VainuDashboardService = ReturnType<typeof createVainuDashboardService>;
