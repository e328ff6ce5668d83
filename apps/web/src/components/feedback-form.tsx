import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import type { FormFeedback } from '@/lib/form-feedback';
import { FormAlerts } from './form-alerts';

interface FeedbackFormProps {
  feedback: Pick<FormFeedback, 'success' | 'error' | 'dismissError'>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A form with its green and red alerts on top. Browser validation is off: the shared zod schema
 * validates, so every message is the spec's Finnish text. Enter submits.
 */
export function FeedbackForm({ feedback, onSubmit, children }: FeedbackFormProps) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <FormAlerts feedback={feedback} />
      {children}
    </Stack>
  );
}
