/** Measured values are shown with at most this many decimals (spec 001 §9). */
export const MAX_VALUE_DECIMALS = 3;

/**
 * The decimals that show these readings as they were measured (at most 3): what values of one
 * measurement share, so a row reads 20,10 / 22,69 / 21,30 rather than 20,1 / 22,69 / 21,303 —
 * an average is shown to the readings' precision, not to its own. Used by the screens and the
 * PDF report alike.
 */
export function measurementDecimals(values: readonly (number | null | undefined)[]): number {
  let decimals = 0;
  for (const value of values) {
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    const text = String(Number(value.toFixed(MAX_VALUE_DECIMALS)));
    const point = text.indexOf('.');
    if (point >= 0) decimals = Math.max(decimals, text.length - point - 1);
  }
  return decimals;
}
