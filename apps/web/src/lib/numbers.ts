import { currentLanguage } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();
const MAX_DECIMALS = 3;

/**
 * A measured value as the screens show it: at most 3 decimals (spec 001 §9) in the language's
 * own form, so Finnish shows a decimal comma ("21,457"); '–' for a missing value.
 */
export function formatMeasurementValue(
  value: number | null | undefined,
  language = currentLanguage(),
  decimals?: number,
) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const key = `${language}:${decimals ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: decimals ?? 0,
      maximumFractionDigits: decimals ?? MAX_DECIMALS,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * The decimals that show these readings as they were measured (at most 3): what values of one
 * measurement share, so a row reads 20,10 / 22,69 / 21,30 rather than 20,1 / 22,69 / 21,303 —
 * an average is shown to the readings' precision, not to its own.
 */
export function measurementDecimals(values: readonly (number | null | undefined)[]) {
  let decimals = 0;
  for (const value of values) {
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    const text = String(Number(value.toFixed(MAX_DECIMALS)));
    const point = text.indexOf('.');
    if (point >= 0) decimals = Math.max(decimals, text.length - point - 1);
  }
  return decimals;
}
