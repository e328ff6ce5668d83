// Types of cluster.mjs for the TypeScript that uses it (the end-to-end tests, the bench).
export const HEALTH_PATH: string;
export function freePort(): Promise<number>;
export function withDatabase(url: string, name: string): string;
export function ensureDatabase(
  adminUrl: string,
  name: string,
  options?: { template?: string },
): Promise<string>;
export function dropDatabase(adminUrl: string, name: string): Promise<void>;
export function haproxyConfig(options: {
  port: number;
  instances: { name: string; port: number }[];
}): string;

export interface ClusterInstance {
  name: string;
  port: number;
  /** The instance itself, past the load balancer. */
  url: string;
  dataDir: string;
  output(): string;
  readonly mqtt: boolean;
  readonly alive: boolean;
  start(): Promise<void>;
  /** SIGKILL unless another signal is named; resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export interface Cluster {
  /** The load balancer. */
  url: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  s3Url: string;
  dir: string;
  haproxyOutput(): string;
  stop(): Promise<void>;
}

export function startCluster(options: {
  databaseUrl: string;
  ports?: { lb?: number; instances?: number[]; s3?: number };
  mqttUrl?: string;
  dir?: string;
  env?: Record<string, string>;
  echo?: boolean;
  instanceCount?: number;
}): Promise<Cluster>;
