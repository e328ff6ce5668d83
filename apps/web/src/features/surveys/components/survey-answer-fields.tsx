import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANSWER_COMMENT_MAX,
  type AnswerValue,
  type QueryRecord,
  type SurveyQuestion,
} from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/dates';
import { AnswerScale } from './answer-scale';
import { sectionsOf } from './sections';

/** The survey's title, introduction and open days, above its questions. */
export function SurveyIntro({ query }: { query: QueryRecord }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="h2">
        {query.queryTitle}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{query.queryDescription}</Typography>
      {(query.queryOpensOn || query.queryClosesOn) && (
        <Typography color="text.secondary">
          {t('surveys.openDays', {
            from: query.queryOpensOn ? formatDay(query.queryOpensOn) : '',
            to: query.queryClosesOn ? formatDay(query.queryClosesOn) : '',
          })}
        </Typography>
      )}
    </Stack>
  );
}

interface SurveyAnswerFieldsProps {
  questions: SurveyQuestion[];
  answers: Partial<Record<string, AnswerValue>>;
  onAnswer: (questionId: string, value: AnswerValue) => void;
  /** Marks the unanswered questions (after a review was asked for). */
  showMissing: boolean;
  comment: string;
  onComment: (comment: string) => void;
}

/**
 * The questions section by section, each on the five-point scale, and the comment: what the
 * respondent fills in, and what the creator's preview shows.
 */
export function SurveyAnswerFields({
  questions,
  answers,
  onAnswer,
  showMissing,
  comment,
  onComment,
}: SurveyAnswerFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      {sectionsOf(questions).map((section) => (
        <Stack
          key={section.id}
          component="section"
          spacing={2}
          aria-labelledby={`${id}-${section.id}`}
        >
          <Stack spacing={0.5}>
            <Typography variant="h6" component="h3" id={`${id}-${section.id}`}>
              {section.title}
            </Typography>
            {section.description && (
              <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {section.description}
              </Typography>
            )}
          </Stack>
          {section.questions.map(({ question, number }) => (
            <AnswerScale
              key={question.id}
              question={`${number}. ${question.questionDescription}`}
              value={answers[question.id]}
              onChange={(value) => onAnswer(question.id, value)}
              error={
                showMissing && !answers[question.id]
                  ? t('validation.surveys.answersIncomplete')
                  : undefined
              }
            />
          ))}
        </Stack>
      ))}
      <TextField
        label={t('surveys.comment')}
        multiline
        minRows={3}
        value={comment}
        onChange={(event) => onComment(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: ANSWER_COMMENT_MAX },
          inputLabel: { shrink: true },
        }}
        helperText={`${comment.length}/${ANSWER_COMMENT_MAX}`}
      />
    </>
  );
}
