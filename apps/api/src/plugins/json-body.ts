import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth.js';

/**
 * Every JSON body is measured before it is parsed: nesting deeper than MAX_JSON_DEPTH answers 400
 * JSON_TOO_DEEP (a body nested thousands of levels parses, but what walks it afterwards would
 * overflow the stack and answer 500). Otherwise Fastify's own parser, as before (it also refuses
 * __proto__ and constructor keys).
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new AppError(400, 'JSON_TOO_DEEP'), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
