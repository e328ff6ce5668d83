import type { UpdateFeedbackBody } from '@vahti/domain';
import { useSaveFeedback } from './save-feedback';

/** PATCH /api/tieto/feedback */
export const useUpdateFeedback = () => useSaveFeedback<UpdateFeedbackBody>('PATCH');
