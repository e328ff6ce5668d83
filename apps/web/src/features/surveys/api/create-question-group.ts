import type { CreateQuestionGroupBody } from '@vahti/domain';
import { useSaveGroup } from './save-question-group';

/** POST /api/tieto/questiongroup */
export const useCreateQuestionGroup = () => useSaveGroup<CreateQuestionGroupBody>('POST');
