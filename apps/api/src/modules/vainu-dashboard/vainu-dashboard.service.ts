import type { VainuDashboardDevice, VainuDashboardResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { AlarmsService } from '../alarms/alarms.service.js';
import type { IngestRepository } from '../ingest/ingest.repository.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { VainuDashboardRepository } from './vainu-dashboard.repository.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;

/**
 * The Vainu device dashboard (spec 001 §2 Vainu 1): the organization's devices ok versus in
 * alarm ("in alarm" = in the organization's alarm list, i.e. with an open alarm; the alarms
 * module decides), the same per target that has devices, and per device when it was last heard
 * of and whether it has gone silent.
 */
export function createVainuDashboardService({
  dashboard,
  organizations,
  alarms,
  readings,
  offlineAfterMinutes,
  now = () => Date.now(),
}: {
  dashboard: VainuDashboardRepository;
  organizations: Pick<OrganizationsRepository, 'find'>;
  alarms: Pick<AlarmsService, 'devicesInAlarm'>;
  readings: Pick<IngestRepository, 'lastSeenOf'>;
  /** A device silent for longer is offline unless its type has an offline limit (DEVICE_OFFLINE_AFTER_MINUTES). */
  offlineAfterMinutes: number;
  now?: () => number;
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
        dashboard.listDevices(scope, organizationId),
        alarms.devicesInAlarm(caller, organizationId),
      ]);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const lastSeen = new Map(
        (
          await readings.lastSeenOf(
            scope,
            rows.map((row) => row.deviceId),
          )
        ).map((row) => [row.deviceId, row]),
      );
      const inAlarm = new Set(alarmed);
      // Silent for longer than its type's offline limit (the one its 'Ei yhteyttä' alarm opens
      // at, ADR 0024), else than DEVICE_OFFLINE_AFTER_MINUTES.
      const silentSince = (minutes: number | null) =>
        now() - (minutes ?? offlineAfterMinutes) * 60_000;

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
            counts: { devices: 0, inAlarm: 0 },
          };
          targets.set(row.targetId, target);
        }
        target.counts.devices += 1;
        if (alarm) target.counts.inAlarm += 1;
        const seen = lastSeen.get(row.deviceId);
        devices.push({
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          deviceLocation: row.deviceLocation,
          deviceState: row.deviceState,
          targetId: row.targetId,
          targetName: row.targetName,
          inAlarm: alarm,
          lastSeenAt: seen?.createdAt.toISOString() ?? null,
          lastReceivedAt: seen?.receivedAt.toISOString() ?? null,
          offline:
            row.deviceState === 'Aktiivinen' &&
            (!seen || seen.receivedAt.getTime() < silentSince(row.offlineAfterMinutes)),
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
          counts: { devices: rows.length, inAlarm: devices.filter((d) => d.inAlarm).length },
        },
        targets: [...targets.values()],
        devices,
        offlineAfterMinutes,
      };
    },
  };
}

export type VainuDashboardService = ReturnType<typeof createVainuDashboardService>;
