import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { COMMENT_MAX_LENGTH, commentText } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { SubmitButton } from '@/components/submit-button';
import { TextAreaField } from '@/components/text-area-field';
import { type FormMutation, useMutationForm } from '@/lib/use-mutation-form';

const textForm = z.object({ text: commentText() });

interface CommentFormProps<TResponse extends { message: string }> {
  label: string;
  submitLabel: string;
  /** The call with the checked text. */
  mutation: FormMutation<string, TResponse>;
  /** For an edit: the text so far; the form keeps the result and offers 'Peruuta'. */
  initialText?: string;
  onDone?: (response: TResponse) => void;
  onCancel?: () => void;
}

/**
 * A comment, reply or edit: the text with its 5000 counter (spec 001 §5), checked by the shared
 * schema ('Kommentissa pitää olla ainakin 3 merkkiä') before it is sent.
 */
export function CommentForm<TResponse extends { message: string }>({
  label,
  submitLabel,
  mutation,
  initialText = '',
  onDone,
  onCancel,
}: CommentFormProps<TResponse>) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: textForm,
    defaultValues: { text: initialText },
    mutation,
    toVariables: (values) => values.text,
    successMessage: onCancel ? 'none' : 'flash',
    onSuccess: (response) => onDone?.(response),
  });
  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <TextAreaField
        form={form}
        name="text"
        label={label}
        maxLength={COMMENT_MAX_LENGTH}
        required
      />
      <Stack direction="row" spacing={1}>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        {onCancel && (
          <Button onClick={onCancel} disabled={pending}>
            {t('discussions.cancel')}
          </Button>
        )}
      </Stack>
    </FeedbackForm>
  );
}
