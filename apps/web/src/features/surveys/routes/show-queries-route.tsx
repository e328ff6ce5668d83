import BarChartIcon from '@mui/icons-material/BarChart';
import PreviewIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { QueryRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { EditDialog } from '@/components/edit-dialog';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useCan } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useQueries } from '../api/get-queries';
import { useUpdateQuery } from '../api/update-query';
import {
  QueryFormFields,
  queryFormSchema,
  queryFormValues,
  toQueryBody,
} from '../components/query-form-fields';
import { SurveyPreviewDialog } from '../components/survey-preview-dialog';

function QueryEditDialog({
  query,
  onClose,
  onSaved,
}: {
  query: QueryRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: queryFormSchema,
    defaultValues: queryFormValues(query),
    mutation: useUpdateQuery(),
    toVariables: (values) => {
      const { queryOrganization: _, ...body } = toQueryBody(values);
      return { queryId: query.queryId, ...body };
    },
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });
  return (
    <EditDialog
      open
      title={t('surveys.editQueryTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <QueryFormFields
        form={form}
        organizationId={query.queryOrganization}
        questionsLocked={query.answerCount > 0}
      />
    </EditDialog>
  );
}

/**
 * /tieto/show-queries: the surveys, with an edit dialog, a preview as the respondent sees each
 * one and a link to its results.
 */
export function ShowQueriesRoute() {
  const { t } = useTranslation();
  const queries = useQueries();
  const [previewed, setPreviewed] = useState<QueryRecord | null>(null);
  const showOrganization = useCan({ do: 'crossOrganizations' });
  const columns: Column<QueryRecord>[] = [
    { key: 'title', label: t('surveys.queryTitle'), value: (row) => row.queryTitle },
    {
      key: 'targets',
      label: t('surveys.targets'),
      value: (row) => row.Targets.map((target) => target.targetName).join(', '),
      hideBelow: 'md',
    },
    {
      key: 'questions',
      label: t('surveys.questions'),
      value: (row) => row.queryQuestions.length,
      nowrap: true,
      hideBelow: 'lg',
    },
    { key: 'answers', label: t('surveys.answers'), value: (row) => row.answerCount, nowrap: true },
    {
      key: 'state',
      label: t('surveys.state'),
      value: (row) => t(`recordStates.${row.queryState}`),
      nowrap: true,
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: t('surveys.organization'),
            value: (row: QueryRecord) => row.Organization.organizationName,
          },
        ]
      : []),
  ];
  return (
    <>
      <ResourceListScreen
        title={t('surveys.queriesTitle')}
        query={queries}
        columns={columns}
        rowKey={(row) => row.queryId}
        editLabel={(row) => t('surveys.editQueryLabel', { name: row.queryTitle })}
        actions={(row) => (
          <>
            <Tooltip title={t('surveys.preview')}>
              <IconButton
                aria-label={t('surveys.previewLabel', { name: row.queryTitle })}
                onClick={() => setPreviewed(row)}
              >
                <PreviewIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('surveys.showResults')}>
              <IconButton
                component={Link}
                to={`../show-survey-results?queryId=${row.queryId}`}
                relative="path"
                aria-label={t('surveys.showResultsLabel', { name: row.queryTitle })}
              >
                <BarChartIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        dialog={(row, { close, done }) => (
          <QueryEditDialog query={row} onClose={close} onSaved={done} />
        )}
      />
      {previewed && <SurveyPreviewDialog query={previewed} onClose={() => setPreviewed(null)} />}
    </>
  );
}
