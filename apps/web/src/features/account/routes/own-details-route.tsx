import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormScreen } from '@/components/form-screen';
import { useSession } from '@/lib/session';
import { OwnDetailsForm } from '../components/own-details-form';
import { PushNotifications } from '../components/push-notifications';
import { SignInSecurity } from '../components/sign-in-security';

/**
 * /edit-user-information and /vainu/edit-user-information: the user's own details, and below
 * them the sign-in: second factors, trusted browsers, active sign-ins.
 */
export function OwnDetailsRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Stack spacing={4}>
      <FormScreen title={t('account.ownDetails.title')}>
        {/* Only signed-in routes lead here, so the user is known. */}
        {user && <OwnDetailsForm user={user} />}
        <Divider sx={{ my: 3 }} />
        <PushNotifications />
      </FormScreen>
      <Box sx={{ maxWidth: 640 }}>
        <SignInSecurity />
      </Box>
    </Stack>
  );
}
