import { DEFAULT_LANGUAGE, type Language, sharedMessages } from '@vahti/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import { fi } from '@/locales/fi';
import { sv } from '@/locales/sv';

const screenTexts = { fi, en, sv } satisfies Record<Language, unknown>;

/**
 * One translation namespace per language: the texts shared with the API (`validation.*`,
 * `errors.*`, `messages.*`) plus the screen texts, so a zod message such as
 * "validation.emailRequired" translates directly with t(key).
 */
const resources = Object.fromEntries(
  (Object.keys(screenTexts) as Language[]).map((language) => [
    language,
    { translation: { ...sharedMessages[language], ...screenTexts[language] } },
  ]),
);

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en',
  supportedLngs: Object.keys(screenTexts),
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** The language the API should answer in (Accept-Language). */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
}

/**
 * Translates a message that is either an i18n key (zod messages, e.g. "validation.emailRequired")
 * or an already translated text from the server; a text is shown as it is.
 */
export function translateMessage(message: string | undefined): string {
  if (!message) return '';
  return i18n.exists(message) ? i18n.t(message) : message;
}

export { i18n };
