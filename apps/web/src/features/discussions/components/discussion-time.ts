const pad = (value: number) => String(value).padStart(2, '0');

/** Discussions show times as DD.MM.YYYY HH:mm (spec 001 §9), in the browser's time zone. */
export function formatDiscussionTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
