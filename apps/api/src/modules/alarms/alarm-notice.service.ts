import {
  type AlarmRecord,
  addDays,
  type alarmNoticeBody,
  DISCUSSION_EVENTS,
  type deviceFollowUpsQuery,
  helsinkiToday,
  type Language,
  sensorDataRange,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, type Permission, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import type { DevicesRepository } from '../devices/devices.repository.js';
import type { DiscussionsRepository } from '../discussions/discussions.repository.js';
import type { EventBus } from '../events/event-bus.js';
import type { Mailer } from '../mail/mailer.js';
import type { SurveyResultsRepository } from '../surveys/survey-results.repository.js';
import type { SurveysRepository } from '../surveys/surveys.repository.js';
import { alarmNoticeMail } from './alarm-notice-mail.js';
import type { AlarmsRepository } from './alarms.repository.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;
const TIETO = { do: 'openSection', section: 'tieto' } as const;
const MANAGE_DISCUSSIONS = { do: 'manageDiscussions' } as const;
const MANAGE_SURVEYS = { do: 'manageSurveys' } as const;

/** YYYY-MM-DD as DD.MM.YYYY, as mails write a day. */
const formatDay = (day: string) => day.split('-').reverse().join('.');

type AlarmNotice = z.output<typeof alarmNoticeBody>;
type FollowUpsQuery = z.output<typeof deviceFollowUpsQuery>;

/**
 * "Tiedota asukkaille" (issue 29): an alarm turned into a discussion of its target and/or a
 * one-question follow-up survey to the target's residents, both linked from the alarm's timeline;
 * and the survey's answers per day beside the device's chart.
 */
export function createAlarmNoticeService({
  db,
  alarms,
  devices,
  discussions,
  surveys,
  results,
  audit,
  events,
  mailer,
  publicUrl,
}: {
  db: Db;
  alarms: Pick<AlarmsRepository, 'find' | 'claimNotice' | 'linkNotice' | 'followUps'>;
  devices: Pick<DevicesRepository, 'list'>;
  discussions: Pick<DiscussionsRepository, 'insert'>;
  surveys: Pick<
    SurveysRepository,
    | 'findActiveQuestionId'
    | 'insertGroup'
    | 'insertQuestion'
    | 'insertQuery'
    | 'setQueryTargets'
    | 'setQueryQuestions'
  >;
  /** The survey's audience: the target's residents with Tieto. */
  results: Pick<SurveyResultsRepository, 'listUnanswered'>;
  audit: AuditService;
  events: Pick<EventBus, 'publish'>;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  /** The app's address for links in mail (PUBLIC_URL), never the request's Host. */
  publicUrl: string;
}) {
  const audited = auditedChanges({ db, audit });

  async function read(scope: Scope, id: string): Promise<AlarmRecord> {
    const found = await alarms.find(scope, id);
    if (!found) throw notFound('alarm.ALARM_NOT_FOUND');
    return found;
  }

  /** The organization's follow-up question, made (with its group) the first time. */
  async function followUpQuestion(scope: Scope, organizationId: string, language: Language) {
    const description = translate(language, 'alarmNotice.question');
    const found = await surveys.findActiveQuestionId(scope, organizationId, description);
    if (found) return found;
    const groupId = await surveys.insertGroup(scope, {
      organizationId,
      name: translate(language, 'alarmNotice.groupName'),
      description: translate(language, 'alarmNotice.groupDescription'),
      state: 'Aktiivinen',
    });
    return surveys.insertQuestion(scope, {
      organizationId,
      groupId,
      description,
      state: 'Aktiivinen',
    });
  }

  /** Mails the survey to its audience, each in their language, in the notice's transaction. */
  async function invite(
    scope: Scope,
    organizationId: string,
    queryId: string,
    body: AlarmNotice,
    closesOn: string,
  ) {
    const link = `${publicUrl}/#/tieto/show-survey-form?${new URLSearchParams({ queryId })}`;
    for (const user of await results.listUnanswered(scope, queryId, organizationId)) {
      const language: Language = user.language ?? 'fi';
      await mailer.enqueue({
        to: user.email,
        language,
        ...alarmNoticeMail(
          language,
          {
            firstName: user.firstName,
            title: body.discussionTitle,
            text: body.discussionDescription,
            closesOn,
          },
          link,
        ),
      });
    }
  }

  return {
    /**
     * Makes what the body asks for in one transaction with its audit entry, once per dialog key:
     * a repeated key changes nothing. The caller needs Vainu and Tieto, and the discussion and
     * survey management the choices need. Returns the alarm with its timeline.
     */
    async notify(caller: Caller, body: AlarmNotice, language: Language): Promise<AlarmRecord> {
      const needs: [Permission, ...Permission[]] = [VAINU, TIETO];
      if (body.discussion) needs.push(MANAGE_DISCUSSIONS);
      if (body.survey) needs.push(MANAGE_SURVEYS);
      const scope = authorize(caller, ...needs);
      const alarm = await read(scope, body.id);
      const { organizationId } = alarm;
      const targetId = alarm.Device.deviceTargetId;
      const made = await audited(scope, async () => {
        const eventId = await alarms.claimNotice(scope, {
          organizationId,
          alarmId: alarm.id,
          key: body.key,
        });
        if (!eventId) return null;
        const discussionId = body.discussion
          ? await discussions.insert(scope, {
              organizationId,
              targetId,
              moderatorId: caller.userId,
              discussionTitle: body.discussionTitle,
              discussionDescription: body.discussionDescription,
              discussionState: 'Aktiivinen',
            })
          : null;
        let queryId: string | null = null;
        if (body.survey) {
          const questionId = await followUpQuestion(scope, organizationId, language);
          const today = helsinkiToday();
          const closesOn = addDays(today, body.surveyDays - 1);
          queryId = await surveys.insertQuery(scope, {
            organizationId,
            title: body.discussionTitle,
            description: body.discussionDescription,
            state: 'Aktiivinen',
            opensOn: today,
            closesOn,
          });
          await surveys.setQueryTargets(scope, queryId, [targetId]);
          await surveys.setQueryQuestions(scope, queryId, [questionId]);
          await invite(scope, organizationId, queryId, body, formatDay(closesOn));
        }
        await alarms.linkNotice(scope, eventId, { discussionId, queryId });
        return {
          action: 'alarm.notice',
          entityId: alarm.id,
          organizationId,
          details: { discussionId, queryId, surveyDays: body.survey ? body.surveyDays : null },
        };
      });
      if (made?.details.queryId) mailer.kick();
      const discussionId = made?.details.discussionId;
      if (typeof discussionId === 'string') {
        events.publish({
          organizationId,
          targetId,
          type: DISCUSSION_EVENTS.changed,
          data: { discussionId },
        });
      }
      return read(scope, alarm.id);
    },

    /**
     * The answers of the device's follow-up surveys per day in the period, for those who may see
     * survey results (Vainu and survey management); a device the caller does not see is 404.
     */
    async followUps(caller: Caller, query: FollowUpsQuery) {
      const scope = authorize(caller, VAINU, TIETO, MANAGE_SURVEYS);
      const [device] = await devices.list(scope, { deviceIds: [query.id] });
      if (!device) throw notFound('DEVICE_NOT_FOUND');
      const { from, to } = sensorDataRange(query);
      return alarms.followUps(scope, query.id, from, to);
    },
  };
}

export type AlarmNoticeService = ReturnType<typeof createAlarmNoticeService>;
