import type { ValidationKey } from '@vahti/domain';
import { AppError } from '../../lib/errors.js';

/** A 400 naming one field with its validation text, for rules the request schema cannot see. */
export const invalidField = (field: string, key: ValidationKey) =>
  new AppError(400, 'VALIDATION_FAILED', { [field]: `validation.${key}` });
