import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ANSWER_VALUES, type QuestionResult } from '@vahti/domain';
import { Fragment, lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { PageHeader } from '@/components/page-header';
import { TableScroll } from '@/components/table-scroll';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { useAllResults } from '../api/get-all-results';
import { useQueries } from '../api/get-queries';
import { useSurveyResults } from '../api/get-survey-results';
import { useRemindAudience } from '../api/remind-audience';
import { csvDecimal, csvFileName, downloadCsv, toCsv } from '../components/csv';
import { IndoorAirSummary } from '../components/indoor-air-summary';
import { sectionsOf } from '../components/sections';

// ECharts loads with this screen's chart only.
const ResultsChart = lazy(() => import('../components/results-chart'));

/** The survey last looked at, kept for the session (spec 001 §2: "query id kept in session"). */
const SESSION_KEY = 'vahti.tieto.queryId';

const formatPercent = (value: number, language: string) =>
  `${value.toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

/**
 * /tieto/show-survey-results (spec 001 §2 Tieto 6): per question the counts a1..a5 and their
 * shares of the answers (2 decimals), a stacked bar per question, and a CSV export. The survey
 * comes from ?queryId, else the session, else the choice on the screen. With one target chosen,
 * the target's temperature and CO2 over the survey's period are shown beside the answers.
 */
export function ShowSurveyResultsRoute() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const queryId = params.get('queryId') ?? sessionStorage.getItem(SESSION_KEY) ?? '';
  const [targetId, setTargetId] = useState('');
  const queries = useQueries();
  const results = useSurveyResults(queryId, targetId);
  const answers = useAllResults(queryId, targetId);
  const comments = (answers.data ?? []).filter((answer) => answer.queryComment);
  const remind = useRemindAudience();
  const query = queries.data?.find((candidate) => candidate.queryId === queryId);
  const target = query?.Targets.find((candidate) => candidate.targetId === targetId);
  // The target's indoor air beside its answers, for users who may read Vainu's readings.
  const seesReadings = useCan({ do: 'openSection', section: 'vainu' });

  useEffect(() => {
    if (queryId) sessionStorage.setItem(SESSION_KEY, queryId);
  }, [queryId]);

  const rows: QuestionResult[] = results.data?.results ?? [];
  const language = i18n.resolvedLanguage ?? 'fi';

  const handleExport = () => {
    if (!results.data) return;
    const header = [
      t('surveys.csvGroup'),
      t('surveys.csvQuestion'),
      ...ANSWER_VALUES.map((value) => t(`surveys.scale.${value}`)),
      t('surveys.total'),
      ...ANSWER_VALUES.map((value) => `${t(`surveys.scale.${value}`)} %`),
    ];
    const body = rows.map((row, index) => [
      row.queryQuestionGroupName,
      `${index + 1}. ${row.questionDescription}`,
      ...ANSWER_VALUES.map((value) => row[`a${value}`]),
      row.total,
      ...ANSWER_VALUES.map((value) => csvDecimal(row.percentages[`a${value}`], 2)),
    ]);
    const commentRows = comments.map((answer) => [
      answer.targetName,
      formatDateTime(answer.createdAt),
      answer.queryComment,
    ]);
    const commentPart = commentRows.length
      ? [
          [],
          [t('surveys.resultsTarget'), t('surveys.commentTime'), t('surveys.comment')],
          ...commentRows,
        ]
      : [];
    downloadCsv(
      csvFileName(results.data.query.queryTitle),
      toCsv([header, ...body, ...commentPart]),
    );
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('surveys.resultsTitle')} />
      <AlertMessage
        message={errorText(queries.error) ?? errorText(results.error) ?? errorText(answers.error)}
      />
      {!queryId && <Typography>{t('surveys.chooseQueryHint')}</Typography>}
      {query && !targetId && seesReadings && (
        <Typography color="text.secondary">{t('surveys.perTargetHint')}</Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormControl fullWidth>
          <InputLabel id={`${id}-query`} shrink>
            {t('surveys.resultsOf')}
          </InputLabel>
          <Select
            labelId={`${id}-query`}
            label={t('surveys.resultsOf')}
            notched
            displayEmpty
            value={queries.data ? queryId : ''}
            onChange={(event) => {
              setTargetId('');
              setParams({ queryId: event.target.value }, { replace: true });
            }}
          >
            <MenuItem value="" disabled>
              {t('surveys.chooseQuery')}
            </MenuItem>
            {(queries.data ?? []).map((candidate) => (
              <MenuItem key={candidate.queryId} value={candidate.queryId}>
                {candidate.queryTitle}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl fullWidth disabled={!query}>
          <InputLabel id={`${id}-target`} shrink>
            {t('surveys.resultsTarget')}
          </InputLabel>
          <Select
            labelId={`${id}-target`}
            label={t('surveys.resultsTarget')}
            notched
            displayEmpty
            value={targetId}
            onChange={(event) => setTargetId(event.target.value)}
          >
            <MenuItem value="">{t('surveys.allTargets')}</MenuItem>
            {(query?.Targets ?? []).map((target) => (
              <MenuItem key={target.targetId} value={target.targetId}>
                {target.targetName}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>

      {results.data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Stack>
                <Typography variant="h5" component="h2">
                  {results.data.query.queryTitle}
                </Typography>
                <Typography>
                  {t('surveys.answerCount', { count: results.data.answerCount })}
                </Typography>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="outlined" startIcon={<DownloadIcon />} onClick={handleExport}>
                  {t('surveys.exportCsv')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<MailIcon />}
                  disabled={remind.isPending}
                  onClick={() => remind.mutate(queryId)}
                >
                  {t('surveys.remind')}
                </Button>
              </Stack>
            </Stack>
            <Typography color="text.secondary">
              {query?.queryRemindedAt &&
                `${t('surveys.lastReminded', {
                  time: formatDateTime(query.queryRemindedAt),
                  count: query.queryReminderCount,
                })} `}
              {t('surveys.remindLimit')}
            </Typography>
            <AlertMessage severity="success" message={remind.data?.message} />
            <AlertMessage message={errorText(remind.error)} />
            <TableScroll label={t('surveys.resultsTable')}>
              <Table size="small" aria-label={t('surveys.resultsTable')}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {t('surveys.question')}
                    </TableCell>
                    {ANSWER_VALUES.map((value) => (
                      <TableCell key={value} component="th" scope="col" align="right">
                        {t(`surveys.scale.${value}`)}
                      </TableCell>
                    ))}
                    <TableCell component="th" scope="col" align="right">
                      {t('surveys.total')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {sectionsOf(rows).map((section) => (
                    <Fragment key={section.id}>
                      <TableRow>
                        <TableCell
                          component="th"
                          scope="colgroup"
                          colSpan={ANSWER_VALUES.length + 2}
                          sx={{ fontWeight: 600, bgcolor: 'action.hover' }}
                        >
                          {section.title}
                        </TableCell>
                      </TableRow>
                      {section.questions.map(({ question: row, number }) => (
                        <TableRow key={row.id}>
                          <TableCell component="th" scope="row">
                            {number}. {row.questionDescription}
                          </TableCell>
                          {ANSWER_VALUES.map((value) => (
                            <TableCell key={value} align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {row[`a${value}`]} (
                              {formatPercent(row.percentages[`a${value}`], language)})
                            </TableCell>
                          ))}
                          <TableCell align="right">{row.total}</TableCell>
                        </TableRow>
                      ))}
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            </TableScroll>
            <Typography variant="h6" component="h3">
              {t('surveys.chartTitle')}
            </Typography>
            <Suspense fallback={<LoadingFallback />}>
              <ResultsChart results={rows} />
            </Suspense>
            <Typography variant="h6" component="h3">
              {t('surveys.commentsTitle', { count: comments.length })}
            </Typography>
            {answers.isSuccess && comments.length === 0 && (
              <Typography>{t('surveys.noComments')}</Typography>
            )}
            {comments.length > 0 && (
              <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {comments.map((answer) => (
                  <Paper component="li" key={answer.id} variant="outlined" sx={{ p: 1.5 }}>
                    <Typography variant="body2" color="text.secondary">
                      {answer.targetName} · {formatDateTime(answer.createdAt)}
                    </Typography>
                    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {answer.queryComment}
                    </Typography>
                  </Paper>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      {results.data && query && target && seesReadings && (
        <IndoorAirSummary
          targetId={target.targetId}
          targetName={target.targetName}
          since={query.queryOpensOn ? `${query.queryOpensOn}T12:00:00Z` : query.createdAt}
          until={query.queryClosesOn ?? undefined}
        />
      )}
    </Stack>
  );
}
