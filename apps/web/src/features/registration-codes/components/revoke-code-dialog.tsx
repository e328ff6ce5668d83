import type { RegistrationCodeRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { useRevokeRegistrationCode } from '../api/revoke-registration-code';

/** The code's targets as one line: "As Oy Kivikko, Rivitalo Haukilahti". */
export const targetNames = (code: RegistrationCodeRecord) =>
  code.targets.map((target) => target.targetName).join(', ');

interface RevokeCodeDialogProps {
  code: RegistrationCodeRecord;
  onClose: () => void;
  /** The code was revoked: the list reloads. */
  onRevoked: (message: string) => void;
}

/** Asks before a code is taken out of use: it cannot be brought back. */
export function RevokeCodeDialog({ code, onClose, onRevoked }: RevokeCodeDialogProps) {
  const { t } = useTranslation();
  const revoke = useRevokeRegistrationCode();
  return (
    <ConfirmDialog
      open
      title={t('registrationCodes.revokeTitle')}
      text={t('registrationCodes.revokeText', { targets: targetNames(code) })}
      confirmLabel={t('registrationCodes.revoke')}
      pending={revoke.isPending}
      error={errorText(revoke.error)}
      onConfirm={() => revoke.mutate(code.id, { onSuccess: ({ message }) => onRevoked(message) })}
      onClose={onClose}
    />
  );
}
