import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { CenteredPage } from './centered-page';

interface ComingSoonPageProps {
  title: string;
  backTo: string;
  backLabel: string;
}

/** A screen whose function a later issue builds; it says so rather than pretending to work. */
export function ComingSoonPage({ title, backTo, backLabel }: ComingSoonPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <CenteredPage>
      <Stack spacing={2}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        <Typography>{t('app.comingSoon')}</Typography>
        <Link component={RouterLink} to={backTo}>
          {backLabel}
        </Link>
      </Stack>
    </CenteredPage>
  );
}
