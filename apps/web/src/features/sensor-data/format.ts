import { errorText, isApiError } from '@/lib/api-client';

/**
 * A failed call's red alert: the server's text, and for a refused query the fields' own texts
 * too ("Tarkasta annetut tiedot: Loppupäivä ei voi olla ennen alkupäivää"), since the filters
 * are not a form whose fields could show them.
 */
export function failureText(error: unknown): string | null {
  const text = errorText(error);
  if (!text || !isApiError(error)) return text;
  const fields = [...new Set(Object.values(error.fields))];
  return fields.length ? `${text}: ${fields.join(', ')}` : text;
}
