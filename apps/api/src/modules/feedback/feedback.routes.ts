import multipart from '@fastify/multipart';
import {
  createFeedbackBody,
  FEEDBACK_PHOTO_MAX_BYTES,
  feedbackPhotoQuery,
  feedbackResponse,
  feedbacksResponse,
  messageResponse,
  newFeedbacksQuery,
  organizationFeedbacksQuery,
  targetFeedbacksQuery,
  updateFeedbackBody,
} from '@vahti/domain';
import { z } from 'zod';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import { readSingleFile, uploadQuery } from '../../plugins/single-file.js';
import type { FeedbackService } from './feedback.service.js';

interface Options {
  feedback: FeedbackService;
}

const READ =
  'Tieto permission and a role above Käyttäjä (403 FORBIDDEN otherwise). The top administrator sees every organization, anyone else their own. Newest first, at most 1,000.';

const PHOTO_READERS =
  'Whoever reads the feedback: the roles above Käyttäjä with Tieto in their scope, any other Tieto user only on feedback they sent (404 feedback.FEEDBACK_NOT_FOUND otherwise).';

/** Tieto feedback (spec 001 §7). */
export const feedbackRoutes = signedIn<Options>('tieto-feedback', (app, { feedback }) => {
  app.register(multipart, {
    limits: {
      fileSize: FEEDBACK_PHOTO_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 50,
    },
  });

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

  app.get('/api/tieto/own-feedbacks', {
    schema: {
      operationId: 'listOwnFeedbacks',
      summary: "The caller's own feedback with its state and the staff's reply",
      description:
        "Every Tieto user ('Omat palautteet'); 403 FORBIDDEN without Tieto. Only feedback the caller sent, about targets they still see. Newest first, at most 1,000.",
      response: { 200: feedbacksResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.feedback.feedbacksOk', {
        feedbacks: await feedback.listOwn(request.caller),
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
      summary: "Save a feedback's state (Uusi/Suljettu) and the staff's reply",
      description: `${READ} The sender's title, message and target are theirs: fields other than id, feedbackState and feedbackReply are ignored. feedbackReply left out keeps the reply, null or '' removes it. A change of state or reply mails the sender in their language. 404 feedback.FEEDBACK_NOT_FOUND outside the scope.`,
      body: updateFeedbackBody,
      response: { 200: feedbackResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const saved = await feedback.update(request.caller, request.body);
      return ok(request, 'messages.feedback.feedbackUpdated', { feedback: saved });
    },
  });

  app.get('/api/tieto/feedback-photo', {
    schema: {
      operationId: 'getFeedbackPhoto',
      summary: "A feedback's photo (image/jpeg)",
      description: `${PHOTO_READERS} 404 feedback.PHOTO_NOT_FOUND when the feedback has none.`,
      querystring: feedbackPhotoQuery,
      response: {
        200: z.any().meta({ description: 'The photo (image/jpeg)' }),
        ...errors(403, 404),
      },
    },
    handler: async (request, reply) =>
      reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(await feedback.openPhoto(request.caller, request.query.id)),
  });

  app.put('/api/tieto/feedback-photo', {
    // Nobody without Tieto gets a byte of theirs read (403 first).
    onRequest: async (request) => feedback.assertMayAttach(request.caller),
    // The body is read in the handler and the query checked there; the schema documents both.
    validatorCompiler: () => (data) => ({ value: data }),
    schema: {
      operationId: 'putFeedbackPhoto',
      summary: 'Attach a photo to your own feedback (multipart/form-data, one `file` part)',
      description: `Only the sender, on their own feedback (404 feedback.FEEDBACK_NOT_FOUND for any other). The file is a JPEG judged by its content with the same check as Materiaalipankki files, never by its name or declared type: anything else answers 400 VALIDATION_FAILED with fields.file. At most ${FEEDBACK_PHOTO_MAX_BYTES / 1024 / 1024} MiB: 413 feedback.PHOTO_TOO_LARGE with fields.file. It replaces an earlier photo, which is removed from storage. 415 for another content type.`,
      consumes: ['multipart/form-data'],
      querystring: feedbackPhotoQuery,
      body: z.object({ file: z.any().meta({ description: 'The photo (JPEG)' }) }),
      response: { 200: messageResponse, ...errors(403, 404, 413, 415) },
    },
    handler: async (request, reply) => {
      const { id } = uploadQuery(feedbackPhotoQuery, request, 'id');
      const bytes = await readSingleFile(request, reply, {
        missing: 'validation.feedback.photoRequired',
        unreadable: 'validation.feedback.photoType',
        tooLarge: { code: 'feedback.PHOTO_TOO_LARGE', text: 'validation.feedback.photoTooLarge' },
      });
      await feedback.putPhoto(request.caller, id, bytes);
      return ok(request, 'messages.feedback.feedbackPhotoSaved');
    },
  });
});
