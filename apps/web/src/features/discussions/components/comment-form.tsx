import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { COMMENT_MAX_LENGTH, commentText } from '@vahti/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { SubmitButton } from '@/components/submit-button';
import { TextAreaField } from '@/components/text-area-field';
import { useMutationForm } from '@/lib/use-mutation-form';
import { type Mention, MentionPicker, mentionsIn } from './mention-picker';

const textForm = z.object({ text: commentText() });

interface CommentFormProps<TResponse extends { message: string }> {
  label: string;
  submitLabel: string;
  /** The call with the checked text and the users it @mentions. */
  mutation: (text: string, mentions: string[]) => Promise<TResponse>;
  /** A new comment or reply of this discussion: 'Mainitse käyttäjä' beside the text. */
  mentionIn?: string;
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
  mentionIn,
  onDone,
  onCancel,
}: CommentFormProps<TResponse>) {
  const { t } = useTranslation();
  const picked = useRef<Mention[]>([]);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: textForm,
    defaultValues: { text: initialText },
    mutation: (text: string) => mutation(text, mentionsIn(text, picked.current)),
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
      {mentionIn && (
        <MentionPicker
          discussionId={mentionIn}
          onPick={(user) => {
            picked.current = [...picked.current, user];
            const text = form.getValues('text');
            const gap = text === '' || /\s$/.test(text) ? '' : ' ';
            form.setValue('text', `${text}${gap}@${user.fullName} `, { shouldDirty: true });
          }}
        />
      )}
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
