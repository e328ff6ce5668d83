import type { UpdateQuestionBody } from '@vahti/domain';
import { useSaveQuestion } from './save-question';

/** PATCH /api/tieto/question */
export const useUpdateQuestion = () => useSaveQuestion<UpdateQuestionBody>('PATCH');
