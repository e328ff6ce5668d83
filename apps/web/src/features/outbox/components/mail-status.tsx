import type { MailStatus } from '@vahti/domain';
import { useTranslation } from 'react-i18next';

/** A mail's status in the user's language: 'Jonossa', 'Lähetetty', 'Epäonnistui', … */
export function MailStatusText({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return <>{t(`outbox.statuses.${status}`)}</>;
}
