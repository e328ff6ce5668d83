import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from './alert-message';
import { ResponsiveDialog } from './responsive-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The other answer; default "Peruuta". A yes/no question answers "Ei". */
  cancelLabel?: string;
  pending?: boolean;
  /** A failed action, in red above the text; the dialog stays open for another try. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Are you sure?" before a removal or a revocation: Cancel is the default, the action is a red
 * button.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <AlertMessage message={error} />
          <DialogContentText id={textId}>{text}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} autoFocus>
          {cancelLabel ?? t('components.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          loading={pending}
          aria-busy={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
