import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { ApiError, errorText } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
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

/** One file of an upload: its progress (0–100), then its result. */
interface FileUpload {
  name: string;
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

/**
 * /materiaalipankki/add-new-materialbank-file: 'Lisää uusi dokumentti'. Several files may be
 * chosen or dropped at once: each is uploaded as a file of its own with the same details (the
 * title followed by the file's name), one after another, with its own progress and result. The
 * files that failed stay chosen for another try; the sent ones leave the form.
 */
export function AddMaterialbankFileRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const empty: MaterialbankFormValues = {
    title: '',
    organizationId: choosesOrganization ? user?.userOrganization : undefined,
    targets: [],
    permissions: [],
    applications: [],
    state: 'Aktiivinen',
    info: '',
    files: [],
  };
  const update = (index: number, change: Partial<FileUpload>) =>
    setUploads((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const { form, feedback, submit, pending } = useMutationForm({
    schema: addFormSchema,
    defaultValues: empty,
    mutation: async ({ files, ...values }: AddFormOutput) => {
      setUploads(files.map((file) => ({ name: file.name, progress: 0, state: 'waiting' })));
      const failed: File[] = [];
      let last: { message: string } | undefined;
      for (const [index, file] of files.entries()) {
        update(index, { state: 'sending' });
        const title = files.length === 1 ? values.title : `${values.title}: ${file.name}`;
        try {
          last = await uploadMaterialbankFile({ ...values, title }, file, (progress) =>
            update(index, { progress }),
          );
          update(index, { state: 'done', progress: 100 });
        } catch (err) {
          failed.push(file);
          const fieldError = err instanceof ApiError ? err.fields.file : undefined;
          update(index, {
            state: 'failed',
            error: (fieldError ? translateMessage(fieldError) : errorText(err)) ?? undefined,
          });
        }
      }
      await queryClient.invalidateQueries({ queryKey: materialbankKeys.all });
      if (failed.length > 0) {
        form.setValue('files', failed);
        throw new ApiError(
          400,
          'UPLOAD_FAILED',
          t('materialbank.someFailed', { failed: failed.length, total: files.length }),
        );
      }
      setUploads([]);
      return files.length === 1 && last
        ? last
        : { message: t('materialbank.allAdded', { count: files.length }) };
    },
    afterSuccess: {
      reset: (_, values) => ({ ...empty, organizationId: values.organizationId }),
    },
  });

  return (
    <FormScreen title={t('materialbank.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <MaterialbankFormFields form={form} organizationId={undefined} adding />
        {uploads.length > 0 && (
          <Stack
            component="ul"
            spacing={1}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-live="polite"
          >
            {uploads.map((upload, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
              <Box component="li" key={`${upload.name}-${index}`}>
                <Typography
                  variant="body2"
                  color={upload.state === 'failed' ? 'error' : undefined}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {upload.name}:{' '}
                  {upload.state === 'failed'
                    ? upload.error
                    : t(`materialbank.upload.${upload.state}`, { percent: upload.progress })}
                </Typography>
                <progress
                  max={100}
                  value={upload.progress}
                  aria-label={t('materialbank.uploadProgressOf', { name: upload.name })}
                  style={{ width: '100%' }}
                />
              </Box>
            ))}
          </Stack>
        )}
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('materialbank.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
