import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CenteredPage } from '@/components/centered-page';

/**
 * Shown when a screen throws or its code fails to load (typically a chunk removed by a new
 * release while the tab stayed open): reloading fetches the new index.html.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <CenteredPage>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography component="h1" variant="h5">
          {t('routeError.title')}
        </Typography>
        <Typography>{t('routeError.text')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
