import { en } from './en.js';
import { fi, type SharedMessages } from './fi.js';
import type { Language } from './index.js';
import { sv } from './sv.js';

/**
 * The texts shared with the web app in every language, for the API, which answers in any of them
 * at once. Not in the package's index: the web app loads a language's texts only when chosen
 * (`@vahti/domain/i18n/en`, `…/sv`), and an index import of all three would put them all in its
 * first page.
 */
export const sharedMessages: Record<Language, SharedMessages> = { fi, en, sv };

/**
 * Resolves "validation.emailRequired" style keys; unknown keys come back unchanged. `{{name}}`
 * placeholders (the i18next syntax the web app uses too) are filled from `params`; a placeholder
 * without a value is left as it is.
 */
export function translate(
  language: Language,
  key: string,
  params?: Record<string, string | number>,
): string {
  let node: unknown = sharedMessages[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') return key;
  if (!params) return node;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
