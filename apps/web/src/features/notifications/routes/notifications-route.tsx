import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type NotificationSettingsResponse, notificationSettingsBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { LoadingFallback } from '@/components/loading-fallback';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useNotificationSettings } from '../api/get-notification-settings';
import {
  useResetNotificationSettings,
  useSaveNotificationSettings,
} from '../api/save-notification-settings';
import { ChannelFields } from '../components/channel-fields';

const formValues = ({ email, push }: NotificationSettingsResponse) => ({ email, push });

/** /vainu/notifications: My notifications, e-mail and push (issue 28). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <FormScreen title={t('notifications.title')}>
      {settings.data ? (
        <NotificationsForm settings={settings.data} />
      ) : settings.isError ? (
        <AlertMessage message={t('notifications.loadFailed')} />
      ) : (
        <LoadingFallback />
      )}
    </FormScreen>
  );
}

function NotificationsForm({ settings }: { settings: NotificationSettingsResponse }) {
  const { t } = useTranslation();
  const targets = useTargets();
  const reset = useResetNotificationSettings();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: notificationSettingsBody,
    defaultValues: formValues(settings),
    mutation: useSaveNotificationSettings(),
    afterSuccess: { reset: (saved) => formValues(saved) },
  });
  const handleReset = async () => {
    feedback.clear();
    try {
      const saved = await reset.mutateAsync();
      form.reset(formValues(saved));
      feedback.showSuccess(saved.message);
    } catch (error) {
      feedback.showError(error);
    }
  };
  const choices = targets.data?.map((target) => ({ id: target.targetId, name: target.targetName }));
  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <Typography>{t('notifications.intro')}</Typography>
      <Alert severity="info">
        {settings.own ? t('notifications.ownSettings') : t('notifications.followingDefaults')}
      </Alert>
      <ChannelFields form={form} channel="email" targets={choices ?? []} />
      <ChannelFields form={form} channel="push" targets={choices ?? []} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SubmitButton pending={pending}>{t('notifications.submit')}</SubmitButton>
        {settings.own && (
          <Button variant="outlined" onClick={handleReset} disabled={reset.isPending}>
            {t('notifications.reset')}
          </Button>
        )}
      </Stack>
    </FeedbackForm>
  );
}
