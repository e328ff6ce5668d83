import { type CreateFeedbackBody, createFeedbackBody } from '@vahti/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormScreen } from '@/components/form-screen';
import { SubmitButton } from '@/components/submit-button';
import { isApiError } from '@/lib/api-client';
import { useActiveTarget } from '@/lib/use-active-target';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateFeedback } from '../api/create-feedback';
import { useAttachFeedbackPhoto } from '../api/feedback-photo';
import { FeedbackFormFields } from '../components/feedback-form-fields';
import { FeedbackPhotoField } from '../components/feedback-photo-field';

/**
 * /tieto/add-feedback: any Tieto user sends feedback about one of their targets, optionally with
 * a photo. The active target (the first one until another is picked, spec 000 §4) is chosen to
 * begin with. The photo goes once the feedback is stored; if it is refused the feedback stays
 * sent and the photo's own alert says why.
 */
export function AddFeedbackRoute() {
  const { t } = useTranslation();
  const { activeId } = useActiveTarget();
  const create = useCreateFeedback();
  const attach = useAttachFeedbackPhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const send = async (body: CreateFeedbackBody) => {
    const created = await create.mutateAsync(body);
    if (photo) {
      try {
        await attach.mutateAsync({ id: created.feedback.id, file: photo });
      } catch (err) {
        const reason = isApiError(err) ? (err.fields.file ?? err.error) : String(err);
        setPhotoError(t('feedback.photoNotSaved', { reason }));
      }
      setPhoto(null);
    }
    return created;
  };
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createFeedbackBody,
    defaultValues: { feedbackTitle: '', feedbackTargetId: '', feedbackMessage: '' },
    mutation: send,
    afterSuccess: {
      reset: (_response, values) => ({
        feedbackTitle: '',
        feedbackTargetId: values.feedbackTargetId,
        feedbackMessage: '',
      }),
    },
  });
  useEffect(() => {
    if (activeId && !form.getValues('feedbackTargetId')) {
      form.setValue('feedbackTargetId', activeId);
    }
  }, [activeId, form]);
  return (
    <FormScreen title={t('feedback.addTitle')}>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <FeedbackFormFields form={form} />
        <FeedbackPhotoField
          photo={photo}
          onChange={setPhoto}
          error={photoError}
          onError={setPhotoError}
        />
        <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('feedback.submit')}
        </SubmitButton>
      </FeedbackForm>
    </FormScreen>
  );
}
