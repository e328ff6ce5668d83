import { LANGUAGES, MAIL_STATUSES, ROLES, STATES } from '@vahti/domain';
import { pgEnum } from 'drizzle-orm/pg-core';

/** Aktiivinen / Passiivinen, shared by users, targets and organizations. */
export const recordState = pgEnum('record_state', STATES);
export const userRole = pgEnum('user_role', ROLES);
export const language = pgEnum('language', LANGUAGES);
export const mailStatus = pgEnum('mail_status', MAIL_STATUSES);
