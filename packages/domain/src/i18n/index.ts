import { en } from './en.js';
import { fi, type SharedMessages } from './fi.js';
import { sv } from './sv.js';

export const LANGUAGES = ['fi', 'en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fi';

export const sharedMessages: Record<Language, SharedMessages> = { fi, en, sv };

/**
 * Picks the language from an Accept-Language header: the first listed language we have wins
 * (weights are honoured); Finnish when none matches.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0], weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.lang ?? ''));
  return (match?.lang as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** Resolves "validation.emailRequired" style keys; unknown keys come back unchanged. */
export function translate(language: Language, key: string): string {
  let node: unknown = sharedMessages[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}

export type { ErrorCode, ValidationKey } from './fi.js';
export { en, fi, type SharedMessages, sv };
