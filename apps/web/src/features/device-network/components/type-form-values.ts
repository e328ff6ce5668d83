import type { CodecSource, DeviceTypeCodec } from '@vahti/domain';

/** The device-type form's values: text fields as typed, the codec's frames as JSON text. */
export interface TypeFormValues {
  deviceTypeName: string;
  deviceTypeState: 'Aktiivinen' | 'Passiivinen';
  deviceTypeDescription: string;
  source: CodecSource;
  frames: string;
  script: string;
  measurements: { measurementId: string; decodedPath: string; decimals: string }[];
  deviceTypeOfflineAfterMinutes: string;
  deviceTypeAlarmDelayMinutes: string;
}

export const minutes = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form's codec, or null when its frames are not JSON (the field then says so). */
export function codecOf(values: TypeFormValues): DeviceTypeCodec | null {
  if (values.source === 'networkServer') return { source: 'networkServer' };
  if (values.source === 'javascript') return { source: 'javascript', script: values.script };
  try {
    return { source: 'layout', frames: JSON.parse(values.frames || '[]') };
  } catch {
    return null;
  }
}

export const measurementsOf = (values: TypeFormValues) =>
  values.measurements.map((m) => ({
    measurementId: m.measurementId,
    decodedPath: m.decodedPath.trim() || null,
    decimals: m.decimals.trim() === '' ? null : Number(m.decimals),
  }));
