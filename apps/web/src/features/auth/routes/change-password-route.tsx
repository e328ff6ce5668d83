import { useSearchParams } from 'react-router';
import { PasswordResetPage } from '../components/password-reset-page';

/** /change-password?code=…: the reset page with the e-mail field (spec 000 §2). */
export function ChangePasswordRoute() {
  const [params] = useSearchParams();
  return <PasswordResetPage code={params.get('code')} askEmail />;
}
