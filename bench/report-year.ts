/**
 * The PDF measurement report of one target over a year: 4 devices with a reading every hour
 * (temperature, humidity, CO2; CO2 rising on weekday working hours), alarms through the year (some
 * acknowledged) and a fifth device that sent nothing, over real HTTP with the render threads
 * (the default), the organization's logo uploaded. Prints the time of GET report (CO2), its CPU
 * time and the PDF's size; with REPORT_OUT=<file>
 * it also saves one report there, to look at (pdftoppm -r 60 -png <file> <prefix>).
 * Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a database of its own).
 * Run: npm run bench -- report-year   (ROUNDS=5)
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rollUpReadings } from '../apps/api/src/db/rollup.js';
import { alarmEvents, alarms } from '../apps/api/src/db/schema/index.js';
import { pngImage } from '../apps/api/test/helpers/images.js';
import { serveApp } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { addDevice, addPartitions, addTarget, indoorAirCatalogue } from './lib/fixture.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SD = '2025-11-01';
const ED = '2026-10-31';
const DEVICES = 4;

const database = await openBenchDatabase();
const { db } = database;
const { organizationId: orgId, co2, temperature, humidity, typeId } = await indoorAirCatalogue(db);
const targetId = await addTarget(db, orgId, 'Vuosikoulu', 1, {
  targetAddress: 'Koulukatu 12',
  targetZipCode: '33100',
  targetPostalDistrict: 'Tampere',
  targetType: 'Koulu',
  targetJobNumber: 'V-1',
});
const rooms = ['Luokka 101', 'Luokka 102', 'Liikuntasali', 'Opettajainhuone', 'Varasto'];
const deviceIds: string[] = [];
for (const [d, room] of rooms.entries()) {
  deviceIds.push(
    await addDevice(db, { organizationId: orgId, targetId, typeId }, 900 + d, {
      deviceQrCode: `V-${d}`,
      deviceName: room,
      deviceEui: (0xbf00000000000000n + BigInt(d)).toString(16).toUpperCase(),
      deviceSerialNumber: `V-${d}`,
      deviceLocation: `${Math.floor(d / 2) + 1}. kerros`,
    }),
  );
}
// The last device (Varasto) never sends anything.
const reporting = deviceIds.slice(0, DEVICES);

await addPartitions(db, new Date(`${SD}T00:00:00Z`), new Date(`${ED}T23:59:59Z`));
for (const [d, id] of reporting.entries()) {
  // Finnish-time hour and weekday of t; CO2 climbs on weekdays 8–16, more in the busier rooms.
  await db.execute(sql`
    insert into measurement_data (organization_id, device_id, created_at, f_cnt, dedup_key, data)
    select ${orgId}::uuid, ${id}::uuid, t, 0, 'y:' || extract(epoch from t)::bigint,
      jsonb_build_object(
        ${co2}::text, round((450 + case when extract(isodow from l) < 6
          and extract(hour from l) between 8 and 15
          then ${500 + d * 250} * sin((extract(hour from l) - 7) / 9 * pi()) else 0 end
          + random() * 80)::numeric, 0),
        ${temperature}::text, round((21.5 + 1.5 * sin(extract(epoch from t) / 86400 * 2 * pi())
          + 3 * greatest(0, sin((extract(doy from l) - 120) / 365 * 2 * pi()))
          + random() * 0.4)::numeric, 2),
        ${humidity}::text, round((35 - 12 * cos((extract(doy from l) - 200) / 365 * 2 * pi())
          + random() * 4)::numeric, 1))
    from generate_series((${SD}::date)::timestamp at time zone 'Europe/Helsinki',
      ((${ED}::date + 1)::timestamp at time zone 'Europe/Helsinki') - interval '1 hour',
      interval '1 hour') t,
      lateral (select t at time zone 'Europe/Helsinki' as l) local`);
}
await db.execute(rollUpReadings(sql`m.device_id in ${reporting}`));

// Alarms: the busiest rooms crossed the CO2 high limit now and then, one device went silent
// for a while and one ran low on battery; about half were acknowledged by the demo admin.
const start = Date.parse(`${SD}T00:00:00+02:00`);
const HOUR = 3_600_000;
let n = 0;
for (let day = 3; day < 365; day += 9) {
  const deviceId = reporting[2 + (day % 2)] ?? '';
  const openedAt = new Date(start + day * 24 * HOUR + 10 * HOUR);
  const [alarm] = await db
    .insert(alarms)
    .values({
      organizationId: orgId,
      deviceId,
      measurementId: co2,
      alarmBreakThrough: 'up',
      value: 1250 + (day % 7) * 40,
      limitValue: 1200,
      state: n % 2,
      createdAt: openedAt,
      closedAt: new Date(openedAt.getTime() + (2 + (day % 4)) * HOUR),
    })
    .returning({ id: alarms.id });
  if (alarm && n % 2 === 1) {
    await db.insert(alarmEvents).values({
      organizationId: orgId,
      alarmId: alarm.id,
      kind: 'acknowledged',
      fullName: 'Ylli Ylläpitäjä',
      createdAt: new Date(openedAt.getTime() + HOUR),
    });
  }
  n += 1;
}
for (const [kind, deviceId, day] of [
  ['offline', reporting[1], 200],
  ['lowBattery', reporting[0], 300],
] as const) {
  await db.insert(alarms).values({
    organizationId: orgId,
    deviceId: deviceId ?? '',
    alarmBreakThrough: kind,
    value: kind === 'offline' ? 180 : 15,
    limitValue: kind === 'offline' ? 120 : 20,
    createdAt: new Date(start + day * 24 * HOUR),
    closedAt: new Date(start + day * 24 * HOUR + 30 * HOUR),
  });
}
await db.execute(sql`analyze`);

const { app, get, address, token } = await serveApp(database);
// The organization's logo, uploaded as an administrator would in Hallinta.
const form = new FormData();
form.append('file', new Blob([new Uint8Array(pngImage())], { type: 'image/png' }), 'logo.png');
const uploaded = await fetch(`${address}/api/organization-logo?organizationId=${orgId}`, {
  method: 'PUT',
  headers: { authorization: `Bearer ${token}` },
  body: form,
});
if (!uploaded.ok) throw new Error(`logo upload: ${uploaded.status} ${await uploaded.text()}`);
// REPORT_SD / REPORT_ED ask for a part of the year instead (e.g. a month, drawn as readings).
const path = `/api/reports/measurements.pdf?tid=${targetId}&mid=${co2}&sd=${process.env.REPORT_SD ?? SD}&ed=${process.env.REPORT_ED ?? ED}`;
const pdf = await get(path); // warm: starts the render thread, loads ECharts and pdfmake there
if (process.env.REPORT_OUT) writeFileSync(process.env.REPORT_OUT, Buffer.from(pdf));
const samples: number[] = [];
// The process's CPU time per report (server, render thread and client): what a busy, shared
// machine does not inflate, unlike the wall-clock time.
const cpu: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const t = performance.now();
  const before = process.cpuUsage();
  await get(path);
  const used = process.cpuUsage(before);
  samples.push(performance.now() - t);
  cpu.push((used.user + used.system) / 1000);
}
await app.close();
await database.close();

const fmt = (v: number) => v.toFixed(0).padStart(7);
console.log(
  `\nPDF report of one target, ${DEVICES} devices × a year hourly + 1 silent, on ${database.kind}; ${ROUNDS} rounds, load average ${loadavg()[0]?.toFixed(1)}`,
);
console.log(`${'case'.padEnd(40)} ${'p50'.padStart(7)} ${'max'.padStart(7)}`);
console.log(
  `${'GET report (CO2), ms'.padEnd(40)} ${fmt(percentile(samples, 50))} ${fmt(Math.max(...samples))}`,
);
console.log(
  `${'  its CPU time (whole process), ms'.padEnd(40)} ${fmt(percentile(cpu, 50))} ${fmt(Math.max(...cpu))}`,
);
console.log(`PDF ${(pdf.byteLength / 1024).toFixed(0)} KiB`);
