import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FEEDBACK_PHOTO_MAX_BYTES } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { FilePickerButton } from '@/components/file-picker-button';

interface FeedbackPhotoFieldProps {
  photo: File | null;
  onChange: (photo: File | null) => void;
  /** The photo's own error (too large, not a JPG, not saved). */
  error: string | null;
  onError: (error: string | null) => void;
}

/**
 * The optional photo of a feedback: one JPG, at most FEEDBACK_PHOTO_MAX_BYTES. A file that is too
 * large is refused at once; the server judges the content (and the size again).
 */
export function FeedbackPhotoField({ photo, onChange, error, onError }: FeedbackPhotoFieldProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const handleFile = (file: File) => {
    if (file.size > FEEDBACK_PHOTO_MAX_BYTES) {
      onError(t('validation.feedback.photoTooLarge'));
      return;
    }
    onError(null);
    onChange(file);
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FilePickerButton
          accept="image/jpeg"
          icon={<AddPhotoIcon />}
          describedBy={hintId}
          onFile={handleFile}
        >
          {t(photo ? 'feedback.replacePhoto' : 'feedback.choosePhoto')}
        </FilePickerButton>
        {photo && (
          <>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{photo.name}</Typography>
            <Button color="error" onClick={() => onChange(null)}>
              {t('feedback.removePhoto')}
            </Button>
          </>
        )}
      </Stack>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {t('feedback.photoHint')}
      </Typography>
      <AlertMessage message={error} onClose={() => onError(null)} />
    </Stack>
  );
}
