import Stack from '@mui/material/Stack';
import type { FormFeedback } from '@/lib/form-feedback';
import { AlertMessage } from './alert-message';

/** The green and red alerts of a form (see useFormFeedback); renders nothing when both are empty. */
export function FormAlerts({
  feedback,
}: {
  feedback: Pick<FormFeedback, 'success' | 'error' | 'dismissError'>;
}) {
  if (!feedback.success && !feedback.error) return null;
  return (
    <Stack spacing={1}>
      <AlertMessage severity="success" message={feedback.success} />
      <AlertMessage severity="error" message={feedback.error} onClose={feedback.dismissError} />
    </Stack>
  );
}
