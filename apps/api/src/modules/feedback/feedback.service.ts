import { Readable } from 'node:stream';
import {
  type CreateFeedbackBody,
  can,
  FEEDBACK_EVENTS,
  type FeedbackRecord,
  type FeedbackState,
  type Language,
  type UpdateFeedbackBody,
} from '@vahti/domain';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import { fileKindOf } from '../../lib/storage/file-kind.js';
import { type FileStorage, newObjectName } from '../../lib/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { EventBus } from '../events/event-bus.js';
import type { Mailer } from '../mail/mailer.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { FeedbackRepository } from './feedback.repository.js';
import { feedbackChangedMail } from './feedback-mail.js';

const MANAGE = { do: 'manageFeedback' } as const;
const TIETO = { do: 'openSection', section: 'tieto' } as const;

/**
 * Tieto feedback (spec 001 §2 Tieto 7, §4, §7) as a conversation: every Tieto user sends
 * feedback about a target they see and follows it under 'Omat palautteet'; the roles above
 * Käyttäjä read it, set its state and reply. A change of state or reply mails the sender.
 */
export function createFeedbackService({
  db,
  feedback,
  organizations,
  audit,
  mailer,
  events,
  config,
  storage,
}: {
  db: Db;
  feedback: FeedbackRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  events: Pick<EventBus, 'publish'>;
  config: Pick<Config, 'publicUrl'>;
  /** The 'feedback' storage area, where photos live. */
  storage: FileStorage;
}) {
  const audited = auditedChanges({ db, audit });

  async function read(scope: Scope, id: string): Promise<FeedbackRecord> {
    const found = await feedback.find(scope, id);
    if (!found) throw notFound('feedback.FEEDBACK_NOT_FOUND');
    return found;
  }

  /** Tells open streams (the 'Viestit' count) after the change is committed. */
  function announce(organizationId: string, targetId: string, feedbackId: string) {
    events.publish({
      organizationId,
      targetId,
      type: FEEDBACK_EVENTS.changed,
      data: { feedbackId },
    });
  }

  async function requireTarget(scope: Scope, targetId: string) {
    const target = await feedback.findVisibleTarget(scope, targetId);
    if (!target) throw notFound('TARGET_NOT_FOUND');
    return target;
  }

  /**
   * The photo's object name, for whoever reads the feedback itself: staff in their scope, any
   * other Tieto user only on their own feedback. 404 when it is out of reach or has no photo.
   */
  async function photoName(caller: Caller, id: string): Promise<string> {
    const row = can(caller, MANAGE)
      ? await feedback.photoOf(authorize(caller, MANAGE), id)
      : await feedback.photoOf(authorize(caller, TIETO), id, caller.userId);
    if (!row) throw notFound('feedback.FEEDBACK_NOT_FOUND');
    if (!row.photo) throw notFound('feedback.PHOTO_NOT_FOUND');
    return row.photo;
  }

  return {
    list: (caller: Caller) => feedback.list(authorize(caller, MANAGE)),

    /** 403 before any byte of a photo is read, for a caller without Tieto. */
    assertMayAttach(caller: Caller): void {
      authorize(caller, TIETO);
    },

    /**
     * Stores a JPEG (judged by its content, as Materiaalipankki files are) as the photo of the
     * caller's own feedback, replacing an earlier one. 404 for anyone else's feedback.
     */
    async putPhoto(caller: Caller, id: string, bytes: Buffer): Promise<void> {
      const scope = authorize(caller, TIETO);
      const before = await feedback.photoOf(scope, id, caller.userId);
      if (!before) throw notFound('feedback.FEEDBACK_NOT_FOUND');
      if ((await fileKindOf(bytes)) !== 'jpg') {
        throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.feedback.photoType' });
      }
      const name = newObjectName('jpg');
      await storage.put(name, Readable.from([bytes]));
      try {
        await audited(scope, async () => {
          requireWritten(
            await feedback.setPhoto(scope, id, caller.userId, name),
            'feedback.FEEDBACK_NOT_FOUND',
          );
          return {
            action: 'feedback.photo',
            entityId: id,
            organizationId: before.organizationId,
            details: { photoBytes: bytes.length },
          };
        });
      } catch (err) {
        await storage.remove(name);
        throw err;
      }
      if (before.photo) await storage.remove(before.photo);
      announce(before.organizationId, before.targetId, id);
    },

    /** The photo's bytes as a stream (image/jpeg). */
    async openPhoto(caller: Caller, id: string) {
      return storage.open(await photoName(caller, id));
    },

    /** The caller's own feedback with its state and the staff's reply ('Omat palautteet'). */
    listOwn(caller: Caller) {
      return feedback.list(authorize(caller, TIETO), { userId: caller.userId });
    },

    async listOfOrganization(caller: Caller, organizationId: string) {
      const scope = authorize(caller, MANAGE);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return feedback.list(scope, { organizationId });
    },

    async listOfTarget(caller: Caller, targetId: string) {
      const scope = authorize(caller, MANAGE);
      await requireTarget(scope, targetId);
      return feedback.list(scope, { targetId });
    },

    /** The feedback still Uusi: the 'Viestit' tab counts them. */
    async listNew(caller: Caller, filter: { organizationId?: string; targetId?: string }) {
      const scope = authorize(caller, MANAGE);
      if (filter.organizationId && !(await organizations.lookup(scope, filter.organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      if (filter.targetId) await requireTarget(scope, filter.targetId);
      return feedback.list(scope, { ...filter, state: 'Uusi' satisfies FeedbackState });
    },

    async create(caller: Caller, body: CreateFeedbackBody): Promise<FeedbackRecord> {
      const scope = authorize(caller, TIETO);
      const target = await requireTarget(scope, body.feedbackTargetId);
      const { entityId: id } = await audited(scope, async () => {
        const newId = await feedback.insert(scope, {
          organizationId: target.organizationId,
          targetId: target.targetId,
          userId: caller.userId,
          title: body.feedbackTitle,
          message: body.feedbackMessage,
        });
        return {
          action: 'feedback.create',
          entityId: newId,
          organizationId: target.organizationId,
          details: { feedbackTitle: body.feedbackTitle, feedbackTargetId: target.targetId },
        };
      });
      announce(target.organizationId, target.targetId, id);
      return read(scope, id);
    },

    /**
     * Saves the staff's state and reply; the sender's title, message and target stay theirs. A
     * change of either mails the sender in their language, in the same transaction.
     */
    async update(caller: Caller, body: UpdateFeedbackBody): Promise<FeedbackRecord> {
      const scope = authorize(caller, MANAGE);
      const before = await read(scope, body.id);
      const reply =
        body.feedbackReply === undefined ? before.feedbackReply : body.feedbackReply || null;
      const stateChanged = before.feedbackState !== body.feedbackState;
      const replyChanged = (before.feedbackReply ?? null) !== reply;
      let mailed = false;
      await audited(scope, async () => {
        requireWritten(
          await feedback.update(scope, body.id, {
            state: body.feedbackState,
            reply,
            ...(replyChanged && reply !== null && { repliedBy: caller.userId }),
          }),
          'feedback.FEEDBACK_NOT_FOUND',
        );
        const sender =
          stateChanged || replyChanged ? await feedback.findSender(scope, body.id) : undefined;
        if (sender) {
          const language: Language = sender.language ?? 'fi';
          await mailer.enqueue({
            to: sender.email,
            language,
            ...feedbackChangedMail(language, {
              firstName: sender.firstName,
              title: before.feedbackTitle,
              targetName: before.Targets[0]?.targetName ?? '',
              state: body.feedbackState,
              reply: replyChanged ? reply : null,
              link: `${config.publicUrl}/#/tieto/own-feedbacks`,
            }),
          });
          mailed = true;
        }
        return {
          action: 'feedback.update',
          entityId: body.id,
          organizationId: before.organizationId,
          details: {
            feedbackState: body.feedbackState,
            replyChanged,
            ...((stateChanged || replyChanged) && { senderMailed: mailed }),
          },
        };
      });
      if (mailed) mailer.kick();
      announce(before.organizationId, before.feedbackTargetId, body.id);
      return read(scope, body.id);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
