import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '@/components/centered-page';
import { useDocumentTitle } from '@/lib/document-title';
import { useSession } from '@/lib/session';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t('notFound.title'));
  return (
    <CenteredPage>
      <Stack spacing={2}>
        <Typography component="h1" variant="h5">
          {t('notFound.title')}
        </Typography>
        <Typography>{t('notFound.text')}</Typography>
        <Link component={RouterLink} to={user ? '/main' : '/login'}>
          {t('notFound.home')}
        </Link>
      </Stack>
    </CenteredPage>
  );
}
