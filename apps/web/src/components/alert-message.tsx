import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AlertMessageProps {
  message: string | null | undefined;
  severity?: AlertColor;
  /**
   * The close button's action. An error without one still gets the button: it hides the alert
   * until another message (or the same one, shown again by a new action) replaces it.
   */
  onClose?: () => void;
  /** A button beside the text, e.g. 'Yritä uudelleen'. */
  action?: ReactNode;
}

/**
 * The one way screens show an outcome (spec 000 §7): success messages in green, server errors in
 * red. An error stays until the next action or until the user closes it (the close button is
 * named in the user's language and reachable by keyboard). Renders nothing without a message, so
 * callers can keep it in place.
 */
export function AlertMessage({ message, severity = 'error', onClose, action }: AlertMessageProps) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  // A new message clears the earlier dismissal.
  if (dismissed !== null && dismissed !== message) setDismissed(null);
  if (!message || dismissed === message) return null;
  const close = onClose ?? (severity === 'error' ? () => setDismissed(message) : undefined);
  return (
    <Alert
      severity={severity}
      role="alert"
      onClose={action ? undefined : close}
      closeText={t('app.close')}
      action={
        action && (
          <>
            {action}
            {close && <CloseButton label={t('app.close')} onClick={close} />}
          </>
        )
      }
    >
      {message}
    </Alert>
  );
}

/** The close button MUI's Alert draws itself, for an alert that has another action too. */
function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton color="inherit" size="small" aria-label={label} title={label} onClick={onClick}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
