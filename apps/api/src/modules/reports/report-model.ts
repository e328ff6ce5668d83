import type { AlarmBreakThrough, ClassifiedQuantity, Language } from '@vahti/domain';

/**
 * Everything one PDF report shows, as plain data: the service gathers it (authorized, scoped)
 * and the renderer, in a worker thread, turns it into the PDF. Structured-clone safe (no Dates,
 * no functions), since it crosses to the worker.
 */
export interface ReportModel {
  language: Language;
  /** When the report was made (ISO). */
  createdAt: string;
  organizationName: string;
  /** The organization's logo as a data: URL (PNG or JPEG), or null. */
  logo: string | null;
  /** The targets of the report's devices, by name. */
  targets: ReportTarget[];
  /** The period as days YYYY-MM-DD in Europe/Helsinki, ed inclusive. */
  period: { sd: string; ed: string };
  measurement: { id: string; name: string; unit: string; quantity: string };
  occupied: OccupiedHours;
  rows: ReportRow[];
  charts: ReportChart[];
  /** Occupied-time S-class shares, one block per classified quantity the devices carry. */
  classes: ReportClassBlock[];
  /** The first page's figures beside the S-class shares. */
  highlights: ReportHighlights;
  /** Alarms of the devices opened in the period (this measurement's and the devices' own). */
  alarms: {
    rows: ReportAlarm[];
    total: number;
    byKind: Partial<Record<AlarmBreakThrough, number>>;
  };
}

export interface ReportTarget {
  targetId: string;
  name: string;
  address: string;
  zipCode: string;
  postalDistrict: string;
}

export interface ReportHighlights {
  /**
   * The limit the hours are counted against: the quantity's action limit (CO2 1550 ppm) when it
   * has one, else each device's own high limit.
   */
  limit: { kind: 'action'; value: number } | { kind: 'high' };
  /** Device-hours whose mean was above that limit. */
  hoursOver: number;
  /** The highest readings of the period, each in its own device-hour, highest first. */
  worstHours: { deviceName: string; targetName: string; at: string; value: number }[];
}

export interface ReportAlarm {
  deviceName: string;
  targetName: string;
  kind: AlarmBreakThrough;
  /** ISO; closedAt null while open. */
  createdAt: string;
  closedAt: string | null;
  /** Who acknowledged it last, when it is acknowledged ('' for the system). */
  acknowledgedBy: string | null;
}

/** Weekdays (ISO 1 = Monday … 7 = Sunday) and hours [start, end) in Europe/Helsinki. */
export interface OccupiedHours {
  days: number[];
  startHour: number;
  endHour: number;
}

export interface ReportRow {
  deviceName: string;
  targetId: string;
  targetName: string;
  deviceLocation: string | null;
  value: number | null;
  lastAt: string | null;
  min: number | null;
  max: number | null;
  avg: number | null;
  count: number;
  lowLimit: number | null;
  highLimit: number | null;
}

export interface ReportChart {
  deviceName: string;
  targetName: string;
  /**
   * The lines drawn: the readings (downsampled) for a short period; for a long one the daily
   * mean and the daily highest value ('daily').
   */
  series: { key: 'readings' | 'dailyMean' | 'dailyMax'; points: [number, number][] }[];
  downsampled: boolean;
  lowLimit: number | null;
  highLimit: number | null;
  alarms: { timeMs: number }[];
}

export interface ReportClassBlock {
  quantity: ClassifiedQuantity;
  measurementName: string;
  unit: string;
  devices: {
    deviceName: string;
    targetName: string;
    count: number;
    S1: number;
    S2: number;
    S3: number;
    outside: number;
  }[];
}
