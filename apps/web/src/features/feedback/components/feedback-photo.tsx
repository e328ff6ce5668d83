import Box from '@mui/material/Box';
import type { FeedbackRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { errorText } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';
import { useFeedbackPhoto } from '../api/feedback-photo';

/** The photo the sender attached, shown to them and to staff. */
export function FeedbackPhoto({ feedback }: { feedback: FeedbackRecord }) {
  const { t } = useTranslation();
  const photo = useFeedbackPhoto(feedback.id);
  const src = useObjectUrl(photo.data);
  if (photo.error) return <AlertMessage message={errorText(photo.error)} />;
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={t('feedback.photoAlt', { title: feedback.feedbackTitle })}
      sx={{
        display: 'block',
        // Its own size (at most the column's width and 320 px high), never stretched.
        alignSelf: 'flex-start',
        maxWidth: '100%',
        maxHeight: 320,
        objectFit: 'contain',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    />
  );
}
