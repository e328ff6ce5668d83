import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CenteredPage } from '@/components/centered-page';
import { useDocumentTitle } from '@/lib/document-title';
import { RegisterForm } from '../components/register-form';

/** /user-register; a `?code=` from the invitation mail fills in the registration code. */
export function UserRegisterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('register.title'));
  return (
    <CenteredPage>
      <Stack spacing={3}>
        <Stack spacing={0.5}>
          <Typography component="h1" variant="h5">
            {t('register.title')}
          </Typography>
          <Typography color="text.secondary">{t('register.intro')}</Typography>
        </Stack>
        <RegisterForm initialCode={params.get('code') ?? ''} />
      </Stack>
    </CenteredPage>
  );
}
