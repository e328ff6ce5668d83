import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type NotificationSettingsBody,
  type OrganizationNotificationsResponse,
  organizationNotificationsBody,
} from '@vahti/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { LoadingFallback } from '@/components/loading-fallback';
import { OrganizationPicker, useChosenOrganization } from '@/components/organization-picker';
import { SubmitButton } from '@/components/submit-button';
import { useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import {
  useOrganizationNotifications,
  useSaveOrganizationNotifications,
} from '../api/organization-notifications';
import { ChannelFields } from '../components/channel-fields';
import { EscalationFields } from '../components/escalation-fields';

const formValues = ({ email, push, escalation }: OrganizationNotificationsResponse) => ({
  email,
  push,
  escalation,
});

/**
 * /admin/notification-settings: the organization's notification defaults and escalation
 * (Ylläpitäjä; the top administrator picks the organization). In Hallinta, beside the
 * organization's other settings, since it governs every user of the organization.
 */
export function OrganizationNotificationsRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [chosen, choose] = useChosenOrganization();
  const organizationId = chosen ?? user?.userOrganization ?? '';
  const settings = useOrganizationNotifications(organizationId);
  return (
    <FormScreen title={t('notifications.organization.title')}>
      <Stack spacing={2}>
        <OrganizationPicker value={chosen} onChange={choose} />
        {settings.data ? (
          <OrganizationForm
            key={organizationId}
            organizationId={organizationId}
            settings={settings.data}
          />
        ) : settings.isError ? (
          <AlertMessage message={t('notifications.loadFailed')} />
        ) : (
          <LoadingFallback />
        )}
      </Stack>
    </FormScreen>
  );
}

function OrganizationForm({
  organizationId,
  settings,
}: {
  organizationId: string;
  settings: OrganizationNotificationsResponse;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: organizationNotificationsBody,
    defaultValues: formValues(settings),
    mutation: useSaveOrganizationNotifications(organizationId),
    afterSuccess: { reset: (saved) => formValues(saved) },
  });
  // The channel fields are the same as a user's; the escalation is on top of them.
  const channels = form as unknown as UseFormReturn<NotificationSettingsBody>;
  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <Typography>{t('notifications.organization.intro')}</Typography>
      <ChannelFields form={channels} channel="email" />
      <ChannelFields form={channels} channel="push" />
      <EscalationFields form={form} />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('notifications.submit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
