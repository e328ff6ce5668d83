export * from './common.js';
export * from './mail.js';
export * from './organizations.js';
export * from './password-resets.js';
export * from './rate-limits.js';
export * from './registration-codes.js';
export * from './targets.js';
export * from './users.js';
