export const LANGUAGES = ['fi', 'en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fi';

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

export const TIME_ZONE = 'Europe/Helsinki';

/**
 * A clock time in Finnish time as people write it: "17.45" in Finnish and Swedish (as used in
 * Finland), "17:45" in English.
 */
export function formatClockTime(language: Language, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '00';
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  return `${hour}${language === 'en' ? ':' : '.'}${minute}`;
}

export type { ErrorCode, SharedMessages, ValidationKey } from './fi.js';
