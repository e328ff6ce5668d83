import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passkeyName, type TotpEnrolmentResponse } from '@vahti/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AlertMessage } from '@/components/alert-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { RecoveryCodes } from '@/components/recovery-codes';
import { SubmitButton } from '@/components/submit-button';
import { TotpSetup } from '@/components/totp-setup';
import { errorText, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useMutationForm } from '@/lib/use-mutation-form';
import {
  beginOwnTotp,
  useAddOwnPasskey,
  useConfirmOwnTotp,
  useEndOtherSessions,
  useEndSession,
  useNewRecoveryCodes,
  useOwnSignIn,
  useRemoveOwnPasskey,
  useRemoveOwnTotp,
  useRemoveTrustedBrowser,
} from '../api/own-sign-in';

/** A listed item and its action, side by side where there is room, else the action below. */
function Row({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <ListItem
      disableGutters
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>{children}</Box>
      {action}
    </ListItem>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography component="h3" variant="h6">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

const passkeyForm = z.object({ name: passkeyName });

/** A confirmation asked before a removal: what, and what to do on yes. */
interface Pending {
  title: string;
  text: string;
  confirm: () => Promise<unknown>;
}

/**
 * Own details → sign-in and security: the authenticator app, passkeys, recovery codes, trusted
 * browsers and the active sign-ins, each removable. A change of a second factor signs the user
 * out elsewhere (the server does it; the list shows it).
 */
export function SignInSecurity() {
  const { t } = useTranslation();
  const overview = useOwnSignIn();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [totp, setTotp] = useState<TotpEnrolmentResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const confirmTotp = useConfirmOwnTotp();
  const addPasskey = useAddOwnPasskey();
  const removeTotp = useRemoveOwnTotp();
  const removePasskey = useRemoveOwnPasskey();
  const newCodes = useNewRecoveryCodes();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const removeTrusted = useRemoveTrustedBrowser();

  const done = (answer: { message: string; recoveryCodes?: string[] }) => {
    setMessage({ text: answer.message, error: false });
    if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
  };
  const failed = (error: unknown) =>
    setMessage({
      text: isApiError(error) ? (errorText(error) ?? '') : t('login.passkeyCancelled'),
      error: true,
    });
  const run = async (action: () => Promise<{ message: string; recoveryCodes?: string[] }>) => {
    setMessage(null);
    try {
      done(await action());
    } catch (error) {
      failed(error);
    }
  };

  const passkey = useMutationForm({
    schema: passkeyForm,
    defaultValues: { name: '' },
    mutation: ({ name }: { name: string }) => addPasskey.mutateAsync(name),
    successMessage: 'none',
    onSuccess: done,
    onError: (error) => {
      if (!isApiError(error)) failed(error);
    },
  });

  const handleConfirm = async () => {
    if (!pending) return;
    setConfirmError(null);
    try {
      const answer = (await pending.confirm()) as { message: string; recoveryCodes?: string[] };
      setPending(null);
      done(answer);
    } catch (error) {
      setConfirmError(errorText(error));
    }
  };

  const data = overview.data;
  if (overview.isError) return <AlertMessage message={errorText(overview.error)} />;
  if (!data) return null;

  const texts = (key: string, options?: Record<string, unknown>) =>
    t(`account.signIn.${key}`, options);
  return (
    <Stack spacing={2.5} aria-labelledby="sign-in-security-title" component="div">
      <Typography id="sign-in-security-title" component="h2" variant="h5">
        {texts('title')}
      </Typography>
      <AlertMessage severity={message?.error ? 'error' : 'success'} message={message?.text} />
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}

      <Section title={texts('totpTitle')}>
        <Typography>{texts(data.totp ? 'totpOn' : 'totpOff')}</Typography>
        {totp && !data.totp && (
          <TotpSetup
            enrolment={totp}
            confirm={(code) => confirmTotp.mutateAsync(code)}
            onConfirmed={(answer) => {
              setTotp(null);
              done(answer);
            }}
          />
        )}
        {!data.totp && !totp && (
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              run(async () => {
                const enrolment = await beginOwnTotp();
                setTotp(enrolment);
                return { message: enrolment.message };
              })
            }
          >
            {texts('totpEnable')}
          </Button>
        )}
        {data.totp && (
          <Button
            color="error"
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              setPending({
                title: texts('totpRemove'),
                text: texts('removeText'),
                confirm: () => removeTotp.mutateAsync(undefined),
              })
            }
          >
            {texts('totpRemove')}
          </Button>
        )}
      </Section>

      <Section title={texts('passkeysTitle')}>
        {data.passkeys.length === 0 && <Typography>{texts('passkeysNone')}</Typography>}
        <List disablePadding>
          {data.passkeys.map((key) => (
            <Row
              key={key.passkeyId}
              action={
                <Button
                  color="error"
                  onClick={() =>
                    setPending({
                      title: texts('passkeyRemove', { name: key.name }),
                      text: texts('removeText'),
                      confirm: () => removePasskey.mutateAsync(key.passkeyId),
                    })
                  }
                >
                  {texts('remove')}
                </Button>
              }
            >
              <ListItemText
                primary={key.name}
                secondary={texts('passkeyAdded', { at: formatDateTime(key.createdAt) })}
              />
            </Row>
          ))}
        </List>
        <FeedbackForm feedback={passkey.feedback} onSubmit={passkey.submit}>
          <FormTextField
            {...fieldProps(passkey.form, 'name')}
            id="own-passkey-name"
            label={t('login.passkeyName')}
            required
          />
          <SubmitButton pending={passkey.pending}>{t('login.enrolPasskey')}</SubmitButton>
        </FeedbackForm>
      </Section>

      <Section title={texts('recoveryTitle')}>
        <Typography>{texts('recoveryLeft', { count: data.recoveryCodesLeft })}</Typography>
        {(data.totp || data.passkeys.length > 0) && (
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => run(() => newCodes.mutateAsync(undefined))}
          >
            {texts('recoveryNew')}
          </Button>
        )}
      </Section>

      <Section title={texts('trustedTitle')}>
        {data.trustedBrowsers.length === 0 && <Typography>{texts('trustedNone')}</Typography>}
        <List disablePadding>
          {data.trustedBrowsers.map((browser) => (
            <Row
              key={browser.trustedBrowserId}
              action={
                <Button
                  color="error"
                  onClick={() => run(() => removeTrusted.mutateAsync(browser.trustedBrowserId))}
                >
                  {texts('remove')}
                </Button>
              }
            >
              <ListItemText
                primary={browser.browser}
                secondary={texts('trustedUntil', {
                  ip: browser.ip ?? '',
                  at: formatDateTime(browser.expiresAt),
                })}
              />
            </Row>
          ))}
        </List>
      </Section>

      <Section title={texts('sessionsTitle')}>
        <List disablePadding>
          {data.sessions.map((session) => (
            <Row
              key={session.sessionId}
              action={
                session.current ? (
                  <Chip size="small" label={texts('thisBrowser')} />
                ) : (
                  <Button onClick={() => run(() => endSession.mutateAsync(session.sessionId))}>
                    {texts('end')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={session.browser}
                secondary={texts('sessionDetails', {
                  ip: session.ip ?? '',
                  at: formatDateTime(session.createdAt),
                  used: formatDateTime(session.lastUsedAt),
                })}
              />
            </Row>
          ))}
        </List>
        {data.sessions.length > 1 && (
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => run(() => endOthers.mutateAsync(undefined))}
          >
            {texts('endOthers')}
          </Button>
        )}
      </Section>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        text={pending?.text ?? ''}
        confirmLabel={texts('remove')}
        error={confirmError}
        onConfirm={handleConfirm}
        onClose={() => {
          setPending(null);
          setConfirmError(null);
        }}
      />
    </Stack>
  );
}
