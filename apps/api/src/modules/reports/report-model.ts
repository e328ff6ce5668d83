import type { ClassifiedQuantity, Language } from '@vahti/domain';

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
  /** Target names, sorted. */
  targetNames: string[];
  /** The period as days YYYY-MM-DD in Europe/Helsinki, ed inclusive. */
  period: { sd: string; ed: string };
  measurement: { id: string; name: string; unit: string; quantity: string };
  occupied: OccupiedHours;
  rows: ReportRow[];
  charts: ReportChart[];
  /** Occupied-time S-class shares, one block per classified quantity the devices carry. */
  classes: ReportClassBlock[];
}

/** Weekdays (ISO 1 = Monday … 7 = Sunday) and hours [start, end) in Europe/Helsinki. */
export interface OccupiedHours {
  days: number[];
  startHour: number;
  endHour: number;
}

export interface ReportRow {
  deviceName: string;
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
  points: [number, number][];
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
