import type { CreateQuestionGroupBody } from '@vahti/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { OrganizationSelect } from '@/components/organization-select';
import { TextAreaField } from '@/components/text-area-field';
import { StateSelect } from './state-select';

export const emptyQuestionGroup = (organizationId?: string): CreateQuestionGroupBody => ({
  queryQuestionGroupName: '',
  queryQuestionGroupDescrption: '',
  queryQuestionGroupState: 'Aktiivinen',
  organizationId,
});

/** The question group form (spec 001 §5): name, description, state; the organization for the top role. */
export function QuestionGroupFormFields({
  form,
  choosesOrganization = true,
}: {
  form: UseFormReturn<CreateQuestionGroupBody>;
  choosesOrganization?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {choosesOrganization && (
        <OrganizationSelect form={form} name="organizationId" label={t('surveys.organization')} />
      )}
      <FormTextField
        {...fieldProps(form, 'queryQuestionGroupName')}
        label={t('surveys.groupName')}
        autoComplete="off"
        required
      />
      <TextAreaField
        form={form}
        name="queryQuestionGroupDescrption"
        label={t('surveys.groupDescription')}
        required
      />
      <StateSelect form={form} name="queryQuestionGroupState" />
    </>
  );
}
