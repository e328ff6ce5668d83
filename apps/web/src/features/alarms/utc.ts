const pad = (value: number) => String(value).padStart(2, '0');

/** Alarm times are shown in UTC (spec 000 §9, 001 §9): "21.11.2026 17.04 UTC". */
export function formatUtc(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ${pad(date.getUTCHours())}.${pad(date.getUTCMinutes())} UTC`;
}
