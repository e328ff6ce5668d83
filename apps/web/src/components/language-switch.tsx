import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Language } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';

/** Each language named in itself, so a reader finds their own whatever is shown now. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fi: 'Suomi',
  en: 'English',
  sv: 'Svenska',
};

/**
 * The interface language: Suomi, English, Svenska as a group of toggle buttons (the chosen one
 * pressed). The choice is remembered in this browser, and the API answers in it too.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Stack
      role="group"
      aria-label={t('app.language')}
      direction="row"
      spacing={1}
      sx={{ mt: 2, justifyContent: 'center' }}
    >
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
        <Button
          key={language}
          lang={language}
          size="small"
          aria-pressed={current === language}
          variant={current === language ? 'outlined' : 'text'}
          onClick={() => void setLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Stack>
  );
}
