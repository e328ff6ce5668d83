import multipart from '@fastify/multipart';
import { messageResponse, ORGANIZATION_LOGO_MAX_BYTES, organizationLogoQuery } from '@vahti/domain';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { OrganizationLogosService } from './organization-logos.service.js';

interface Options {
  logos: OrganizationLogosService;
}

const WHO =
  'Ylläpitäjä or Pääylläpitäjä with Hallinta: their own organization, the top administrator any (403 FORBIDDEN for anyone else; another or an unknown organization answers 404 ORGANIZATION_NOT_FOUND).';

/** What a failed multipart read means to the caller: the field named, in Finnish. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'LOGO_TOO_LARGE', { file: 'validation.logoTooLarge' });
  }
  return new AppError(400, 'VALIDATION_FAILED', { file: 'validation.logoType' });
}

/** Hallinta → Organisaatiot: the organization's logo, shown on the PDF report's first page. */
export const organizationLogoRoutes = signedIn<Options>('organizations', (app, { logos }) => {
  app.register(multipart, {
    limits: {
      fileSize: ORGANIZATION_LOGO_MAX_BYTES,
      files: 1,
      // Other fields a form may carry are ignored.
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 50,
    },
  });

  app.get('/api/organization-logo', {
    schema: {
      operationId: 'getOrganizationLogo',
      summary: "The organization's logo (image/png or image/jpeg)",
      description:
        'Any administrator of the organization (Hallinta and a role above Käyttäjä), the top administrator of any. 204 when it has none; 404 ORGANIZATION_NOT_FOUND for another or an unknown organization.',
      querystring: organizationLogoQuery,
      response: {
        200: z.any().meta({ description: 'The logo (image/png or image/jpeg)' }),
        204: z.null().meta({ description: 'The organization has no logo' }),
        ...errors(403, 404),
      },
    },
    handler: async (request, reply) => {
      const logo = await logos.get(request.caller, request.query.organizationId);
      if (!logo) return reply.status(204).send(null);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  });

  app.put('/api/organization-logo', {
    // Nobody who may not change logos gets a byte of theirs read (403 first).
    onRequest: async (request) => logos.assertMayUpload(request.caller),
    // The body is read in the handler and the query checked there; the schema documents both.
    validatorCompiler: () => (data) => ({ value: data }),
    schema: {
      operationId: 'putOrganizationLogo',
      summary: "Upload the organization's logo (multipart/form-data, one `file` part)",
      description: `${WHO} The file is a PNG or a JPEG judged by its content (magic bytes), never by its name or declared type: anything else answers 400 VALIDATION_FAILED with fields.file. At most ${ORGANIZATION_LOGO_MAX_BYTES / 1024} KiB: 413 LOGO_TOO_LARGE with fields.file. It replaces the previous logo, which is removed from storage. 415 for another content type.`,
      consumes: ['multipart/form-data'],
      querystring: organizationLogoQuery,
      body: z.object({ file: z.any().meta({ description: 'The image (PNG or JPEG)' }) }),
      response: { 200: messageResponse, ...errors(403, 404, 413, 415) },
    },
    handler: async (request, reply) => {
      const query = organizationLogoQuery.safeParse(request.query);
      if (!query.success) {
        throw new AppError(400, 'VALIDATION_FAILED', {
          organizationId: query.error.issues[0]?.message ?? 'validation.invalidValue',
        });
      }
      const { organizationId } = query.data;
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      let bytes: Buffer | undefined;
      try {
        const part = await request.file();
        if (part?.fieldname !== 'file') {
          part?.file.resume();
          throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.logoRequired' });
        }
        bytes = await part.toBuffer();
      } catch (err) {
        // The rest of the body is left unread: the connection cannot carry another request.
        reply.header('connection', 'close');
        throw uploadError(err);
      }
      await logos.put(request.caller, organizationId, bytes);
      return ok(request, 'messages.organizationLogoSaved');
    },
  });

  app.delete('/api/organization-logo', {
    schema: {
      operationId: 'deleteOrganizationLogo',
      summary: "Remove the organization's logo",
      description: `${WHO} Removing a logo that is not there is no error.`,
      querystring: organizationLogoQuery,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await logos.remove(request.caller, request.query.organizationId);
      return ok(request, 'messages.organizationLogoRemoved');
    },
  });
});
