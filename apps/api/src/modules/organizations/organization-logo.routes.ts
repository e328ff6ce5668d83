import multipart from '@fastify/multipart';
import { messageResponse, ORGANIZATION_LOGO_MAX_BYTES, organizationLogoQuery } from '@vahti/domain';
import { z } from 'zod';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import { readSingleFile, uploadQuery } from '../../plugins/single-file.js';
import type { OrganizationLogosService } from './organization-logos.service.js';

interface Options {
  logos: OrganizationLogosService;
}

const WHO =
  'Ylläpitäjä or Pääylläpitäjä with Hallinta: their own organization, the top administrator any (403 FORBIDDEN for anyone else; another or an unknown organization answers 404 ORGANIZATION_NOT_FOUND).';

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
      const { organizationId } = uploadQuery(organizationLogoQuery, request, 'organizationId');
      const bytes = await readSingleFile(request, reply, {
        missing: 'validation.logoRequired',
        unreadable: 'validation.logoType',
        tooLarge: { code: 'LOGO_TOO_LARGE', text: 'validation.logoTooLarge' },
      });
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
