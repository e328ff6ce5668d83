// Indoor-air guideline values of the PDF report and the Sisäilmastoluokitus 2018 classes of its
// occupied-time table. Keyed by measurement quantity (decision 1 of issue 12), never by name.
// Language-free: the report turns each entry into text with the i18n key
// `reports.guidelines.<quantity>.<key>` and the entry's min/max/unit.

/** The quantities that have guideline values (a subset of MEASUREMENT_QUANTITIES). */
export const GUIDELINE_QUANTITIES = [
  'temperature',
  'humidity',
  'co2',
  'pm25',
  'pm10',
  'pressureDifference',
  'tvoc',
] as const;
export type GuidelineQuantity = (typeof GUIDELINE_QUANTITIES)[number];

export interface GuidelineValue {
  /** Which guideline of the quantity: the last part of its i18n key. */
  key: string;
  min?: number;
  max?: number;
  unit: string;
}

/** Spec 001 §9, the guideline texts of the PDF report, as values. */
export const GUIDELINES: Readonly<Record<GuidelineQuantity, readonly GuidelineValue[]>> = {
  temperature: [
    // +20…+26 °C in the heating season, up to +32 °C otherwise.
    { key: 'heatingSeason', min: 20, max: 26, unit: '°C' },
    { key: 'otherSeason', max: 32, unit: '°C' },
  ],
  humidity: [{ key: 'range', min: 20, max: 60, unit: '%' }],
  co2: [
    { key: 'actionLimit', max: 1550, unit: 'ppm' },
    { key: 'classS1', max: 750, unit: 'ppm' },
    { key: 'classS2', max: 950, unit: 'ppm' },
    { key: 'classS3', max: 1200, unit: 'ppm' },
  ],
  pm25: [{ key: 'max', max: 25, unit: 'µg/m³' }],
  pm10: [{ key: 'max', max: 50, unit: 'µg/m³' }],
  pressureDifference: [{ key: 'range', min: 0, max: 5, unit: 'Pa' }],
  tvoc: [
    { key: 'max', max: 400, unit: 'µg/m³' },
    { key: 'singleCompound', max: 50, unit: 'µg/m³' },
    { key: 'good', min: 0, max: 220, unit: 'ppb' },
  ],
};

export function isGuidelineQuantity(quantity: string): quantity is GuidelineQuantity {
  return (GUIDELINE_QUANTITIES as readonly string[]).includes(quantity);
}

/** The guideline values of a quantity; none for energy, power and 'other'. */
export function guidelinesFor(quantity: string): readonly GuidelineValue[] {
  return isGuidelineQuantity(quantity) ? GUIDELINES[quantity] : [];
}

// ---------------------------------------------------------------------------------------------
// Sisäilmastoluokitus 2018 (RT 07-11299, Sisäilmayhdistys ry / Rakennustietosäätiö RTS)

export const INDOOR_CLIMATE_CLASSES = ['S1', 'S2', 'S3'] as const;
export type IndoorClimateClass = (typeof INDOOR_CLIMATE_CLASSES)[number];

/** The quantities the report classifies. */
export const CLASSIFIED_QUANTITIES = ['temperature', 'co2'] as const;
export type ClassifiedQuantity = (typeof CLASSIFIED_QUANTITIES)[number];

export interface ClassBand {
  min?: number;
  max?: number;
}

/**
 * The band a reading must stay within to meet each class, best class first; a reading is in the
 * best class whose band holds it (bounds inclusive).
 *
 * CO2: the classification's limits, S1 ≤ 750, S2 ≤ 950, S3 ≤ 1200 ppm (also spec 001 §9).
 *
 * Temperature: the classification sets the operative temperature as a target that follows the
 * outdoor 24 h mean, with a tolerance of ±1.0 °C (S1) and ±1.5 °C (S2), never below +20 °C or
 * above +27 °C for S1/S2; S3 is the regulatory level. The report has no outdoor temperature, so
 * it uses a fixed heating-season reading of that: a target of +21.5 °C, so S1 +20.5…+22.5 °C,
 * S2 +20…+23 °C, and S3 the heating-season guideline of spec 001 §9, +20…+26 °C. The card
 * itself (RT 07-11299) is not freely available; the bounds +20/+27 and the "90 % of occupied
 * time" reading come from public summaries (e.g. taiarol.fi, "Fysikaaliset olosuhteet"). Adjust
 * here if the card's figures differ: the report and its tests read them from this table.
 */
export const INDOOR_CLIMATE_CLASS_BANDS: Readonly<
  Record<ClassifiedQuantity, Readonly<Record<IndoorClimateClass, ClassBand>>>
> = {
  co2: { S1: { max: 750 }, S2: { max: 950 }, S3: { max: 1200 } },
  temperature: {
    S1: { min: 20.5, max: 22.5 },
    S2: { min: 20, max: 23 },
    S3: { min: 20, max: 26 },
  },
};

export function isClassifiedQuantity(quantity: string): quantity is ClassifiedQuantity {
  return (CLASSIFIED_QUANTITIES as readonly string[]).includes(quantity);
}

const inBand = (band: ClassBand, value: number) =>
  (band.min === undefined || value >= band.min) && (band.max === undefined || value <= band.max);

/** The best class a reading meets, or null when it is outside even S3. */
export function indoorClimateClass(
  quantity: ClassifiedQuantity,
  value: number,
): IndoorClimateClass | null {
  if (!Number.isFinite(value)) return null;
  const bands = INDOOR_CLIMATE_CLASS_BANDS[quantity];
  return INDOOR_CLIMATE_CLASSES.find((c) => inBand(bands[c], value)) ?? null;
}

/**
 * Shares (0…1) of readings that meet each class: a reading that meets S1 meets S2 and S3 too,
 * so the shares grow from S1 to S3. `outside` is the share outside S3. All 0 without readings.
 */
export function classShares(
  quantity: ClassifiedQuantity,
  values: Iterable<number>,
): { count: number; S1: number; S2: number; S3: number; outside: number } {
  const bands = INDOOR_CLIMATE_CLASS_BANDS[quantity];
  let count = 0;
  const met = { S1: 0, S2: 0, S3: 0 };
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    count += 1;
    for (const c of INDOOR_CLIMATE_CLASSES) if (inBand(bands[c], v)) met[c] += 1;
  }
  if (count === 0) return { count, S1: 0, S2: 0, S3: 0, outside: 0 };
  return {
    count,
    S1: met.S1 / count,
    S2: met.S2 / count,
    S3: met.S3 / count,
    outside: (count - met.S3) / count,
  };
}
