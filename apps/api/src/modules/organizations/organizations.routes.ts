import {
  applicationsResponse,
  createOrganizationBody,
  organizationApplicationsQuery,
  organizationResponse,
  organizationsResponse,
  updateOrganizationBody,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { OrganizationsService } from './organizations.service.js';

interface Options {
  organizations: OrganizationsService;
}

/** Hallinta: organizations and the applications granted to them (spec 000 §7). */
export const organizationsRoutes = signedIn<Options>('organizations', (app, { organizations }) => {
  app.get('/api/organizations', {
    schema: {
      operationId: 'listOrganizations',
      summary: 'Organizations with their applications, by name',
      description:
        'The top administrator gets every organization; any other administrator only their own. 403 FORBIDDEN without the admin area (Hallinta permission and a role above Käyttäjä).',
      response: { 200: organizationsResponse, ...errors(403) },
    },
    handler: async (request) => {
      const found = await organizations.list(request.caller);
      return ok(request, 'messages.organizationsOk', { organizations: found });
    },
  });

  app.post('/api/organization', {
    schema: {
      operationId: 'createOrganization',
      summary: 'Create an organization and grant it applications (Pääylläpitäjä)',
      description:
        'The organization and its applications are stored together. 400 VALIDATION_FAILED with `fields` for bad input, also when an application id is not in GET /api/applications (fields.organizationApplications); 403 FORBIDDEN for anyone but the top administrator.',
      body: createOrganizationBody,
      response: { 201: organizationResponse, ...errors(403) },
    },
    handler: async (request, reply) => {
      const organization = await organizations.create(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.organizationCreated', { organization }));
    },
  });

  app.patch('/api/organization', {
    schema: {
      operationId: 'updateOrganization',
      summary: 'Save an organization and its applications (Pääylläpitäjä)',
      description:
        'Replaces the fields and the set of granted applications of the organization named by organizationId. An omitted information or description keeps its value; null or an empty text clears it. Passiivinen stops its users from signing in (their tokens stop working at once). 400 VALIDATION_FAILED (an unknown application id: fields.organizationApplications), 403 FORBIDDEN for anyone but the top administrator, 404 ORGANIZATION_NOT_FOUND.',
      body: updateOrganizationBody,
      response: { 200: organizationResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const organization = await organizations.update(request.caller, request.body);
      return ok(request, 'messages.organizationUpdated', { organization });
    },
  });

  app.get('/api/applications', {
    schema: {
      operationId: 'listApplications',
      summary: 'Applications an organization can be granted',
      description:
        'The top administrator gets the whole catalogue; any other administrator the applications of their own organization. 403 FORBIDDEN without the admin area.',
      response: { 200: applicationsResponse, ...errors(403) },
    },
    handler: async (request) => {
      const applications = await organizations.listApplications(request.caller);
      return ok(request, 'messages.applicationsOk', { applications });
    },
  });

  app.get('/api/organization-applications', {
    schema: {
      operationId: 'listOrganizationApplications',
      summary: 'The applications granted to an organization',
      description:
        'Any administrator may ask about their own organization, the top administrator about any. 403 FORBIDDEN without the admin area; 404 ORGANIZATION_NOT_FOUND for an unknown organization or another organization than the own.',
      querystring: organizationApplicationsQuery,
      response: { 200: applicationsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { organizationId } = request.query;
      const applications = await organizations.listOrganizationApplications(
        request.caller,
        organizationId,
      );
      return ok(request, 'messages.applicationsOk', { applications });
    },
  });
});
