import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AnswerValue, helsinkiToday, MESSAGE_DISPLAY_MS, SECTION_PATH } from '@vahti/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useQueriesOfTarget } from '../api/get-queries-of-target';
import { useSurveyForTarget } from '../api/get-survey-for-target';
import { useSendAnswers } from '../api/send-answers';
import { SurveyAnswerFields, SurveyIntro } from '../components/survey-answer-fields';

type Step = 'answer' | 'review' | 'sent';

/**
 * /tieto/show-survey-form (spec 001 §2 Tieto 5): choose the target (required) and the survey,
 * read the intro, answer each question on the five-point scale, comment, review and revise, send.
 * After sending nothing can be changed and the dashboard opens after 3 s.
 */
/** Why a survey takes no answers today (its days, Finnish time), or null while it does. */
function closedToday(query: { queryOpensOn?: string | null; queryClosesOn?: string | null }) {
  const today = helsinkiToday();
  if (query.queryOpensOn && today < query.queryOpensOn) return 'surveys.notOpenYet';
  if (query.queryClosesOn && today > query.queryClosesOn) return 'surveys.ended';
  return null;
}

export function ShowSurveyFormRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const targets = useTargets();
  const [targetId, setTargetId] = useState('');
  const [chosenQueryId, setChosenQueryId] = useState(params.get('queryId') ?? '');
  const [targetError, setTargetError] = useState(false);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [comment, setComment] = useState('');
  const [showMissing, setShowMissing] = useState(false);
  const [step, setStep] = useState<Step>('answer');
  const surveys = useQueriesOfTarget(targetId);
  const surveyList = surveys.data ?? [];
  const queryId = surveyList.some((s) => s.queryId === chosenQueryId)
    ? chosenQueryId
    : (surveyList[0]?.queryId ?? '');
  const survey = useSurveyForTarget(targetId, queryId);
  const send = useSendAnswers();

  // The first target of the user is the active one (spec 000 §4).
  useEffect(() => {
    const first = targets.data?.[0];
    if (!targetId && first) setTargetId(first.targetId);
  }, [targets.data, targetId]);

  useEffect(() => {
    if (step !== 'sent') return;
    const timer = setTimeout(() => navigate(`${SECTION_PATH.tieto}/dashboard`), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  const questions = survey.data?.questions ?? [];
  const missing = questions.filter((question) => !answers[question.id]);
  const answerLabel = (value: AnswerValue | undefined) =>
    value ? t(`surveys.scale.${value}`) : t('surveys.notAnswered');

  const resetAnswers = () => {
    setAnswers({});
    setComment('');
    setShowMissing(false);
    setStep('answer');
    send.reset();
  };

  const handleReview = (event: FormEvent) => {
    event.preventDefault();
    if (!targetId) {
      setTargetError(true);
      return;
    }
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    setStep('review');
  };

  const handleSend = () => {
    if (!survey.data) return;
    send.mutate(
      {
        queryId: survey.data.query.queryId,
        queryTargetId: targetId,
        answers,
        queryComment: comment.trim() || null,
      },
      { onSuccess: () => setStep('sent') },
    );
  };

  const loadError = errorText(targets.error) ?? errorText(surveys.error) ?? errorText(survey.error);
  const locked = step !== 'answer';

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('surveys.formTitle')} />
      <AlertMessage message={loadError} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate spacing={3} onSubmit={handleReview}>
          <FormControl fullWidth required error={targetError} disabled={locked}>
            <InputLabel id={`${id}-target`} shrink>
              {t('surveys.chooseTarget')}
            </InputLabel>
            <Select
              labelId={`${id}-target`}
              label={t('surveys.chooseTarget')}
              notched
              displayEmpty
              value={targetId}
              onChange={(event) => {
                setTargetId(event.target.value);
                setTargetError(false);
                resetAnswers();
              }}
              SelectDisplayProps={{
                'aria-required': true,
                'aria-describedby': targetError ? `${id}-target-error` : undefined,
              }}
            >
              {(targets.data ?? []).map((target) => (
                <MenuItem key={target.targetId} value={target.targetId}>
                  {target.targetName}
                </MenuItem>
              ))}
            </Select>
            {targetError && (
              <FormHelperText id={`${id}-target-error`}>
                {t('validation.surveys.surveyTargetRequired')}
              </FormHelperText>
            )}
          </FormControl>

          {surveyList.length > 1 && (
            <FormControl fullWidth disabled={locked}>
              <InputLabel id={`${id}-survey`} shrink>
                {t('surveys.chooseSurvey')}
              </InputLabel>
              <Select
                labelId={`${id}-survey`}
                label={t('surveys.chooseSurvey')}
                notched
                value={queryId}
                onChange={(event) => {
                  setChosenQueryId(event.target.value);
                  resetAnswers();
                }}
              >
                {surveyList.map((s) => (
                  <MenuItem key={s.queryId} value={s.queryId}>
                    {s.queryTitle}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}

          {targetId && surveys.isSuccess && surveyList.length === 0 && (
            <Typography>{t('surveys.noSurveys')}</Typography>
          )}

          {survey.data && (
            <>
              <Divider />
              <SurveyIntro query={survey.data.query} />
              {survey.data.answered && step !== 'sent' ? (
                <AlertMessage severity="info" message={t('surveys.alreadyAnswered')} />
              ) : closedToday(survey.data.query) && step !== 'sent' ? (
                <AlertMessage severity="info" message={t(closedToday(survey.data.query) ?? '')} />
              ) : step === 'answer' ? (
                <>
                  <SurveyAnswerFields
                    questions={questions}
                    answers={answers}
                    onAnswer={(questionId, value) =>
                      setAnswers((current) => ({ ...current, [questionId]: value }))
                    }
                    showMissing={showMissing}
                    comment={comment}
                    onComment={setComment}
                  />
                  <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
                    {t('surveys.review')}
                  </Button>
                </>
              ) : (
                <Stack spacing={2}>
                  {step === 'review' && <Typography>{t('surveys.reviewIntro')}</Typography>}
                  <Stack component="dl" spacing={1} sx={{ m: 0 }}>
                    {questions.map((question, index) => (
                      <div key={question.id}>
                        <Typography component="dt" sx={{ fontWeight: 600 }}>
                          {index + 1}. {question.questionDescription}
                        </Typography>
                        <Typography component="dd" sx={{ ml: 2 }}>
                          {answerLabel(answers[question.id])}
                        </Typography>
                      </div>
                    ))}
                    {comment.trim() && (
                      <div>
                        <Typography component="dt" sx={{ fontWeight: 600 }}>
                          {t('surveys.comment')}
                        </Typography>
                        <Typography component="dd" sx={{ ml: 2, whiteSpace: 'pre-line' }}>
                          {comment.trim()}
                        </Typography>
                      </div>
                    )}
                  </Stack>
                  <AlertMessage message={errorText(send.error)} onClose={() => send.reset()} />
                  {step === 'sent' ? (
                    <AlertMessage
                      severity="success"
                      message={`${send.data?.message ?? ''} ${t('surveys.sent')}`}
                    />
                  ) : (
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                      <Button variant="outlined" onClick={() => setStep('answer')}>
                        {t('surveys.edit')}
                      </Button>
                      <Button
                        variant="contained"
                        loading={send.isPending}
                        loadingPosition="start"
                        aria-busy={send.isPending}
                        onClick={handleSend}
                      >
                        {t('surveys.send')}
                      </Button>
                    </Stack>
                  )}
                </Stack>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
