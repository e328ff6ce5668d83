import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { EDIT_DIALOG_MAX_WIDTH } from '@vahti/domain';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFeedback } from '@/lib/form-feedback';
import { FormAlerts } from './form-alerts';
import { ResponsiveDialog } from './responsive-dialog';
import { SubmitButton } from './submit-button';

export interface EditDialogProps {
  open: boolean;
  title: string;
  /** Cancel ('Peruuta'), Escape and the backdrop call it. */
  onClose: () => void;
  /** The form's handleSubmit(...). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Disables Save and shows progress. */
  pending: boolean;
  feedback: Pick<FormFeedback, 'success' | 'error' | 'dismissError'>;
  /** Default 'Tallenna'. */
  submitLabel?: string;
  /** The form fields. */
  children: ReactNode;
}

/**
 * The edit form of a list's row (spec 000 §2): at most 750 px wide, full screen on a phone, the
 * alerts on top, Cancel and Save below. Enter submits. The caller closes it and reloads the list
 * after a successful save.
 */
export function EditDialog({
  open,
  title,
  onClose,
  onSubmit,
  pending,
  feedback,
  submitLabel,
  children,
}: EditDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: { sm: EDIT_DIALOG_MAX_WIDTH } } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlerts feedback={feedback} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
          <Button onClick={onClose}>{t('components.cancel')}</Button>
          <SubmitButton pending={pending} size="medium">
            {submitLabel ?? t('components.save')}
          </SubmitButton>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
