import { currentLanguage } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A measured value as the screens show it: at most 3 decimals (spec 001 §9) in the language's
 * own form, so Finnish shows a decimal comma ("21,457"); '–' for a missing value.
 */
export function formatMeasurementValue(
  value: number | null | undefined,
  language = currentLanguage(),
) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false });
    formats.set(language, format);
  }
  return format.format(value);
}
