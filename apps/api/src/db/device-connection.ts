import type { DeviceConnection } from '@vahti/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { devices, deviceTypes, measurementData } from './schema/index.js';

/**
 * The one definition of a device's connection (issue 27), shared by the offline alarm sweep,
 * the Vainu dashboard's lists and its doughnuts, so they cannot disagree:
 *
 * - `passive`: the device is not Aktiivinen (out of use: never judged);
 * - `neverReported`: no reading of it was ever stored ('Ei koskaan raportoinut'; no
 *   'Ei yhteyttä' alarm, which tells of a connection lost);
 * - `silent`: its type has an offline limit and its newest reading's *measurement* time plus that
 *   limit is at or before `now` ('Ei yhteyttä'). The measurement time, not when the reading
 *   arrived: a gateway returning with its backlog delivers old readings now, and the device is
 *   silent until a reading measured within the limit arrives;
 * - `reporting`: everything else (a type without a limit is never judged silent: its form says
 *   "Tyhjä: ei yhteyskatkohälytystä").
 *
 * Use: `.from(devices).innerJoin(deviceTypes, …).leftJoinLateral(connection.newest, sql\`true\`)`,
 * then select `connection.state` (and `newest.createdAt` / `newest.receivedAt`). One backward
 * index probe into measurement_data per device.
 */
export function deviceConnectionOf(db: Db, now: Date) {
  const newest = db
    .select({ createdAt: measurementData.createdAt, receivedAt: measurementData.receivedAt })
    .from(measurementData)
    .where(eq(measurementData.deviceId, devices.deviceId))
    .orderBy(desc(measurementData.createdAt))
    .limit(1)
    .as('newest');
  const state = sql<DeviceConnection>`case
    when ${devices.deviceState} <> 'Aktiivinen' then 'passive'
    when ${newest.createdAt} is null then 'neverReported'
    when ${deviceTypes.deviceTypeOfflineAfterMinutes} is not null
      and ${newest.createdAt} + make_interval(mins => ${deviceTypes.deviceTypeOfflineAfterMinutes}) <= ${now.toISOString()}::timestamptz
      then 'silent'
    else 'reporting' end`;
  return { newest, state };
}
