import {
  ALARM_ACK_MAX,
  ALARM_COMMENT_MAX,
  ackAlarmBody,
  ackAlarmsBody,
  ackAlarmsResponse,
  alarmListResponse,
  alarmNoticeBody,
  alarmResponse,
  alarmsQuery,
  alarmsResponse,
  deviceAlarmsQuery,
  deviceFollowUpsQuery,
  followUpsResponse,
  NOTICE_SURVEY_DAYS_DEFAULT,
  NOTICE_SURVEY_DAYS_MAX,
  organizationAlarmsQuery,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { AlarmNoticeService } from './alarm-notice.service.js';
import type { AlarmsService } from './alarms.service.js';

const READ =
  'Needs the Vainu permission (403 FORBIDDEN without). An alarm is seen with its device’s target: the top administrator every alarm, a Pääkäyttäjä or Ylläpitäjä those of their organization, a Käyttäjä only those of devices on targets linked to them. Times are ISO 8601 UTC. Each alarm carries its timeline (opened, closed, acknowledged, unacknowledged, with who and when).';

interface Options {
  alarms: AlarmsService;
  alarmNotice: AlarmNoticeService;
}

/** Vainu alarms, spec 001 §7: the list, the badge's active alarms, acknowledgement. */
export const alarmsRoutes = signedIn<Options>('alarms', (app, { alarms, alarmNotice }) => {
  app.get('/api/alarms', {
    schema: {
      operationId: 'listAlarms',
      summary: 'Alarms with the list filters as a work queue, paged, with counts per state',
      description: `${READ} tid: target ids (repeated or comma-joined); sd, ed: UTC days YYYY-MM-DD, ed inclusive (400 when not a real day or ed before sd); st=0 only unacknowledged (st=1 only acknowledged); ac=1 only active, the value still outside its limit (ac=0 only ended). Order, a work queue: active unacknowledged, active acknowledged, ended unacknowledged, ended acknowledged, newest first within each. page (from 1) and pageSize (at most 500, default 200); total counts every match. counts: the alarms of each of the four states (activeUnacknowledged = ac=1&st=0, activeAcknowledged = ac=1&st=1, endedUnacknowledged = ac=0&st=0, endedAcknowledged = ac=0&st=1) under tid, sd and ed, whatever st and ac are, so the list's state chips show them all from the same call.`,
      querystring: alarmsQuery,
      response: { 200: alarmsResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.alarm.alarmsOk', await alarms.list(request.caller, request.query)),
  });

  app.get('/api/alarms/active', {
    schema: {
      operationId: 'listActiveAlarms',
      summary: 'Active alarms that are not acknowledged (the badge count)',
      description: `${READ} The badge polls this every 60 s and counts the answer (10+ above 10).`,
      response: { 200: alarmListResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.alarm.alarmsOk', { alarms: await alarms.listActive(request.caller) }),
  });

  app.get('/api/organization-alarms', {
    schema: {
      operationId: 'listOrganizationAlarms',
      summary: 'Active alarms of an organization (the dashboard’s devices in alarm)',
      description: `${READ} organizationId defaults to the caller’s own; another organization (unless top administrator) or an unknown one answers 404 ORGANIZATION_NOT_FOUND.`,
      querystring: organizationAlarmsQuery,
      response: { 200: alarmListResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.alarm.alarmsOk', {
        alarms: await alarms.listOfOrganization(request.caller, request.query.organizationId),
      }),
  });

  app.get('/api/device-alarms', {
    schema: {
      operationId: 'listDeviceAlarms',
      summary: 'Alarms of devices (id: comma-joined device ids)',
      description: `${READ} Every device named must be seen by the caller, else 404 DEVICE_NOT_FOUND. At most 1000 alarms, newest first.`,
      querystring: deviceAlarmsQuery,
      response: { 200: alarmListResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.alarm.alarmsOk', {
        alarms: await alarms.listOfDevices(request.caller, request.query.id),
      }),
  });

  app.patch('/api/alarms/ack', {
    schema: {
      operationId: 'acknowledgeAlarm',
      summary: 'Acknowledge an alarm (state 1) or cancel the acknowledgement (state 0)',
      description: `${READ} 404 alarm.ALARM_NOT_FOUND for an alarm the caller does not see. Each change is added to the alarm’s timeline with who, when and comment (optional, at most ${ALARM_COMMENT_MAX} characters, trimmed; blank: none); setting the state it already has changes nothing.`,
      body: ackAlarmBody,
      response: { 200: alarmResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const alarm = await alarms.acknowledge(request.caller, request.body);
      return ok(
        request,
        alarm.state === 1
          ? 'messages.alarm.alarmAcknowledged'
          : 'messages.alarm.alarmUnacknowledged',
        { alarm },
      );
    },
  });

  app.post('/api/alarms/acknowledge', {
    schema: {
      operationId: 'acknowledgeAlarms',
      summary: 'Acknowledge several alarms at once (the list’s “Kuittaa valitut”)',
      description: `${READ} ids: 1–${ALARM_ACK_MAX} alarm ids; comment as in PATCH /api/alarms/ack, kept with each. All in one transaction: if the caller does not see one of them (another organization’s, a Käyttäjä’s unlinked target, a missing one) the answer is 404 alarm.ALARM_NOT_FOUND and nothing is written. Each alarm that changes gets its own timeline entry (who, when, comment) and event, as with one acknowledgement; those already acknowledged are left as they were. acknowledged: how many changed.`,
      body: ackAlarmsBody,
      response: { 200: ackAlarmsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const acknowledged = await alarms.acknowledgeMany(request.caller, request.body);
      return {
        message: translate(request.language, 'messages.alarm.alarmsAcknowledged', {
          count: acknowledged,
        }),
        acknowledged,
      };
    },
  });

  app.post('/api/alarms/notice', {
    schema: {
      operationId: 'notifyResidents',
      summary: 'Tell the residents of the alarm’s target (“Tiedota asukkaille”)',
      description: `Needs Vainu and Tieto, and a role above Käyttäjä (the discussion and survey management of Tieto); 403 FORBIDDEN without. 404 alarm.ALARM_NOT_FOUND for an alarm the caller does not see. discussionTitle and discussionDescription: the notice, validated as a discussion’s. discussion: true opens a discussion of the alarm’s target with them (the caller its moderator); survey: true makes a survey of the target with the one question “Miltä sisäilma tuntuu nyt?” (in the caller’s language; made once per organization in a question group of its own), the notice as its description, open from today for surveyDays days (1–${NOTICE_SURVEY_DAYS_MAX}, default ${NOTICE_SURVEY_DAYS_DEFAULT}, Finnish time), and mails it to the target’s residents (active users with Tieto linked to the target), each in their language, with the notice and a link to answer. At least one of the two (400 on discussion). All in one transaction with the audit entry alarm.notice and the alarm’s timeline entry 'notified' carrying discussionId and queryId. key: a uuid the dialog makes once; the same alarm and key again (a double click, a retry) makes nothing new and answers the same alarm.`,
      body: alarmNoticeBody,
      response: { 200: alarmResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.alarm.noticeSent', {
        alarm: await alarmNotice.notify(request.caller, request.body, request.language),
      }),
  });

  app.get('/api/device-follow-ups', {
    schema: {
      operationId: 'listDeviceFollowUps',
      summary: 'Answers of the follow-up surveys of a device’s alarms per day (beside its chart)',
      description:
        'Needs Vainu, Tieto and a role above Käyttäjä (who may see survey results); 403 FORBIDDEN without. id: the device (404 DEVICE_NOT_FOUND when the caller does not see it); sd, ed: days in Finnish time as the sensor data’s (default the last 7 days). followUps: each survey sent with “Tiedota asukkaille” from an alarm of the device that has answers in the period, with per day (Finnish time) the average of the answers (1–5, two decimals) and how many answered.',
      querystring: deviceFollowUpsQuery,
      response: { 200: followUpsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.alarm.followUpsOk', {
        followUps: await alarmNotice.followUps(request.caller, request.query),
      }),
  });
});
