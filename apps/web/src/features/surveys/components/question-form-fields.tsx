import type { CreateQuestionBody } from '@vahti/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { useQuestionGroups } from '../api/get-question-groups';
import { StateSelect } from './state-select';

export const emptyQuestion = (): CreateQuestionBody => ({
  questionDescription: '',
  questionGroup: '',
  questionState: 'Aktiivinen',
});

/** The question form (spec 001 §5): the question, its group, its state. */
export function QuestionFormFields({ form }: { form: UseFormReturn<CreateQuestionBody> }) {
  const { t } = useTranslation();
  const groups = useQuestionGroups();
  // The top administrator sees every organization's groups: the label names the organization.
  const crossesOrganizations = useCan({ do: 'crossOrganizations' });
  return (
    <>
      <AlertMessage message={errorText(groups.error)} />
      <TextAreaField
        form={form}
        name="questionDescription"
        label={t('surveys.question')}
        required
      />
      <SelectField
        control={form.control}
        name="questionGroup"
        label={t('surveys.group')}
        required
        options={(groups.data ?? []).map((group) => ({
          value: group.id,
          label: crossesOrganizations
            ? `${group.queryQuestionGroupName} (${group.Organization.organizationName})`
            : group.queryQuestionGroupName,
        }))}
      />
      <StateSelect form={form} name="questionState" />
    </>
  );
}
