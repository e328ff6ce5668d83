import Typography from '@mui/material/Typography';
import type { FeedbackRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';
import { FeedbackPhoto } from './feedback-photo';

/** The sender's message with its target and day and photo, as the sender wrote it. */
export function FeedbackMessage({ feedback }: { feedback: FeedbackRecord }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('feedback.about', {
          target: feedback.Targets[0]?.targetName ?? '',
          date: formatDate(feedback.createdAt),
        })}
        {feedback.senderName ? ` · ${feedback.senderName}` : ''}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {feedback.feedbackMessage}
      </Typography>
      {feedback.feedbackPhoto && <FeedbackPhoto feedback={feedback} />}
    </>
  );
}
