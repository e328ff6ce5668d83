import {
  messageResponse,
  REPORT_SCHEDULE_RECIPIENTS_MAX,
  reportScheduleBody,
  reportScheduleParams,
  reportScheduleRecipientsQuery,
  reportScheduleRecipientsResponse,
  reportScheduleResponse,
  reportSchedulesResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { ReportSchedulesService } from './report-schedules.service.js';

const WHO =
  'The Vainu permission and a role above Käyttäjä (403 FORBIDDEN otherwise). Ylläpitäjä and Pääylläpitäjä see every schedule of their organization (the top administrator of every one), a Pääkäyttäjä the schedules they made; any other answers 404 reportSchedules.REPORT_SCHEDULE_NOT_FOUND.';
const BODY = `Body: targetId (one target, or null for every target of the organization), measurementId (the report's measurement), frequency weekly | monthly, weekday (weekly: 1 Monday … 7 Sunday), monthDay (monthly: 1–31, a shorter month runs on its last day, or "last"), hour (0–23, Finnish time), recipients (1–${REPORT_SCHEDULE_RECIPIENTS_MAX} user ids of the organization, each active with the Vainu permission and seeing the targets: a Käyttäjä only for a target linked to them; another answers 400 on recipients), enabled; organizationId only for the top administrator (ADR 0007). A target or measurement of another organization answers 404 TARGET_NOT_FOUND / MEASUREMENT_NOT_FOUND. A run mails the PDF measurement report of the previous Monday–Sunday week or calendar month and an XLSX of its readings (two sheets: summary, readings) to each recipient in their language; files over 7 MB together are left out of the mail, which then says so and links to the sensor-data screen.`;

interface Options {
  reportSchedules: ReportSchedulesService;
}

/** Scheduled reports (issue 28): weekly or monthly PDF + XLSX reports by mail. */
export const reportSchedulesRoutes = signedIn<Options>(
  'report-schedules',
  (app, { reportSchedules }) => {
    app.get('/api/report-schedules', {
      schema: {
        operationId: 'listReportSchedules',
        summary: 'Scheduled reports with their recipients, next run and the latest run’s state',
        description: `${WHO} lastState: sending (mails queued), sent, retrying (the run or a mail failed and is tried again with back-off), failed (given up); lastError says why in the caller's language.`,
        response: { 200: reportSchedulesResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.reportSchedules.listOk', {
          reportSchedules: await reportSchedules.list(request.caller, request.language),
        }),
    });

    app.get('/api/report-schedules/recipients', {
      schema: {
        operationId: 'listReportScheduleRecipients',
        summary: 'Users who may receive the reports of a target, or of every target',
        description: `${WHO} Users of the organization (organizationId: the top administrator names it) who are active, have the Vainu permission and see the target (targetId; without it every target: roles above Käyttäjä). 404 TARGET_NOT_FOUND for a target of another organization.`,
        querystring: reportScheduleRecipientsQuery,
        response: { 200: reportScheduleRecipientsResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.reportSchedules.recipientsOk', {
          users: await reportSchedules.recipients(request.caller, request.query),
        }),
    });

    app.post('/api/report-schedules', {
      schema: {
        operationId: 'createReportSchedule',
        summary: 'Add a scheduled report',
        description: `${WHO} ${BODY}`,
        body: reportScheduleBody,
        response: { 200: reportScheduleResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.reportSchedules.created', {
          reportSchedule: await reportSchedules.create(
            request.caller,
            request.body,
            request.language,
          ),
        }),
    });

    app.put('/api/report-schedules/:id', {
      schema: {
        operationId: 'updateReportSchedule',
        summary: 'Change a scheduled report',
        description: `${WHO} ${BODY} The next run is counted afresh; a failed run waiting for its retry is dropped.`,
        params: reportScheduleParams,
        body: reportScheduleBody,
        response: { 200: reportScheduleResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.reportSchedules.updated', {
          reportSchedule: await reportSchedules.update(
            request.caller,
            request.params.id,
            request.body,
            request.language,
          ),
        }),
    });

    app.delete('/api/report-schedules/:id', {
      schema: {
        operationId: 'deleteReportSchedule',
        summary: 'Remove a scheduled report',
        description: `${WHO} Mails already queued are still delivered.`,
        params: reportScheduleParams,
        response: { 200: messageResponse, ...errors(403, 404) },
      },
      handler: async (request) => {
        await reportSchedules.remove(request.caller, request.params.id);
        return ok(request, 'messages.reportSchedules.removed');
      },
    });

    app.post('/api/report-schedules/:id/send', {
      schema: {
        operationId: 'sendReportScheduleNow',
        summary: 'Lähetä nyt: run the schedule for its latest full period',
        description: `${WHO} Queues a run of the previous full week or month to the same recipients, also for a schedule that is not enabled; a background worker makes and mails it (the answer does not wait). The schedule's sendRequested is true until the run has been made; its lastState then follows the mails.`,
        params: reportScheduleParams,
        response: { 200: reportScheduleResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.reportSchedules.sendQueued', {
          reportSchedule: await reportSchedules.sendNow(
            request.caller,
            request.params.id,
            request.language,
          ),
        }),
    });
  },
);
