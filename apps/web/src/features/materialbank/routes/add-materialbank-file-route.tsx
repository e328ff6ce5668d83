import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { materialbankKeys } from '../api/materialbank-keys';
import { uploadMaterialbankFile } from '../api/upload-materialbank-file';
import {
  type AddFormOutput,
  addFormSchema,
  MaterialbankFormFields,
  type MaterialbankFormValues,
} from '../components/materialbank-form-fields';

/** /materiaalipankki/add-new-materialbank-file: 'Lisää uusi dokumentti'. */
export function AddMaterialbankFileRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const progressId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const empty: MaterialbankFormValues = {
    title: '',
    organizationId: choosesOrganization ? user?.userOrganization : undefined,
    targets: [],
    permissions: [],
    applications: [],
    state: 'Aktiivinen',
    info: '',
    file: null,
  };
  const { form, feedback, submit, pending } = useMutationForm({
    schema: addFormSchema,
    defaultValues: empty,
    mutation: async (values: AddFormOutput) => {
      setProgress(0);
      try {
        const response = await uploadMaterialbankFile(values, setProgress);
        await queryClient.invalidateQueries({ queryKey: materialbankKeys.all });
        return response;
      } finally {
        setProgress(null);
      }
    },
    afterSuccess: {
      reset: (_, values) => ({ ...empty, organizationId: values.organizationId }),
    },
  });

  return (
    <FormScreen title={t('materialbank.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <MaterialbankFormFields form={form} organizationId={undefined} adding />
        {progress !== null && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <label htmlFor={progressId}>{t('materialbank.uploading', { percent: progress })}</label>
            <progress
              id={progressId}
              max={100}
              value={progress}
              aria-label={t('materialbank.uploadProgress')}
              style={{ width: '100%' }}
            />
          </Box>
        )}
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('materialbank.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
