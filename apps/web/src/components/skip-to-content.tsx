import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The id of the frames' `<main>`; it takes focus (tabIndex -1) from the skip button. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Siirry sisältöön": the first stop of the Tab key, shown only while focused, moves focus past
 * the top bar and the menu. A button, because a "#id" link would change the hash route.
 */
export function SkipToContent() {
  const { t } = useTranslation();
  return (
    <Button
      variant="contained"
      onClick={() => document.getElementById(MAIN_CONTENT_ID)?.focus()}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        transform: 'translateY(-200%)',
        '&:focus-visible': { transform: 'none' },
      }}
    >
      {t('area.skipToContent')}
    </Button>
  );
}
