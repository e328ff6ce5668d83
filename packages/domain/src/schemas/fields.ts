import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import type { ValidationKey } from '../i18n/index.js';

/** Zod messages are i18n keys ("validation.emailRequired"); each app translates them. */
export const msg = (key: ValidationKey) => `validation.${key}`;

/** A general address pattern (spec 000 §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A string that must be present and non-blank; a missing field gets the same message. */
export function requiredText(key: ValidationKey) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? msg(key) : msg('invalidValue')) })
    .trim()
    .min(1, { error: msg(key), abort: true });
}

export function email(invalidKey: ValidationKey = 'emailInvalid') {
  return requiredText('emailRequired')
    .max(254, { error: msg(invalidKey) })
    .regex(EMAIL_PATTERN, { error: msg(invalidKey) });
}

export const password = z
  .string({
    error: (issue) => (issue.input === undefined ? msg('passwordRequired') : msg('invalidValue')),
  })
  .min(1, { error: msg('passwordRequired'), abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: msg('passwordTooShort') })
  .max(1024, { error: msg('invalidValue') });
