import type { CreateQueryBody } from '@vahti/domain';
import { useSaveQuery } from './save-query';

/** POST /api/tieto/query/ (questions comma-joined) */
export const useCreateQuery = () => useSaveQuery<CreateQueryBody>('POST');
