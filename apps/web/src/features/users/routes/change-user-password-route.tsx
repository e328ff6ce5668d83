import { useTranslation } from 'react-i18next';
import { FormScreen } from '@/components/form-screen';
import { ChangeUserPasswordForm } from '../components/change-user-password-form';

/** /admin/change-user-password: another user's password, by e-mail. */
export function ChangeUserPasswordRoute() {
  const { t } = useTranslation();
  return (
    <FormScreen title={t('users.changePasswordTitle')}>
      <ChangeUserPasswordForm />
    </FormScreen>
  );
}
