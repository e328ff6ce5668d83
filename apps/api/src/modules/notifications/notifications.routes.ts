import {
  notificationSettingsBody,
  notificationSettingsResponse,
  organizationNotificationsBody,
  organizationNotificationsParams,
  organizationNotificationsResponse,
  unsubscribeQuery,
} from '@vahti/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errors, ok, publicRoutes, signedIn } from '../../plugins/route-groups.js';
import type { NotificationsService } from './notifications.service.js';

interface Options {
  notifications: NotificationsService;
}

const OWN =
  'Needs the Vainu permission (403 FORBIDDEN without). Per channel (email, push): enabled; allTargets (every target the user is a contact person of) or targetIds among the targets the caller sees (another organization’s or an unseen target: 404 TARGET_NOT_FOUND, nothing saved); kinds of alarms (up = high, down = low, offline, lowBattery = battery; a frame-counter reset follows offline); events (opened, closed); quietHours {start, end} HH:MM Finnish time or null — during them only critical alarms (offline) go out, the rest after them; digest (e-mail only): one mail a day at digestHour (0–23, Finnish time) instead of single mails; escalations (e-mail only): mail of the organization’s escalation steps. own: false while the organization’s defaults are in force.';

/** My notifications, and an organization's defaults and escalation (issue 28). */
export const notificationsRoutes = signedIn<Options>('notifications', (app, { notifications }) => {
  app.get('/api/notification-settings', {
    schema: {
      operationId: 'getNotificationSettings',
      summary: 'The caller’s notification settings in force',
      description: OWN,
      response: { 200: notificationSettingsResponse, ...errors(403) },
    },
    handler: async (request) => {
      const { settings, own } = await notifications.getOwn(request.caller);
      return ok(request, 'messages.notificationSettingsOk', { ...settings, own });
    },
  });

  app.put('/api/notification-settings', {
    schema: {
      operationId: 'saveNotificationSettings',
      summary: 'Saves the caller’s own notification settings (both channels)',
      description: OWN,
      body: notificationSettingsBody,
      response: { 200: notificationSettingsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { settings, own } = await notifications.saveOwn(request.caller, request.body);
      return ok(request, 'messages.notificationSettingsSaved', { ...settings, own });
    },
  });

  app.delete('/api/notification-settings', {
    schema: {
      operationId: 'resetNotificationSettings',
      summary: 'Removes the caller’s own settings: the organization’s defaults are in force',
      description: OWN,
      response: { 200: notificationSettingsResponse, ...errors(403) },
    },
    handler: async (request) => {
      const { settings, own } = await notifications.resetOwn(request.caller);
      return ok(request, 'messages.notificationSettingsReset', { ...settings, own });
    },
  });

  const ORGANIZATION =
    'Hallinta and Ylläpitäjä or above (403 FORBIDDEN below), in their own organization; the top administrator in any. Another or an unknown organization: 404 ORGANIZATION_NOT_FOUND. email and push: the defaults every user without own settings follows (fields as in /api/notification-settings; targetIds must be targets of the organization, else 404 TARGET_NOT_FOUND). escalation: steps per alarm kind (at most 3 per kind, each later than the one before): an alarm still unacknowledged afterMinutes after it opened goes to the users of role who see its target, by mail and push, and the step enters the alarm’s timeline (kind escalated, comment the role). Acknowledging stops further steps.';

  app.get('/api/organizations/:organizationId/notifications', {
    schema: {
      operationId: 'getOrganizationNotifications',
      summary: 'An organization’s notification defaults and escalation steps',
      description: ORGANIZATION,
      params: organizationNotificationsParams,
      response: { 200: organizationNotificationsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.organizationNotificationsOk',
        await notifications.getOrganization(request.caller, request.params.organizationId),
      ),
  });

  app.put('/api/organizations/:organizationId/notifications', {
    schema: {
      operationId: 'saveOrganizationNotifications',
      summary: 'Saves an organization’s notification defaults and escalation steps',
      description: ORGANIZATION,
      params: organizationNotificationsParams,
      body: organizationNotificationsBody,
      response: { 200: organizationNotificationsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.organizationNotificationsSaved',
        await notifications.saveOrganization(
          request.caller,
          request.params.organizationId,
          request.body,
        ),
      ),
  });
});

/**
 * The page to a browser; to any other client (a mail client's one-click POST, a script) a
 * refusal is the API's usual JSON error.
 */
function html(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { status: number; html: string },
) {
  if (page.status >= 400 && !request.headers.accept?.includes('text/html')) {
    throw new AppError(400, 'notifications.UNSUBSCRIBE_INVALID');
  }
  return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
}

const UNSUBSCRIBE =
  'The link of a notification mail (also its List-Unsubscribe header, RFC 8058): token is signed for one user and one thing to turn off (one alarm kind’s mail, all alarm mail, or escalation mail) and expires after 90 days. GET only shows a confirmation page (mail scanners fetch links); POST — the page’s button or the mail client’s one-click — turns it off in the user’s settings. Answers HTML. An invalid, altered or expired token answers 400: a page saying so to a browser (Accept: text/html), else the JSON error notifications.UNSUBSCRIBE_INVALID.';

/** The unsubscribe link: no session, the signed token names the user. */
export const unsubscribeRoutes = publicRoutes<Options>(
  'notifications',
  (app, { notifications }) => {
    // RFC 8058 one-click: the mail client posts List-Unsubscribe=One-Click as a form; the token is
    // in the URL, so the form's fields are read as text and not needed.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );

    app.get('/api/unsubscribe', {
      schema: {
        operationId: 'unsubscribeForm',
        summary: 'The confirmation page of an unsubscribe link',
        description: UNSUBSCRIBE,
        querystring: unsubscribeQuery,
        produces: ['text/html'],
        response: { 200: z.string(), ...errors(400) },
      },
      handler: async (request, reply) =>
        html(
          request,
          reply,
          await notifications.unsubscribeForm(request.query.token, request.language),
        ),
    });

    app.post('/api/unsubscribe', {
      schema: {
        operationId: 'unsubscribe',
        summary: 'Turns off what the unsubscribe link names',
        description: UNSUBSCRIBE,
        querystring: unsubscribeQuery,
        produces: ['text/html'],
        response: { 200: z.string(), ...errors(400) },
      },
      handler: async (request, reply) =>
        html(
          request,
          reply,
          await notifications.unsubscribe(request.query.token, request.language),
        ),
    });
  },
);
