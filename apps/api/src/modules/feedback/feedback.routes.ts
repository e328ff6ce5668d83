import {
  createFeedbackBody,
  feedbackResponse,
  feedbacksResponse,
  newFeedbacksQuery,
  organizationFeedbacksQuery,
  targetFeedbacksQuery,
  updateFeedbackBody,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { FeedbackService } from './feedback.service.js';

interface Options {
  feedback: FeedbackService;
}

const READ =
  'Tieto permission and a role above Käyttäjä (403 FORBIDDEN otherwise). The top administrator sees every organization, anyone else their own. Newest first, at most 1,000.';

/** Tieto feedback (spec 001 §7). */
export const feedbackRoutes = signedIn<Options>('tieto-feedback', (app, { feedback }) => {
  app.get('/api/tieto/feedbacks', {
    schema: {
      operationId: 'listFeedbacks',
      summary: 'Feedback in scope',
      description: READ,
      response: { 200: feedbacksResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.feedback.feedbacksOk', {
        feedbacks: await feedback.list(request.caller),
      }),
  });

  app.get('/api/tieto/organization-feedbacks', {
    schema: {
      operationId: 'listOrganizationFeedbacks',
      summary: "An organization's feedback",
      description: `${READ} 404 ORGANIZATION_NOT_FOUND for another organization than the own.`,
      querystring: organizationFeedbacksQuery,
      response: { 200: feedbacksResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.feedback.feedbacksOk', {
        feedbacks: await feedback.listOfOrganization(
          request.caller,
          request.query.feedbackOrganizationId,
        ),
      }),
  });

  app.get('/api/tieto/target-feedbacks', {
    schema: {
      operationId: 'listTargetFeedbacks',
      summary: "A target's feedback",
      description: `${READ} 404 TARGET_NOT_FOUND for a target outside the scope.`,
      querystring: targetFeedbacksQuery,
      response: { 200: feedbacksResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.feedback.feedbacksOk', {
        feedbacks: await feedback.listOfTarget(request.caller, request.query.feedbackTargetId),
      }),
  });

  app.get('/api/tieto/new-feedbacks', {
    schema: {
      operationId: 'listNewFeedbacks',
      summary: "Feedback still Uusi (the 'Viestit' tab's count)",
      description: `${READ} Optionally of one organization and one target; 404 ORGANIZATION_NOT_FOUND / TARGET_NOT_FOUND outside the scope.`,
      querystring: newFeedbacksQuery,
      response: { 200: feedbacksResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.feedback.feedbacksOk', {
        feedbacks: await feedback.listNew(request.caller, {
          organizationId: request.query.feedbackOrganizationId,
          targetId: request.query.feedbackTargetId,
        }),
      }),
  });

  app.post('/api/tieto/feedback', {
    schema: {
      operationId: 'createFeedback',
      summary: "Send feedback about a target (the target's organization)",
      description:
        'Every Tieto user, about a target they see (403 FORBIDDEN without Tieto; 404 TARGET_NOT_FOUND otherwise). Title at least 3 characters, message 3–500.',
      body: createFeedbackBody,
      response: { 201: feedbackResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const saved = await feedback.create(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.feedback.feedbackCreated', { feedback: saved }));
    },
  });

  app.patch('/api/tieto/feedback', {
    schema: {
      operationId: 'updateFeedback',
      summary: 'Save a feedback (title, message, target, state Uusi/Suljettu)',
      description: `${READ} Closing a feedback (Uusi → Suljettu) mails its sender. 404 feedback.FEEDBACK_NOT_FOUND / TARGET_NOT_FOUND outside the scope; the target must be of the feedback's organization.`,
      body: updateFeedbackBody,
      response: { 200: feedbackResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const saved = await feedback.update(request.caller, request.body);
      return ok(request, 'messages.feedback.feedbackUpdated', { feedback: saved });
    },
  });
});
