import { z } from 'zod';
import { TEXT_COUNTER_MAX } from '../constants.js';
import { id, msg, recordOf, text } from './fields.js';

// Tieto feedback (palautteet), spec 001 §3, §4, §5, §7.

/** Uusi or Suljettu, freely editable (spec 001 §4). */
export const FEEDBACK_STATES = ['Uusi', 'Suljettu'] as const;

/** Event kind of feedback on the event stream: one was sent or saved (the 'Viestit' count). */
export const FEEDBACK_EVENTS = { changed: 'feedback.changed' } as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const FEEDBACK_TITLE_MIN = 3;
export const FEEDBACK_MESSAGE_MIN = 3;
/** The message's counter and limit (spec 001 §5, §9). */
export const FEEDBACK_MESSAGE_MAX = TEXT_COUNTER_MAX;

const feedbackFields = {
  feedbackTitle: text({ error: msg('feedback.titleRequired') })
    .trim()
    .min(1, { error: msg('feedback.titleRequired'), abort: true })
    .min(FEEDBACK_TITLE_MIN, { error: msg('feedback.titleTooShort') })
    .max(200, { error: msg('invalidValue') }),
  feedbackMessage: text({ error: msg('feedback.messageLength') }, true)
    .trim()
    .min(FEEDBACK_MESSAGE_MIN, { error: msg('feedback.messageLength') })
    .max(FEEDBACK_MESSAGE_MAX, { error: msg('feedback.messageLength') }),
  /** The target the feedback concerns; its organization is the feedback's. */
  feedbackTargetId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? msg('feedback.targetRequired')
        : msg('invalidValue'),
  }),
};

/** POST /api/tieto/feedback/: from the signed-in user, about a target they see. */
export const createFeedbackBody = z.object(feedbackFields);
export type CreateFeedbackBody = z.infer<typeof createFeedbackBody>;

/** The largest photo a feedback may carry (a phone's JPEG fits; 413 PHOTO_TOO_LARGE above). */
export const FEEDBACK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** PUT/GET /api/tieto/feedback-photo?id=: the photo of one feedback. */
export const feedbackPhotoQuery = z.object({ id: id() });

/** The staff's answer to a feedback, shown to its sender and mailed to them. */
export const FEEDBACK_REPLY_MAX = 2000;

/**
 * PATCH /api/tieto/feedback: staff save the state and their own reply. The sender's words (title,
 * message, target) are theirs: accepted as the spec's edit dialog sends them, and never written.
 * A change of state or reply mails the sender in their language.
 */
export const updateFeedbackBody = z.object({
  id: id(),
  feedbackState: z.enum(FEEDBACK_STATES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? msg('feedback.stateRequired')
        : msg('invalidValue'),
  }),
  feedbackReply: text({ error: msg('invalidValue') }, true)
    .trim()
    .max(FEEDBACK_REPLY_MAX, { error: msg('feedback.replyTooLong') })
    .optional()
    .nullable(),
});
export type UpdateFeedbackBody = z.infer<typeof updateFeedbackBody>;

/** A feedback as the API answers it: the sender's words, the staff's state and reply, times. */
export const feedbackRecord = recordOf(createFeedbackBody).extend({
  id: z.string(),
  organizationId: z.string(),
  feedbackState: z.enum(FEEDBACK_STATES),
  /** The staff's reply; null until there is one. */
  feedbackReply: z.string().nullable(),
  /** When the reply was last saved (ISO 8601), and by whom; null without a reply. */
  repliedAt: z.string().nullable(),
  replierName: z.string().nullable(),
  /** The sender's name; null once the sender's account is gone. */
  senderName: z.string().nullable(),
  /** Whether the sender attached a photo (GET /api/tieto/feedback-photo?id= gives it). */
  feedbackPhoto: z.boolean(),
  Targets: z.array(z.object({ targetName: z.string() })),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});

export type FeedbackRecord = z.infer<typeof feedbackRecord>;

export const feedbackResponse = z.object({ message: z.string(), feedback: feedbackRecord });
export type FeedbackResponse = z.infer<typeof feedbackResponse>;
export const feedbacksResponse = z.object({
  message: z.string(),
  feedbacks: z.array(feedbackRecord),
});
export type FeedbacksResponse = z.infer<typeof feedbacksResponse>;

/** GET /api/tieto/organization-feedbacks/?feedbackOrganizationId= */
export const organizationFeedbacksQuery = z.object({ feedbackOrganizationId: id() });
/** GET /api/tieto/target-feedbacks/?feedbackTargetId= */
export const targetFeedbacksQuery = z.object({ feedbackTargetId: id() });
/**
 * GET /api/tieto/new-feedbacks/: the feedback still Uusi, of the organization (every one in
 * scope when left out) and optionally one target.
 */
export const newFeedbacksQuery = z.object({
  feedbackOrganizationId: id().optional(),
  feedbackTargetId: id().optional(),
});

// ---------------------------------------------------------------- the Tieto dashboard

const tietoCounts = z.object({
  users: z.number().int(),
  discussions: z.number().int(),
  feedbacks: z.number().int(),
  queries: z.number().int(),
});
export type TietoCounts = z.infer<typeof tietoCounts>;

/** GET /api/tieto/dashboard?organizationId= (own when left out; another: top role only). */
export const tietoDashboardQuery = z.object({ organizationId: id().optional() });

export const tietoDashboardResponse = z.object({
  message: z.string(),
  organization: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    organizationAddress: z.string(),
    organizationZipCode: z.string(),
    organizationPostalDistrict: z.string(),
    counts: tietoCounts,
  }),
  targets: z.array(
    z.object({
      targetId: z.string(),
      targetName: z.string(),
      targetAddress: z.string(),
      targetZipCode: z.string(),
      targetPostalDistrict: z.string(),
      counts: tietoCounts,
    }),
  ),
});
export type TietoDashboardResponse = z.infer<typeof tietoDashboardResponse>;
