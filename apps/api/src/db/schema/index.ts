export * from './common.js';
export * from './organizations.js';
export * from './targets.js';
export * from './users.js';
