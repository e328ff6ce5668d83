import { measurementDecimals } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import { formatMeasurementValue } from './numbers';

describe('measured values', () => {
  it('shows at most 3 decimals with a Finnish decimal comma', () => {
    expect(formatMeasurementValue(21.45678, 'fi')).toBe('21,457');
    expect(formatMeasurementValue(20.1, 'fi')).toBe('20,1');
    expect(formatMeasurementValue(null, 'fi')).toBe('–');
  });

  it("shows a row's values to the readings' precision, the average included (issue 27)", () => {
    const readings = [20.1, 22.69, 19.5];
    const decimals = measurementDecimals([...readings, null]);
    expect(decimals).toBe(2);
    const average = 21.3033333;
    expect([...readings, average].map((v) => formatMeasurementValue(v, 'fi', decimals))).toEqual([
      '20,10',
      '22,69',
      '19,50',
      '21,30',
    ]);
    expect(measurementDecimals([415, 600])).toBe(0);
    expect(formatMeasurementValue(512.4, 'fi', measurementDecimals([415, 600]))).toBe('512');
  });
});
