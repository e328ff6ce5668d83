import { useTranslation } from 'react-i18next';
import { FormScreen } from '@/components/form-screen';
import { useSession } from '@/lib/session';
import { OwnDetailsForm } from '../components/own-details-form';

/** /edit-user-information and /vainu/edit-user-information: the user's own details. */
export function OwnDetailsRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <FormScreen title={t('account.ownDetails.title')}>
      {/* Only signed-in routes lead here, so the user is known. */}
      {user && <OwnDetailsForm user={user} />}
    </FormScreen>
  );
}
