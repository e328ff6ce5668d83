import { MESSAGE_DISPLAY_MS } from '@vahti/domain';
import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from './api-client';
import { i18n, translateMessage } from './i18n';

interface SuccessMessage {
  text: string;
  /** Stays until the next action instead of hiding after MESSAGE_DISPLAY_MS. */
  persist: boolean;
}

export interface FormFeedbackOptions {
  /**
   * Shown instead of the server's own text for an answer from the server (the own-details save
   * says 'Jokin meni vikaan', spec 000 §8). A failure to reach the server keeps its own text.
   */
  serverErrorText?: string;
}

export interface FormFeedback {
  /** The green message: the `message` of a success answer. */
  success: string | null;
  /** The red message: the server's `error`, or 'Tarkasta annetut tiedot' on an invalid submit. */
  error: string | null;
  /** Clears both; call at the start of each submit (an error stays until the next action). */
  clear: () => void;
  /** The red alert's close button. */
  dismissError: () => void;
  showSuccess: (text: string, options?: { persist?: boolean }) => void;
  /** The form did not pass the shared zod schema. */
  showInvalid: () => void;
  /** A failed call: its text in the red alert, its per-field texts under the fields. */
  showError: (error: unknown) => void;
}

/**
 * The one place that turns an API answer into what a form shows (spec 000 §7–§8): success
 * messages in green for 3 s (or until the next action), errors in red until the next action,
 * per-field texts under the form's fields of the same name.
 */
export function useFormFeedback<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  { serverErrorText }: FormFeedbackOptions = {},
): FormFeedback {
  const [success, setSuccess] = useState<SuccessMessage | null>(null);
  const [error, setErrorText] = useState<string | null>(null);

  useEffect(() => {
    if (!success || success.persist) return;
    const timer = setTimeout(() => setSuccess(null), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [success]);

  return {
    success: success?.text ?? null,
    error,
    clear: () => {
      setSuccess(null);
      setErrorText(null);
    },
    dismissError: () => setErrorText(null),
    showSuccess: (text, { persist = false } = {}) => {
      setErrorText(null);
      setSuccess({ text, persist });
    },
    showInvalid: () => {
      setSuccess(null);
      setErrorText(i18n.t('validation.checkForm'));
    },
    showError: (failure) => {
      setSuccess(null);
      if (!isApiError(failure)) {
        setErrorText(i18n.t('api.unexpectedError'));
        return;
      }
      // The answer's per-field texts go under the form's own fields of the same name.
      const own = form.getValues();
      let shownOnField = false;
      for (const [field, message] of Object.entries(failure.fields)) {
        if (!(field in own)) continue;
        form.setError(field as Path<T>, { type: 'server', message });
        if (translateMessage(message) === failure.error) shownOnField = true;
      }
      // The text already stands under its field (a wrong registration code): once is enough.
      if (shownOnField) {
        setErrorText(null);
        return;
      }
      const fromServer = failure.status !== 0;
      setErrorText(fromServer && serverErrorText ? serverErrorText : failure.error);
    },
  };
}
