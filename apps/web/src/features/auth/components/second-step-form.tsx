import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  passkeyName,
  recoveryCode,
  type SecondStepResponse,
  type SignedInResponse,
  type TotpEnrolmentResponse,
  totpCode,
} from '@vahti/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AlertMessage } from '@/components/alert-message';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { TotpSetup } from '@/components/totp-setup';
import { errorText } from '@/lib/api-client';
import { useMutationForm } from '@/lib/use-mutation-form';
import {
  confirmEnrolTotp,
  enrolPasskey,
  enrolTotp,
  passkeyFailure,
  secondStep,
  signInWithPasskey,
} from '../api/second-step';

type Step = SecondStepResponse['secondStep'];
type SignedIn = SignedInResponse;

const codeSchemas = {
  totpCode: z.object({ code: totpCode }),
  recoveryCode: z.object({ code: recoveryCode }),
};

/** One code field: the authenticator app's, or a recovery code. */
function CodeForm({
  field,
  ticket,
  trustBrowser,
  onSignedIn,
  children,
}: {
  field: 'totpCode' | 'recoveryCode';
  ticket: string;
  trustBrowser: boolean;
  onSignedIn: (answer: SignedIn) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: codeSchemas[field],
    defaultValues: { code: '' },
    mutation: ({ code }: { code: string }) => secondStep({ ticket, trustBrowser, [field]: code }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: onSignedIn,
  });
  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <FormTextField
        {...fieldProps(form, 'code')}
        id={field === 'totpCode' ? 'login-totp' : 'login-recovery-code'}
        label={t(field === 'totpCode' ? 'login.totpCode' : 'login.recoveryCode')}
        autoComplete={field === 'totpCode' ? 'one-time-code' : 'off'}
        inputProps={field === 'totpCode' ? { inputMode: 'numeric' } : undefined}
        required
      />
      <SubmitButton pending={pending}>{t('login.confirm')}</SubmitButton>
      {children}
    </FeedbackForm>
  );
}

/**
 * The second step of sign-in: the code of the authenticator app, a passkey or a recovery code,
 * and "trust this browser for 30 days". With `step.enrol` the organization requires a second
 * factor the user does not have yet: they set one up here and are then signed in.
 */
export function SecondStepForm({
  step,
  onSignedIn,
}: {
  step: Step;
  onSignedIn: (answer: SignedIn) => void;
}) {
  if (step.enrol) return <EnrolForm ticket={step.ticket} onSignedIn={onSignedIn} />;
  return <ChallengeForm step={step} onSignedIn={onSignedIn} />;
}

function ChallengeForm({ step, onSignedIn }: { step: Step; onSignedIn: (a: SignedIn) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'totp' | 'recoveryCode'>(
    step.methods.includes('totp') ? 'totp' : 'recoveryCode',
  );
  const [trustBrowser, setTrustBrowser] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const handlePasskey = async () => {
    setPasskeyError(null);
    setPasskeyPending(true);
    try {
      onSignedIn(await signInWithPasskey({ ticket: step.ticket, trustBrowser }));
    } catch (error) {
      setPasskeyError(passkeyFailure(error, t));
    } finally {
      setPasskeyPending(false);
    }
  };

  const otherMode = mode === 'totp' ? 'recoveryCode' : 'totp';
  return (
    <Stack spacing={2.5}>
      <Typography>{t('login.secondStepIntro')}</Typography>
      <FormControlLabel
        control={
          <Checkbox checked={trustBrowser} onChange={(_, checked) => setTrustBrowser(checked)} />
        }
        label={t('login.trustBrowser')}
      />
      {step.methods.includes('passkey') && (
        <>
          <AlertMessage severity="error" message={passkeyError} />
          <Button variant="contained" size="large" loading={passkeyPending} onClick={handlePasskey}>
            {t('login.usePasskey')}
          </Button>
          {(step.methods.includes('totp') || step.methods.includes('recoveryCode')) && (
            <Divider>{t('login.or')}</Divider>
          )}
        </>
      )}
      {(step.methods.includes('totp') || step.methods.includes('recoveryCode')) && (
        <CodeForm
          key={mode}
          field={mode === 'totp' ? 'totpCode' : 'recoveryCode'}
          ticket={step.ticket}
          trustBrowser={trustBrowser}
          onSignedIn={onSignedIn}
        >
          {step.methods.includes(otherMode) && (
            <Button onClick={() => setMode(otherMode)} sx={{ alignSelf: 'center' }}>
              {t(otherMode === 'totp' ? 'login.useTotp' : 'login.useRecoveryCode')}
            </Button>
          )}
        </CodeForm>
      )}
    </Stack>
  );
}

const passkeyForm = z.object({ name: passkeyName });

function EnrolForm({ ticket, onSignedIn }: { ticket: string; onSignedIn: (a: SignedIn) => void }) {
  const { t } = useTranslation();
  const [totp, setTotp] = useState<TotpEnrolmentResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const passkey = useMutationForm({
    schema: passkeyForm,
    defaultValues: { name: t('login.passkeyDefaultName') },
    mutation: ({ name }: { name: string }) => enrolPasskey({ ticket, name }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: onSignedIn,
  });

  const handleTotp = async () => {
    setError(null);
    try {
      setTotp(await enrolTotp(ticket));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  if (totp) {
    return (
      <TotpSetup
        enrolment={totp}
        confirm={(code) => confirmEnrolTotp({ ticket, totpCode: code })}
        onConfirmed={onSignedIn}
      />
    );
  }
  return (
    <Stack spacing={2.5}>
      <Typography>{t('login.enrolIntro')}</Typography>
      <AlertMessage severity="error" message={error} />
      <Button variant="contained" size="large" onClick={handleTotp}>
        {t('login.enrolTotp')}
      </Button>
      <Divider>{t('login.or')}</Divider>
      <FeedbackForm feedback={passkey.feedback} onSubmit={passkey.submit}>
        <FormTextField
          {...fieldProps(passkey.form, 'name')}
          id="enrol-passkey-name"
          label={t('login.passkeyName')}
          required
        />
        <SubmitButton pending={passkey.pending}>{t('login.enrolPasskey')}</SubmitButton>
      </FeedbackForm>
    </Stack>
  );
}
