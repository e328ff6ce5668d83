import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useOwnFeedbacks } from '../api/get-own-feedbacks';
import { FeedbackMessage } from '../components/feedback-message';

/**
 * /tieto/own-feedbacks ('Omat palautteet'): the signed-in user's feedback, newest first, each
 * with its state and the staff's reply — the resident's side of the conversation.
 */
export function OwnFeedbacksRoute() {
  const { t } = useTranslation();
  const feedbacks = useOwnFeedbacks();
  const list = feedbacks.data ?? [];
  return (
    <Stack spacing={3}>
      <PageHeader title={t('feedback.ownTitle')} intro={t('feedback.ownIntro')} />
      <AlertMessage message={errorText(feedbacks.error)} />
      {feedbacks.isPending && <LoadingFallback />}
      {feedbacks.isSuccess && list.length === 0 && (
        <Typography>
          {t('feedback.ownNone')}{' '}
          <Link component={RouterLink} to="/tieto/add-feedback">
            {t('feedback.addTitle')}
          </Link>
        </Typography>
      )}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((feedback) => (
          <Paper
            component="li"
            key={feedback.id}
            variant="outlined"
            sx={{ p: { xs: 2, sm: 3 } }}
            aria-labelledby={`feedback-${feedback.id}`}
          >
            <Stack spacing={1}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
              >
                <Typography variant="h6" component="h2" id={`feedback-${feedback.id}`}>
                  {feedback.feedbackTitle}
                </Typography>
                <Chip
                  size="small"
                  label={t(`feedback.states.${feedback.feedbackState}`)}
                  color={feedback.feedbackState === 'Uusi' ? 'primary' : 'default'}
                  variant={feedback.feedbackState === 'Uusi' ? 'filled' : 'outlined'}
                />
              </Stack>
              <FeedbackMessage feedback={feedback} />
              {feedback.feedbackReply ? (
                <Paper
                  variant="outlined"
                  sx={{
                    p: 1.5,
                    bgcolor: 'action.hover',
                    borderLeft: 4,
                    borderLeftColor: 'primary.main',
                  }}
                >
                  <Typography variant="subtitle2" component="h3">
                    {t('feedback.replyFrom', {
                      name: feedback.replierName ?? t('feedback.staff'),
                      date: formatDateTime(feedback.repliedAt),
                    })}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {feedback.feedbackReply}
                  </Typography>
                </Paper>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('feedback.noReply')}
                </Typography>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
