import {
  type CreateFeedbackBody,
  FEEDBACK_EVENTS,
  type FeedbackRecord,
  type FeedbackState,
  type Language,
  type UpdateFeedbackBody,
} from '@vahti/domain';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { EventBus } from '../events/event-bus.js';
import type { Mailer } from '../mail/mailer.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { FeedbackRepository } from './feedback.repository.js';
import { feedbackClosedMail } from './feedback-mail.js';

const MANAGE = { do: 'manageFeedback' } as const;
const TIETO = { do: 'openSection', section: 'tieto' } as const;

/**
 * Tieto feedback (spec 001 §2 Tieto 7, §4, §7): every Tieto user sends feedback about a target
 * they see; the roles above Käyttäjä read and edit it. Closing a feedback mails its sender.
 */
export function createFeedbackService({
  db,
  feedback,
  organizations,
  audit,
  mailer,
  events,
  config,
}: {
  db: Db;
  feedback: FeedbackRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  events: Pick<EventBus, 'publish'>;
  config: Pick<Config, 'publicUrl'>;
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

  return {
    list: (caller: Caller) => feedback.list(authorize(caller, MANAGE)),

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

    /** Saves a feedback; from Uusi to Suljettu, its sender gets a mail in the same transaction. */
    async update(caller: Caller, body: UpdateFeedbackBody): Promise<FeedbackRecord> {
      const scope = authorize(caller, MANAGE);
      const before = await read(scope, body.id);
      const target = await requireTarget(scope, body.feedbackTargetId);
      if (target.organizationId !== before.organizationId) throw notFound('TARGET_NOT_FOUND');
      const closing = before.feedbackState !== 'Suljettu' && body.feedbackState === 'Suljettu';
      let mailed = false;
      await audited(scope, async () => {
        requireWritten(
          await feedback.update(scope, body.id, {
            title: body.feedbackTitle,
            message: body.feedbackMessage,
            targetId: target.targetId,
            state: body.feedbackState,
          }),
          'feedback.FEEDBACK_NOT_FOUND',
        );
        const sender = closing ? await feedback.findSender(scope, body.id) : undefined;
        if (sender) {
          const language: Language = sender.language ?? 'fi';
          const after = await read(scope, body.id);
          await mailer.enqueue({
            to: sender.email,
            language,
            ...feedbackClosedMail(language, {
              firstName: sender.firstName,
              title: after.feedbackTitle,
              targetName: after.Targets[0]?.targetName ?? '',
              link: `${config.publicUrl}/#/tieto/dashboard`,
            }),
          });
          mailed = true;
        }
        return {
          action: 'feedback.update',
          entityId: body.id,
          organizationId: before.organizationId,
          details: {
            feedbackTitle: body.feedbackTitle,
            feedbackTargetId: target.targetId,
            feedbackState: body.feedbackState,
            ...(closing && { senderMailed: mailed }),
          },
        };
      });
      if (mailed) mailer.kick();
      announce(before.organizationId, target.targetId, body.id);
      return read(scope, body.id);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
