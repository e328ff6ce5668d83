import {
  ackAlarmBody,
  alarmListResponse,
  alarmResponse,
  alarmsQuery,
  alarmsResponse,
  deviceAlarmsQuery,
  organizationAlarmsQuery,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { AlarmsService } from './alarms.service.js';

const READ =
  'Needs the Vainu permission (403 FORBIDDEN without). An alarm is seen with its device’s target: the top administrator every alarm, a Pääkäyttäjä or Ylläpitäjä those of their organization, a Käyttäjä only those of devices on targets linked to them. Times are ISO 8601 UTC. Each alarm carries its timeline (opened, closed, acknowledged, unacknowledged, with who and when).';

interface Options {
  alarms: AlarmsService;
}

/** Vainu alarms, spec 001 §7: the list, the badge's active alarms, acknowledgement. */
export const alarmsRoutes = signedIn<Options>('alarms', (app, { alarms }) => {
  app.get('/api/alarms', {
    schema: {
      operationId: 'listAlarms',
      summary: 'Alarms with the list filters, newest first, paged',
      description: `${READ} tid: target ids (repeated or comma-joined); sd, ed: UTC days YYYY-MM-DD, ed inclusive (400 when not a real day or ed before sd); st=0 only unacknowledged; ac=1 only active (the value still outside its limit). page (from 1) and pageSize (at most 500, default 200); total counts every match.`,
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
      description: `${READ} 404 alarm.ALARM_NOT_FOUND for an alarm the caller does not see. Each change is added to the alarm’s timeline with who and when; setting the state it already has changes nothing.`,
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
});
