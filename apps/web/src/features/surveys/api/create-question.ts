import type { CreateQuestionBody } from '@vahti/domain';
import { useSaveQuestion } from './save-question';

/** POST /api/tieto/question */
export const useCreateQuestion = () => useSaveQuestion<CreateQuestionBody>('POST');
