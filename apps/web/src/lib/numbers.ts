import { MAX_VALUE_DECIMALS } from '@vahti/domain';
import { currentLanguage } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

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
      maximumFractionDigits: decimals ?? MAX_VALUE_DECIMALS,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A file's size in the language's own form: "850 kt", "1,2 Mt" (Finnish), "1.2 MB" (English). */
export function formatFileSize(bytes: number, language = currentLanguage()) {
  const units = language === 'fi' ? ['t', 'kt', 'Mt', 'Gt'] : ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}
