import MailIcon from '@mui/icons-material/Mail';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import { FEEDBACK_EVENTS } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInvalidateOnEvents } from '@/lib/event-stream';
import { useCan } from '@/lib/session';
import { feedbackKeys } from '../api/feedback-keys';
import { useNewFeedbackCount } from '../api/get-new-feedback-count';

/**
 * Tieto's 'Viestit' tab (spec 001 §6: Pääylläpitäjä and Pääkäyttäjä): the count of new feedback,
 * leading to the feedback list, kept live by the event stream.
 */
export function MessagesTab() {
  return useCan({ do: 'seeMessagesTab' }) ? <LiveMessagesTab /> : null;
}

function LiveMessagesTab() {
  const { t } = useTranslation();
  const count = useNewFeedbackCount({ enabled: true });
  useInvalidateOnEvents(
    (event) => (event.type === FEEDBACK_EVENTS.changed ? [feedbackKeys.all] : []),
    [feedbackKeys.all],
  );
  const n = count.data ?? 0;
  return (
    <Button
      color="inherit"
      component={Link}
      to="/tieto/show-feedbacks"
      // Until the count arrives the tab is named without one (never a wrong "0").
      aria-label={
        count.data === undefined
          ? t('feedback.messagesTab')
          : t('feedback.messagesTabLabel', { count: n })
      }
      startIcon={
        <Badge badgeContent={n} color="error" max={99}>
          <MailIcon />
        </Badge>
      }
      sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
    >
      {t('feedback.messagesTab')}
    </Button>
  );
}
