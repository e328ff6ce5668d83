import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin and
 * the inline scripts of our own index.html (`inlineScripts`, by their hashes), no third-party
 * hosts, WebAssembly (the QR decoder) but no eval. Inline styles are allowed because MUI (emotion)
 * writes its styles at run time; see docs/security.md.
 */
const helmetOptions = (inlineScripts: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly compiled from our own files only (the QR decoder); no JavaScript eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * The CSP sources of the inline scripts of the web build's index.html (`<script>` without
 * attributes: the login shell the build puts there, apps/web/vite.config.ts), as
 * 'sha256-…'. None without a build (the API alone, its tests).
 */
function inlineScriptHashes(webDir: string | undefined): string[] {
  if (!webDir) return [];
  let html: string;
  try {
    html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** The headers helmet sets with these options: the same on every answer, so worked out once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Sets the headers from one precomputed object. @fastify/helmet builds a new helmet middleware
 * and parses the policy again on every request (about 7 % of the app's busy CPU under load in
 * `npm run bench -- http`); the headers never vary here, so that work is done at start.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { webDir }: { webDir?: string }) => {
    const headers = helmetHeaders(helmetOptions(inlineScriptHashes(webDir)));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security' },
);
