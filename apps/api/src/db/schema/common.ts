import { ROLES, STATES } from '@vahti/domain';
import { pgEnum } from 'drizzle-orm/pg-core';

/** Aktiivinen / Passiivinen, shared by users, targets and organizations. */
export const recordState = pgEnum('record_state', STATES);
export const userRole = pgEnum('user_role', ROLES);
