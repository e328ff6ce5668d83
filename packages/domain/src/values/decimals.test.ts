import { describe, expect, it } from 'vitest';
import { measurementDecimals } from './decimals.js';

describe("a measurement's decimals", () => {
  it("are the readings' own, at most 3, ignoring missing values (issue 27)", () => {
    expect(measurementDecimals([20.1, 22.69, 19.5, null])).toBe(2);
    expect(measurementDecimals([415, 600])).toBe(0);
    expect(measurementDecimals([0.12345])).toBe(3);
    expect(measurementDecimals([1.0000001])).toBe(0);
    expect(measurementDecimals([])).toBe(0);
  });
});
