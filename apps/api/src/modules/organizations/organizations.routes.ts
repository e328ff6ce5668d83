import {
  applicationsResponse,
  createOrganizationBody,
  errorResponse,
  organizationApplicationsQuery,
  organizationResponse,
  organizationsResponse,
  translate,
  updateOrganizationBody,
} from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OrganizationsService } from './organizations.service.js';

/** Hallinta: organizations and the applications granted to them (spec 000 §7). */
export const organizationsRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationsService;
}> = async (app, { organizations }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/organizations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organizations'],
        operationId: 'listOrganizations',
        summary: 'Organizations with their applications, by name',
        description:
          'The top administrator gets every organization; any other administrator only their own. 403 FORBIDDEN without the admin area (Hallinta permission and a role above Käyttäjä).',
        security,
        response: { 200: organizationsResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.organizationsOk'),
      organizations: await organizations.list(request.caller),
    }),
  );

  app.post(
    '/api/organization',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organizations'],
        operationId: 'createOrganization',
        summary: 'Create an organization and grant it applications (Pääylläpitäjä)',
        description:
          'The organization and its applications are stored together. 400 VALIDATION_FAILED with `fields` for bad input, also when an application id is not in GET /api/applications (fields.organizationApplications); 403 FORBIDDEN for anyone but the top administrator.',
        security,
        body: createOrganizationBody,
        response: {
          201: organizationResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const organization = await organizations.create(request.caller, request.body);
      return reply.status(201).send({
        message: translate(request.language, 'messages.organizationCreated'),
        organization,
      });
    },
  );

  app.patch(
    '/api/organization',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organizations'],
        operationId: 'updateOrganization',
        summary: 'Save an organization and its applications (Pääylläpitäjä)',
        description:
          'Replaces the fields and the set of granted applications of the organization named by organizationId. An omitted information or description keeps its value; null or an empty text clears it. Passiivinen stops its users from signing in (their tokens stop working at once). 400 VALIDATION_FAILED (an unknown application id: fields.organizationApplications), 403 FORBIDDEN for anyone but the top administrator, 404 ORGANIZATION_NOT_FOUND.',
        security,
        body: updateOrganizationBody,
        response: {
          200: organizationResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.organizationUpdated'),
      organization: await organizations.update(request.caller, request.body),
    }),
  );

  app.get(
    '/api/applications',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organizations'],
        operationId: 'listApplications',
        summary: 'Applications an organization can be granted',
        description:
          'The top administrator gets the whole catalogue; any other administrator the applications of their own organization. 403 FORBIDDEN without the admin area.',
        security,
        response: { 200: applicationsResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.applicationsOk'),
      applications: await organizations.listApplications(request.caller),
    }),
  );

  app.get(
    '/api/organization-applications',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organizations'],
        operationId: 'listOrganizationApplications',
        summary: 'The applications granted to an organization',
        description:
          'Any administrator may ask about their own organization, the top administrator about any. 403 FORBIDDEN without the admin area; 404 ORGANIZATION_NOT_FOUND for an unknown organization or another organization than the own.',
        security,
        querystring: organizationApplicationsQuery,
        response: {
          200: applicationsResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.applicationsOk'),
      applications: await organizations.listOrganizationApplications(
        request.caller,
        request.query.organizationId,
      ),
    }),
  );
};
