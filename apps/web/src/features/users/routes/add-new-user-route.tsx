import { useTranslation } from 'react-i18next';
import { FormScreen } from '@/components/form-screen';
import { NewUserForm } from '../components/new-user-form';

/** /admin/add-new-user: an administrator creates a user (spec 000 §2, §5). */
export function AddNewUserRoute() {
  const { t } = useTranslation();
  return (
    <FormScreen title={t('users.addTitle')}>
      <NewUserForm />
    </FormScreen>
  );
}
