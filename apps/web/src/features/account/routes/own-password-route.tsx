import { useTranslation } from 'react-i18next';
import { FormScreen } from '@/components/form-screen';
import { OwnPasswordForm } from '../components/own-password-form';

/** `<area>/change-password`: the signed-in user's own password, inside the area's frame. */
export function OwnPasswordRoute() {
  const { t } = useTranslation();
  return (
    <FormScreen title={t('account.ownPassword.title')}>
      <OwnPasswordForm />
    </FormScreen>
  );
}
