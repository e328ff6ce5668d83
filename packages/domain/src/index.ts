export * from './constants.js';
export * from './i18n/index.js';
export * from './permissions.js';
export * from './policy.js';
export * from './roles.js';
export * from './schemas/account.js';
export * from './schemas/auth.js';
export * from './schemas/fields.js';
