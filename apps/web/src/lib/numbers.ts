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
