import TextField from '@mui/material/TextField';
import { email, msg, sendRegistrationCodeBody } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { SubmitButton } from '@/components/submit-button';
import { translateMessage } from '@/lib/i18n';
import { useMutationForm } from '@/lib/use-mutation-form';
import { sendRegistrationCode } from '../api/send-registration-code';

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
  const schema = useMemo(
    () => sendFormSchema((addresses) => t('registrationCodes.invalidRecipients', { addresses })),
    [t],
  );
  const { form, feedback, submit, pending } = useMutationForm({
    schema,
    defaultValues: { recipients: '' },
    mutation: sendRegistrationCode,
    toVariables: ({ recipients: text }) => ({
      id: codeId,
      body: { code, recipients: splitAddresses(text) },
    }),
  });
  const { ref, ...recipients } = form.register('recipients');
  const error = translateMessage(form.formState.errors.recipients?.message);

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
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
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('registrationCodes.send')}
      </SubmitButton>
    </FeedbackForm>
  );
}
