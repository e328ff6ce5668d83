import Alert, { type AlertColor } from '@mui/material/Alert';

interface AlertMessageProps {
  message: string | null | undefined;
  severity?: AlertColor;
  onClose?: () => void;
}

/**
 * The one way screens show an outcome: server errors in red, success messages in green
 * (spec 000 §7). Renders nothing without a message, so callers can keep it in place.
 */
export function AlertMessage({ message, severity = 'error', onClose }: AlertMessageProps) {
  if (!message) return null;
  return (
    <Alert severity={severity} role="alert" onClose={onClose}>
      {message}
    </Alert>
  );
}
