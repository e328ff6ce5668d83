import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateQuery } from '../api/create-query';
import {
  emptyQuery,
  QueryFormFields,
  queryFormSchema,
  toQueryBody,
} from '../components/query-form-fields';

/** /tieto/add-new-query: a survey from questions, for targets. */
export function AddQueryRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const { form, feedback, submit, pending } = useMutationForm({
    schema: queryFormSchema,
    defaultValues: emptyQuery(choosesOrganization ? user?.userOrganization : undefined),
    mutation: useCreateQuery(),
    toVariables: toQueryBody,
  });
  return (
    <FormScreen title={t('surveys.addQueryTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <QueryFormFields form={form} />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('surveys.addQuerySubmit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
