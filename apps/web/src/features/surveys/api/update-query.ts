import type { UpdateQueryBody } from '@vahti/domain';
import { useSaveQuery } from './save-query';

/** PATCH /api/tieto/query */
export const useUpdateQuery = () => useSaveQuery<UpdateQueryBody>('PATCH');
