// Types of build-server.mjs for the TypeScript that uses it (the end-to-end tests).
export const BUILT_SERVER: string;
export function serverBuildIsCurrent(): boolean;
export function buildServerIfNeeded(): Promise<void>;
