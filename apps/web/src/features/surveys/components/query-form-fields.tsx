import Stack from '@mui/material/Stack';
import { calendarDay, createQueryBody, msg, type QueryRecord } from '@vahti/domain';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { MultiSelectField } from '@/components/multi-select-field';
import { OrganizationSelect } from '@/components/organization-select';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useQuestions } from '../api/get-questions';
import { StateSelect } from './state-select';

/** The survey form holds the questions as a list (in the order chosen); the call joins them. */
/** A day field holds '' when empty; the call sends null (no bound on that side). */
const optionalDay = z.preprocess(
  (value) => (value === '' ? null : value),
  calendarDay().nullable(),
);

export const queryFormSchema = createQueryBody.extend({
  queryOpensOn: optionalDay,
  queryClosesOn: optionalDay,
  queryQuestions: z
    .array(z.string(), { error: msg('surveys.questionsRequired') })
    .min(1, { error: msg('surveys.questionsRequired') }),
});
export type QueryFormValues = z.input<typeof queryFormSchema>;

export const emptyQuery = (organizationId?: string): QueryFormValues => ({
  queryTitle: '',
  queryDescription: '',
  queryOrganization: organizationId,
  queryTargets: [],
  queryQuestions: [],
  queryState: 'Aktiivinen',
  queryOpensOn: '',
  queryClosesOn: '',
});

export const queryFormValues = (query: QueryRecord): QueryFormValues => ({
  queryTitle: query.queryTitle,
  queryDescription: query.queryDescription,
  queryTargets: query.queryTargets,
  queryQuestions: query.queryQuestions,
  queryState: query.queryState,
  queryOpensOn: query.queryOpensOn ?? '',
  queryClosesOn: query.queryClosesOn ?? '',
});

export const toQueryBody = ({ queryQuestions, ...values }: z.output<typeof queryFormSchema>) => ({
  ...values,
  queryQuestions: queryQuestions.join(','),
});

/**
 * The survey form (spec 001 §5): title, description, organization (top role), the targets and
 * the questions of that organization, state. `organizationId` fixes the organization (edit).
 */
export function QueryFormFields({
  form,
  organizationId,
  questionsLocked = false,
}: {
  form: UseFormReturn<QueryFormValues>;
  organizationId?: string;
  questionsLocked?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const chosen = useWatch({ control: form.control, name: 'queryOrganization' });
  const organization = organizationId ?? chosen ?? user?.userOrganization;
  const targets = useTargets();
  const questions = useQuestions();
  const targetOptions = (targets.data ?? [])
    .filter((target) => target.targetOrganizationId === organization)
    .map((target) => ({ value: target.targetId, label: target.targetName }));
  const questionOptions = (questions.data ?? [])
    .filter((question) => question.organizationId === organization)
    .filter(
      (question) =>
        question.questionState === 'Aktiivinen' ||
        form.getValues('queryQuestions').includes(question.id),
    )
    .map((question) => ({
      value: question.id,
      label: `${question.questionDescription} (${question.TietoQuestionGroup.queryQuestionGroupName})`,
    }));
  return (
    <>
      <AlertMessage message={errorText(targets.error) ?? errorText(questions.error)} />
      {!organizationId && (
        <OrganizationSelect
          form={form}
          name="queryOrganization"
          label={t('surveys.organization')}
        />
      )}
      <FormTextField
        {...fieldProps(form, 'queryTitle')}
        label={t('surveys.queryTitle')}
        autoComplete="off"
        required
      />
      <TextAreaField
        form={form}
        name="queryDescription"
        label={t('surveys.queryDescription')}
        required
      />
      <MultiSelectField
        control={form.control}
        name="queryTargets"
        label={t('surveys.targets')}
        options={targetOptions}
        loading={targets.isPending}
        required
      />
      <MultiSelectField
        control={form.control}
        name="queryQuestions"
        label={t('surveys.questions')}
        options={questionOptions}
        loading={questions.isPending}
        disabled={questionsLocked}
        helperText={questionsLocked ? t('surveys.questionsLocked') : t('surveys.questionsHelp')}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...fieldProps(form, 'queryOpensOn')}
          type="date"
          label={t('surveys.opensOn')}
          hint={t('form.optional')}
        />
        <FormTextField
          {...fieldProps(form, 'queryClosesOn')}
          type="date"
          label={t('surveys.closesOn')}
          hint={t('form.optional')}
        />
      </Stack>
      <StateSelect form={form} name="queryState" />
    </>
  );
}
