import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin, no
 * inline scripts, no third-party hosts, WebAssembly (the QR decoder) but no eval. Inline styles are allowed because MUI (emotion) writes
 * its styles at run time; see docs/security.md.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly compiled from our own files only (the QR decoder); no JavaScript eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
};

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
  async (app: FastifyInstance) => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security' },
);
