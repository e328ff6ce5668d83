import type { CreateFeedbackBody } from '@vahti/domain';
import { useSaveFeedback } from './save-feedback';

/** POST /api/tieto/feedback/ */
export const useCreateFeedback = () => useSaveFeedback<CreateFeedbackBody>('POST');
