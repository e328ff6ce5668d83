import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { email, msg, sendRegistrationCodeBody } from '@vahti/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { translateMessage } from '@/lib/i18n';
import { useSendRegistrationCode } from '../api/send-registration-code';

const adminEmail = email('emailInvalidAdmin');

/** Addresses typed one after another, separated by commas, semicolons, spaces or new lines. */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/**
 * The recipients as one text, checked address by address with the domain's e-mail rule; the
 * message names the addresses that fail.
 */
function sendFormSchema(invalidText: (addresses: string) => string) {
  return z.object({
    recipients: z.string().superRefine((text, ctx) => {
      const addresses = splitAddresses(text);
      const invalid = addresses.filter((address) => !adminEmail.safeParse(address).success);
      if (invalid.length > 0) {
        ctx.addIssue({ code: 'custom', message: invalidText(invalid.join(', ')) });
        return;
      }
      const list = sendRegistrationCodeBody.shape.recipients.safeParse(addresses);
      if (!list.success) {
        ctx.addIssue({
          code: 'custom',
          message: list.error.issues[0]?.message ?? msg('invalidValue'),
        });
      }
    }),
  });
}

interface SendCodeFormProps {
  codeId: string;
  code: string;
}

/** Mails the new code with registration instructions (POST /api/registration-codes/{id}/send). */
export function SendCodeForm({ codeId, code }: SendCodeFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendRegistrationCode();
  const schema = useMemo(
    () => sendFormSchema((addresses) => t('registrationCodes.invalidRecipients', { addresses })),
    [t],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { recipients: '' } });
  const feedback = useFormFeedback(form);
  const { ref, ...recipients } = form.register('recipients');
  const error = translateMessage(form.formState.errors.recipients?.message);

  const handleValid = ({ recipients: text }: { recipients: string }) => {
    feedback.clear();
    sendCode.mutate(
      { id: codeId, body: { code, recipients: splitAddresses(text) } },
      {
        onSuccess: ({ message }) => {
          form.reset({ recipients: '' });
          feedback.showSuccess(message);
        },
        onError: feedback.showError,
      },
    );
  };

  return (
    <FeedbackForm
      feedback={feedback}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
    >
      <TextField
        {...recipients}
        inputRef={ref}
        label={t('registrationCodes.recipients')}
        multiline
        minRows={2}
        fullWidth
        error={Boolean(error)}
        helperText={error || t('registrationCodes.recipientsHint')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-required': true, autoComplete: 'off', spellCheck: false },
        }}
      />
      <SubmitButton pending={sendCode.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('registrationCodes.send')}
      </SubmitButton>
    </FeedbackForm>
  );
}
