import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { FormScreen } from '@/components/form-screen';
import { LoadingFallback } from '@/components/loading-fallback';
import { OrganizationPicker, useChosenOrganization } from '@/components/organization-picker';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useOrganizationSso } from '../api/organization-sso';
import { OrganizationSsoForm } from '../components/organization-sso-form';

/**
 * /admin/organization-sso: the organization's single sign-on with its own OpenID provider
 * (Ylläpitäjä their own; the top administrator picks any organization).
 */
export function OrganizationSsoRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [chosen, setChosen] = useChosenOrganization();
  const organizationId = chosen ?? user?.userOrganization ?? '';
  const sso = useOrganizationSso(organizationId);
  return (
    <FormScreen title={t('organizations.ssoTitle')}>
      <Stack spacing={2.5}>
        <OrganizationPicker value={chosen} onChange={setChosen} />
        <Typography>{t('organizations.ssoIntro')}</Typography>
        {sso.isPending ? (
          <LoadingFallback />
        ) : sso.isError ? (
          <AlertMessage message={errorText(sso.error)} />
        ) : (
          <OrganizationSsoForm
            key={organizationId}
            organizationId={organizationId}
            saved={sso.data.organizationSso}
            redirectUri={sso.data.redirectUri}
          />
        )}
      </Stack>
    </FormScreen>
  );
}
