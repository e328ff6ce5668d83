import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormScreen } from '@/components/form-screen';
import { useSession } from '@/lib/session';
import { OrganizationLogoField } from '../components/organization-logo-field';
import { OrganizationSignInForm } from '../components/organization-sign-in-form';

/**
 * /admin/organization-logo: an Ylläpitäjä's own organization's logo, which the measurement report
 * shows on its first page (the top administrator sets any organization's in its edit dialog),
 * and its sign-in rules (second factor required, password-less passkeys).
 */
export function OrganizationLogoRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack spacing={4}>
      <FormScreen title={t('organizations.ownLogoTitle')}>
        <Stack spacing={2}>
          <Typography>{t('organizations.ownLogoIntro')}</Typography>
          <OrganizationLogoField
            organization={{
              organizationId: user.userOrganization,
              organizationName: user.Organization.organizationName,
            }}
          />
        </Stack>
      </FormScreen>
      <FormScreen title={t('organizations.signIn.title')}>
        <OrganizationSignInForm organizationId={user.userOrganization} />
      </FormScreen>
    </Stack>
  );
}
