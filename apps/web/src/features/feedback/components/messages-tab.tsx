import MailIcon from '@mui/icons-material/Mail';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/lib/session';
import { useNewFeedbackCount } from '../api/feedbacks';

/**
 * Tieto's 'Viestit' tab (spec 001 §6: Pääylläpitäjä and Pääkäyttäjä): the count of new feedback,
 * leading to the feedback list. The count is the query `feedbackKeys.newFeedbacks()`.
 */
export function MessagesTab() {
  const { t } = useTranslation();
  const allowed = useCan({ do: 'seeMessagesTab' });
  const count = useNewFeedbackCount({ enabled: allowed });
  if (!allowed) return null;
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
