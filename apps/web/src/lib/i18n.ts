import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vahti/domain';
import { validationFi } from '@vahti/domain/i18n/fi';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fi, type WebMessages } from '@/locales/fi';

/** Where the chosen language is kept between visits (not a secret; per browser). */
const LANGUAGE_KEY = 'vahti.language';

/**
 * Finnish is in the first page's bundle; English and Swedish are loaded when chosen, so the login
 * page does not carry two languages nobody reads (each is ≈ 10 kB compressed). Each bundle is the
 * validation messages shared with the API (`validation.*`) plus the screen texts, so a zod message
 * such as "validation.emailRequired" translates directly with t(key); the API's other shared
 * texts (errors, messages) come from it translated already.
 */
const loaders: Record<Exclude<Language, 'fi'>, () => Promise<object>> = {
  en: async () => {
    const [shared, screens] = await Promise.all([
      import('@vahti/domain/i18n/en'),
      import('@/locales/en'),
    ]);
    return { validation: shared.en.validation, ...screens.en };
  },
  sv: async () => {
    const [shared, screens] = await Promise.all([
      import('@vahti/domain/i18n/sv'),
      import('@/locales/sv'),
    ]);
    return { validation: shared.sv.validation, ...screens.sv };
  },
};

void i18n.use(initReactI18next).init({
  resources: { fi: { translation: { validation: validationFi, ...fi } } },
  lng: DEFAULT_LANGUAGE,
  // English first for a text a translation lacks (spec: fallback English), Finnish when English
  // is not loaded: every language is typed to carry every key, so this is a safety net only.
  fallbackLng: ['en', 'fi'],
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  // Its advertisement in the console, also in the build's log when it renders the login card.
  showSupportNotice: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/**
 * Adds a feature's Finnish texts, which load with its screens (app/lazy-screen.ts); English and Swedish
 * carry every feature's texts already.
 */
export function addFinnishTexts(texts: Partial<WebMessages>): void {
  i18n.addResourceBundle('fi', 'translation', texts, true, false);
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'fi' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loaders[language]());
}

/** Switches the interface language, loading its texts (and English, the fallback) first. */
export async function setLanguage(language: Language): Promise<void> {
  await Promise.all([ensureLoaded(language), ensureLoaded('en')]);
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
}

/** The language chosen on an earlier visit, else Finnish. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(stored ?? '')
      ? (stored as Language)
      : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

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
