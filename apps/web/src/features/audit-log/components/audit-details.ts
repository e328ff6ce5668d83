const MAX_VALUE_LENGTH = 80;

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.map(formatValue).join(', ') || '–';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const shorten = (text: string) =>
  text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;

/** An entry's details as one compact line: "userJobTitle: Isännöitsijä; userRoles: Käyttäjä". */
export function formatAuditDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${shorten(formatValue(value))}`)
    .join('; ');
}
