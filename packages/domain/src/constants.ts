/** Business constants and limits of spec 000 §9 and 001; shared by the API and the web app. */
export const PASSWORD_MIN_LENGTH = 8;
export const REGISTRATION_CODE_MIN_LENGTH = 32;
export const ZIP_CODE_LENGTH = 5;
export const BUSINESS_ID_LENGTH = 9;
/** The longest measurement-data retention an organization may set, in months (50 years). */
export const RETENTION_MONTHS_MAX = 600;
export const TEXT_COUNTER_MAX = 500;
/** PostgreSQL's `integer`: every whole number a request carries must fit in one. */
export const PG_INT_MAX = 2_147_483_647;
/** The deepest page a paged list serves; far past any real list, well inside a bigint offset. */
export const PAGE_MAX = 1_000_000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const ALARM_POLL_MS = 60_000;
export const MESSAGE_DISPLAY_MS = 3_000;
export const PASSWORD_RESET_REDIRECT_MS = 3_000;
export const EDIT_DIALOG_MAX_WIDTH = 750;
export const ALARM_BADGE_MAX = 10;

export const STATES = ['Aktiivinen', 'Passiivinen'] as const;
export type State = (typeof STATES)[number];
