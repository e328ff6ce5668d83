import type { UpdateQuestionGroupBody } from '@vahti/domain';
import { useSaveGroup } from './save-question-group';

/** PATCH /api/tieto/questiongroup */
export const useUpdateQuestionGroup = () => useSaveGroup<UpdateQuestionGroupBody>('PATCH');
