import { PLAUSIBLE_RANGES } from '@vahti/domain';
import type { Db } from '../client.js';
import {
  alarmLimits,
  deviceHistory,
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  measurements,
  userDevices,
} from '../schema/index.js';

// Demo data of Vainu's device register: a catalogue of indoor-air sensor types (and, for an
// organization with power guard, an energy meter), 2–4 devices on every target with DevEUIs,
// limits and a few history entries. The second organization gets its own catalogue and devices,
// so that isolation has something to leak.

type M = typeof measurements.$inferInsert;

export const MEASUREMENTS: Omit<M, 'organizationId'>[] = [
  {
    measurementName: 'Lämpötila',
    measurementQuantity: 'temperature',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementSigned: true,
    measurementScale: 0.01,
    measurementUnit: '°C',
    measurementMinDefault: 18,
    measurementMaxDefault: 28,
    measurementDescription: 'Sisälämpötila, 0,01 °C:n tarkkuus',
  },
  {
    measurementName: 'Kosteus',
    measurementQuantity: 'humidity',
    measurementSizeInBytes: 1,
    measurementBitNumber: 1,
    measurementScale: 0.5,
    measurementUnit: '%',
    measurementMinDefault: 20,
    measurementMaxDefault: 60,
    measurementDescription: 'Suhteellinen kosteus',
  },
  {
    measurementName: 'CO2',
    measurementQuantity: 'co2',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementUnit: 'ppm',
    measurementMinDefault: 0,
    measurementMaxDefault: 1200,
    measurementDescription: 'Hiilidioksidipitoisuus (S3-luokka 1200 ppm)',
  },
  {
    measurementName: 'PM2.5',
    measurementQuantity: 'pm25',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementScale: 0.1,
    measurementUnit: 'µg/m³',
    measurementMinDefault: 0,
    measurementMaxDefault: 25,
    measurementDescription: 'Pienhiukkaset',
  },
  {
    measurementName: 'PM10',
    measurementQuantity: 'pm10',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementScale: 0.1,
    measurementUnit: 'µg/m³',
    measurementMinDefault: 0,
    measurementMaxDefault: 50,
    measurementDescription: 'Hengitettävät hiukkaset',
  },
  {
    measurementName: 'Paine-ero',
    measurementQuantity: 'pressureDifference',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementSigned: true,
    measurementScale: 0.1,
    measurementUnit: 'Pa',
    measurementMinDefault: 0,
    measurementMaxDefault: 5,
    measurementDescription: 'Paine-ero ulkoilmaan',
  },
  {
    measurementName: 'TVOC',
    measurementQuantity: 'tvoc',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementUnit: 'µg/m³',
    measurementMinDefault: 0,
    measurementMaxDefault: 400,
    measurementDescription: 'Haihtuvat orgaaniset yhdisteet',
  },
  {
    measurementName: 'Paristo vähissä',
    measurementQuantity: 'other',
    measurementType: 'bit',
    measurementSizeInBytes: 1,
    measurementBitNumber: 1,
    measurementDescription: 'Tilatavun bitti 1',
  },
  {
    measurementName: 'Energia',
    measurementQuantity: 'energy',
    measurementSizeInBytes: 4,
    measurementBitNumber: 1,
    measurementScale: 0.01,
    measurementUnit: 'kWh',
    measurementByteOrder: 'little',
    measurementDescription: 'Energiamittarin lukema',
  },
  {
    measurementName: 'Teho',
    measurementQuantity: 'power',
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementUnit: 'W',
    measurementByteOrder: 'little',
    measurementMinDefault: 0,
    measurementMaxDefault: 20000,
    measurementDescription: 'Hetkellinen teho',
  },
];

/**
 * The demo types' offline alarm (ADR 0024): 3 × the 15-minute uplink interval of the back-fill.
 */
export const DEMO_OFFLINE_AFTER_MINUTES = 45;

/**
 * A demo device the simulator keeps silent for its last SILENT_DEMO_HOURS (no trickle either), so
 * the running demo shows one 'Ei yhteyttä' alarm; `npm run simulate` brings it back.
 */
export const SILENT_DEMO_EUI = '70B3D57EDA000004';
export const SILENT_DEMO_HOURS = 3;

export const TYPES: { name: string; layout: string[]; energy?: true }[] = [
  { name: 'Sisäilma T/RH', layout: ['Lämpötila', 'Kosteus', 'Paristo vähissä'] },
  { name: 'Sisäilma CO2', layout: ['Lämpötila', 'Kosteus', 'CO2'] },
  { name: 'Hiukkasmittari', layout: ['PM2.5', 'PM10'] },
  { name: 'Paine-eromittari', layout: ['Paine-ero', 'Lämpötila'] },
  { name: 'TVOC-anturi', layout: ['TVOC', 'Lämpötila', 'Kosteus'] },
  { name: 'Energiamittari', layout: ['Energia', 'Teho'], energy: true },
];

export interface DemoDeviceInput {
  organizationId: string;
  /** Power guard (application 1): gets the energy meter type too. */
  powerGuard: boolean;
  /** The organization's targets by name, each given 2–4 devices. */
  targets: { id: string; name: string }[];
  /** Whose name the history entries carry. */
  actor: { id: string; fullName: string };
  /** Distinguishes the organizations' DevEUIs: one hex digit. */
  euiPrefix: string;
  /** Users who follow the first device of a target (device-to-user links). */
  followers?: { userId: string; targetId: string }[];
}

/** Loads the demo device register of each organization (inside the seed's transaction). */
export async function seedDemoDevices(tx: Db, organizationsInput: DemoDeviceInput[]) {
  for (const org of organizationsInput) {
    const mRows = await tx
      .insert(measurements)
      .values(
        MEASUREMENTS.map((m) => ({
          ...PLAUSIBLE_RANGES[m.measurementQuantity ?? 'other'],
          ...m,
          organizationId: org.organizationId,
        })),
      )
      .returning({ id: measurements.measurementId, name: measurements.measurementName });
    const mId = new Map(mRows.map((r) => [r.name, r.id]));
    const types = TYPES.filter((t) => !t.energy || org.powerGuard);
    const tRows = await tx
      .insert(deviceTypes)
      .values(
        types.map((t) => ({
          organizationId: org.organizationId,
          deviceTypeName: t.name,
          deviceTypeOfflineAfterMinutes: DEMO_OFFLINE_AFTER_MINUTES,
        })),
      )
      .returning({ id: deviceTypes.deviceTypeId, name: deviceTypes.deviceTypeName });
    const tId = new Map(tRows.map((r) => [r.name, r.id]));
    await tx.insert(deviceTypeMeasurements).values(
      types.flatMap((t) =>
        t.layout.map((name, position) => ({
          deviceTypeId: tId.get(t.name) as string,
          position,
          measurementId: mId.get(name) as string,
        })),
      ),
    );

    let serial = 0;
    const firstDevice = new Map<string, { id: string; measurementIds: string[] }>();
    for (const [targetIndex, target] of org.targets.entries()) {
      const count = 2 + (targetIndex % 3);
      for (let i = 0; i < count; i++) {
        serial += 1;
        const type = types[(targetIndex + i) % types.length] as (typeof types)[number];
        const typeId = tId.get(type.name) as string;
        const code = serial.toString().padStart(3, '0');
        const floor = i + 1;
        const [device] = await tx
          .insert(devices)
          .values({
            organizationId: org.organizationId,
            deviceTargetId: target.id,
            deviceTypeId: typeId,
            deviceQrCode: `VAINU-${org.euiPrefix}${code}`,
            deviceName: `${type.name} ${floor}. krs`,
            deviceEui: `70B3D57ED${org.euiPrefix}${code.padStart(6, '0')}`,
            deviceSerialNumber: `SN-${org.euiPrefix}-${2026}${code}`,
            deviceComissioiningDay: `2026-0${1 + (serial % 9)}-1${serial % 10}`,
            deviceLocation: `${floor}. kerros, ${i % 2 === 0 ? 'porraskäytävä' : 'tekninen tila'}`,
            // Whole thousandths: 24.94 + 0.011 is 24.951000000000004 in binary (issue 27).
            deviceLatitude: (60_170 + targetIndex * 10 + i) / 1000,
            deviceLongitude: (24_940 + targetIndex * 10 + i) / 1000,
            deviceSwVersion: `1.${serial % 4}.0`,
            deviceProductCode: `VA-${type.name.slice(0, 3).toUpperCase()}-01`,
            deviceState: serial % 7 === 0 ? 'Passiivinen' : 'Aktiivinen',
            deviceDescription: serial % 2 === 0 ? 'Asennettu seinään 1,5 m korkeudelle' : null,
          })
          .returning({ id: devices.deviceId });
        if (!device) throw new Error('seed: device not stored');
        if (!firstDevice.has(target.id)) {
          firstDevice.set(target.id, {
            id: device.id,
            measurementIds: type.layout.map((name) => mId.get(name) as string),
          });
        }
        // The limit goes on the type's first measurement with defaults (an energy meter's
        // cumulative reading has none: its limit is on the power).
        const first = (type.layout.find(
          (name) =>
            MEASUREMENTS.find((m) => m.measurementName === name)?.measurementMaxDefault != null,
        ) ?? type.layout[0]) as string;
        const firstM = MEASUREMENTS.find((m) => m.measurementName === first);
        const low = (firstM?.measurementMinDefault ?? 0) + 1;
        const high = (firstM?.measurementMaxDefault ?? 100) - 1;
        await tx.insert(alarmLimits).values({
          organizationId: org.organizationId,
          deviceId: device.id,
          measurementId: mId.get(first) as string,
          lowLimit: low,
          highLimit: high,
        });
        const entry = {
          organizationId: org.organizationId,
          deviceId: device.id,
          targetName: target.name,
          actorId: org.actor.id,
          fullName: org.actor.fullName,
        };
        await tx.insert(deviceHistory).values([
          {
            ...entry,
            kind: 'device' as const,
            deviceText: 'Mittari asennettu ja otettu käyttöön',
            changes: { deviceName: `${type.name} ${floor}. krs` },
            createdAt: new Date(Date.UTC(2026, 0, 10 + (serial % 20), 9)),
          },
          {
            ...entry,
            kind: 'limits' as const,
            deviceText: 'Hälytysrajat asetettu kohteen mukaan',
            changes: { [first]: { lowLimit: low, highLimit: high } },
            createdAt: new Date(Date.UTC(2026, 0, 10 + (serial % 20), 10)),
          },
          ...(i === 0
            ? [
                {
                  ...entry,
                  kind: 'device' as const,
                  deviceText: 'Paristo vaihdettu',
                  changes: { deviceSwVersion: `1.${serial % 4}.0` },
                  createdAt: new Date(Date.UTC(2026, 2, 3 + (serial % 20), 12)),
                },
              ]
            : []),
        ]);
      }
    }
    const links = (org.followers ?? []).flatMap(({ userId, targetId }) => {
      const device = firstDevice.get(targetId);
      return device
        ? [
            {
              organizationId: org.organizationId,
              deviceUserId: userId,
              targetId,
              deviceId: device.id,
              deviceMeasurements: device.measurementIds.map((id, index) => ({ [id]: index === 0 })),
            },
          ]
        : [];
    });
    if (links.length > 0) await tx.insert(userDevices).values(links);
    // A target-level limit: the first target's CO2 limit is stricter than the type default.
    const firstTarget = org.targets[0];
    if (firstTarget) {
      await tx.insert(alarmLimits).values({
        organizationId: org.organizationId,
        targetId: firstTarget.id,
        measurementId: mId.get('CO2') as string,
        lowLimit: 0,
        highLimit: 950,
      });
    }
  }
}
