import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

// Registration, the forgot-password mail and the password change are built by a later issue;
// until then the routes exist and say so.

export function UserRegisterRoute() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('pages.userRegister')}
      backTo="/login"
      backLabel={t('app.backToLogin')}
    />
  );
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('pages.forgotPassword')}
      backTo="/login"
      backLabel={t('app.backToLogin')}
    />
  );
}

export function ChangePasswordRoute() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('pages.changePassword')}
      backTo="/login"
      backLabel={t('app.backToLogin')}
    />
  );
}

export function EditUserInformationRoute() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('pages.editUserInformation')}
      backTo="/main"
      backLabel={t('app.backToApplications')}
    />
  );
}
