// Types of build-server.mjs for the TypeScript that uses it (the end-to-end tests).
export const BUILT_SERVER: string;
export const BUILT_START: string;
export function buildServerIfNeeded(): Promise<void>;
