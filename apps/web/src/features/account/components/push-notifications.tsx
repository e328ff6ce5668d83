import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PushSubscriptionRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useFlashMessage } from '@/lib/use-flash-message';
import { PushRefusedError, pushSupport } from '@/lib/web-push';
import {
  usePushSubscriptions,
  useRemovePushBrowser,
  useSendTestPush,
  useTurnOnPush,
} from '../api/push-subscriptions';

/**
 * "Ilmoitukset tässä selaimessa": turn Web Push on or off here, the user's browsers that get
 * notifications (each removable), and a test notification.
 */
export function PushNotifications() {
  const { t } = useTranslation();
  const support = pushSupport();
  const { data } = usePushSubscriptions();
  const turnOn = useTurnOnPush();
  const remove = useRemovePushBrowser();
  const sendTest = useSendTestPush();
  const [flash, setFlash] = useFlashMessage();
  const [removing, setRemoving] = useState<PushSubscriptionRecord | null>(null);
  const browsers = data?.browsers ?? [];
  const own = browsers.find((b) => b.endpoint === data?.thisEndpoint);
  const labelOf = (b: PushSubscriptionRecord) => b.label || t('account.push.unknownBrowser');

  const turnOnError = turnOn.error
    ? turnOn.error instanceof PushRefusedError
      ? t(`account.push.${turnOn.error.reason}`)
      : errorText(turnOn.error)
    : null;

  const handleTurnOn = () =>
    turnOn.mutate(undefined, { onSuccess: ({ message }) => setFlash(message) });
  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: removing.id, thisBrowser: removing.id === own?.id },
      {
        onSuccess: ({ message }) => {
          setRemoving(null);
          setFlash(message);
        },
      },
    );
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="push-title">
      <Typography id="push-title" variant="h6" component="h2">
        {t('account.push.title')}
      </Typography>
      <Typography variant="body2">{t('account.push.intro')}</Typography>
      <AlertMessage message={flash} severity="success" />
      <AlertMessage message={turnOnError ?? errorText(sendTest.error)} />
      {support === 'ios' && <AlertMessage severity="info" message={t('account.push.ios')} />}
      {support === 'unsupported' && (
        <AlertMessage severity="info" message={t('account.push.unsupported')} />
      )}
      {support === 'supported' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {own ? (
            <Button variant="outlined" onClick={() => setRemoving(own)}>
              {t('account.push.turnOff')}
            </Button>
          ) : (
            <Button variant="contained" onClick={handleTurnOn} disabled={turnOn.isPending}>
              {t('account.push.turnOn')}
            </Button>
          )}
        </Stack>
      )}
      <Typography variant="subtitle1" component="h3">
        {t('account.push.browsers')}
      </Typography>
      {browsers.length === 0 ? (
        <Typography variant="body2">{t('account.push.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {browsers.map((browser) => (
            <ListItem
              key={browser.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('account.push.removeBrowser', { label: labelOf(browser) })}
                  onClick={() => setRemoving(browser)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={
                  browser.id === own?.id
                    ? `${labelOf(browser)} (${t('account.push.thisBrowser')})`
                    : labelOf(browser)
                }
                secondary={t('account.push.since', { date: formatDateTime(browser.createdAt) })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {browsers.length > 0 && (
        <Stack direction="row">
          <Button
            variant="outlined"
            disabled={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(undefined, { onSuccess: ({ message }) => setFlash(message) })
            }
          >
            {t('account.push.sendTest')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('account.push.removeTitle')}
        text={t('account.push.removeText', { label: removing ? labelOf(removing) : '' })}
        confirmLabel={t('account.push.remove')}
        pending={remove.isPending}
        error={errorText(remove.error)}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
