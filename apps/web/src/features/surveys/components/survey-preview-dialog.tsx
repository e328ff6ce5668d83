import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { AnswerValue, QueryRecord } from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { errorText } from '@/lib/api-client';
import { useQueryQuestions } from '../api/get-query-questions';
import { SurveyAnswerFields, SurveyIntro } from './survey-answer-fields';

/**
 * The survey as the respondent sees it, for its creator before publishing: the same fields the
 * answer form uses, to be tried, but nothing can be sent.
 */
export function SurveyPreviewDialog({
  query,
  onClose,
}: {
  query: QueryRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const questions = useQueryQuestions(query.queryId);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [comment, setComment] = useState('');
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      <DialogTitle id={titleId}>{t('surveys.previewTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <AlertMessage severity="info" message={t('surveys.previewIntro')} />
          <AlertMessage message={errorText(questions.error)} />
          <SurveyIntro query={query} />
          {questions.isPending ? (
            <LoadingFallback />
          ) : (
            <SurveyAnswerFields
              questions={questions.data ?? []}
              answers={answers}
              onAnswer={(questionId, value) =>
                setAnswers((current) => ({ ...current, [questionId]: value }))
              }
              showMissing={false}
              comment={comment}
              onComment={setComment}
            />
          )}
          <Button variant="contained" disabled sx={{ alignSelf: 'flex-start' }}>
            {t('surveys.review')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('surveys.closePreview')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
