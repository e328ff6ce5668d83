import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  type Language,
  measurementsExportFileName,
  measurementsExportQuery,
  REPORT_FILE_NAME,
  reportQuery,
} from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MailAttachment } from '../../db/schema/index.js';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { systemScope } from '../../lib/scope.js';
import { type FileStorage, newObjectName } from '../../lib/storage/storage.js';
import { EXPORT_CONTENT_TYPES, type ExportsService } from '../exports/exports.service.js';
import type { Mailer } from '../mail/mailer.js';
import { type UnsubscribeTokens, unsubscribeLink } from '../notifications/unsubscribe-tokens.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { SensorDataService } from '../sensor-data/index.js';
import { nextRunAt, periodBefore } from './next-run.js';
import { reportMail } from './report-mail.js';
import type {
  ReportScheduleRow,
  ReportSchedulesRepository,
} from './report-schedules.repository.js';

/** Due schedules of every organization are claimed and run by this worker. */
const DELIVERY = systemScope('reportDelivery');

/** Longer than the worst case of one run (readings, render, files, mails). */
const LEASE_MS = 15 * 60_000;
const BATCH = 5;
/** Failed attempts of a run before it is given up for its period. */
export const RUN_ATTEMPTS = 6;
/**
 * The files a mail may carry together, in bytes: common mail servers refuse messages of 10–25
 * MB, and base64 grows a file by a third. Beyond it the readings are left out (the mail says so
 * and links to the screen they are exported from); a PDF over it alone is not attached either.
 */
export const MAIL_ATTACHMENTS_MAX_BYTES = 7_000_000;

export type RunError = 'noRecipients' | 'noData' | 'renderFailed' | 'reportsBusy';

class RunFailure extends Error {
  constructor(
    readonly reason: RunError,
    readonly final = false,
  ) {
    super(reason);
  }
}

export interface ReportRunnerOptions {
  db: Db;
  schedules: ReportSchedulesRepository;
  reports: Pick<ReportsService, 'pdf'>;
  exports: Pick<ExportsService, 'xlsx'>;
  sensorData: Pick<SensorDataService, 'summary'>;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  storage: Pick<FileStorage, 'put' | 'remove'>;
  /** Each mail's link (and List-Unsubscribe) that takes its recipient off the schedule. */
  tokens: UnsubscribeTokens;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Back-off after the first failure; doubled after each one (default 5 min). */
  retryBaseMs?: number;
  maxAttachmentBytes?: number;
  now?: () => Date;
}

/**
 * Runs due report schedules (issue 28): claims them (one instance per schedule, see the
 * repository's claimDue), makes the PDF report and the XLSX of the readings of the period per
 * recipient language, stores the files, and queues one mail per recipient — the mails and the
 * schedule's new state in one transaction, and only while the lease is still held, so a run that
 * dies mid-way is run again whole and mails at most once per run that committed. The mail
 * outbox then delivers (retries with back-off; the schedule shows the mails' state).
 */
export function createReportRunner(options: ReportRunnerOptions) {
  const { db, schedules, reports, exports, sensorData, mailer, storage, log } = options;
  const retryBaseMs = options.retryBaseMs ?? 5 * 60_000;
  const maxBytes = options.maxAttachmentBytes ?? MAIL_ATTACHMENTS_MAX_BYTES;
  const now = options.now ?? (() => new Date());
  const link = `${options.publicUrl}/#/vainu/sensor-data`;

  async function run(row: ReportScheduleRow): Promise<boolean> {
    const scope = systemScope('reportDelivery', row.organizationId);
    const at = now();
    const scheduled = row.enabled && row.nextRunAt <= at;
    // A scheduled run covers the period before its due time, however late it runs; "Lähetä
    // nyt" the latest full period.
    const period = periodBefore(
      row.frequency,
      scheduled && !row.sendRequestedAt ? row.nextRunAt : at,
    );
    const nextRun = scheduled ? nextRunAt(row, at) : null;
    const stored: string[] = [];
    try {
      const wanted = new Set(await schedules.recipientIds(scope, row.id));
      const recipients = (
        await schedules.candidates(scope, row.organizationId, row.targetId)
      ).filter((user) => wanted.has(user.userId));
      if (recipients.length === 0) throw new RunFailure('noRecipients', true);
      const tid = row.targetId
        ? [row.targetId]
        : await schedules.targetIds(scope, row.organizationId);
      if (tid.length === 0) throw new RunFailure('noData');
      const byLanguage = new Map<Language, typeof recipients>();
      for (const user of recipients) {
        const language = user.language ?? 'fi';
        byLanguage.set(language, [...(byLanguage.get(language) ?? []), user]);
      }
      const mails: {
        userId: string;
        to: string;
        language: Language;
        firstName: string;
        files: MailAttachment[];
        tooBig: { size: number; max: number } | null;
      }[] = [];
      let measurementName = '';
      let targetName: string | null = null;
      for (const [language, users] of byLanguage) {
        const first = users[0];
        if (!first) continue;
        // The report is read with a recipient's own rights: every recipient sees every target
        // of the schedule (candidates), so the content is the same for each of them.
        const caller: Caller = {
          userId: first.userId,
          userEmail: first.email,
          userRoles: first.role,
          userPermissions: first.permissions,
          organizationId: row.organizationId,
        };
        const input = { tid, mid: row.measurementId, sd: period.sd, ed: period.ed };
        const summary = await sensorData.summary(caller, measurementsExportQuery.parse(input));
        if (summary.every((r) => r.count === 0)) throw new RunFailure('noData');
        measurementName = summary[0]?.measurementName ?? '';
        if (row.targetId) targetName = summary[0]?.targetName ?? null;
        const pdf = await reports
          .pdf(caller, reportQuery.parse(input), language)
          .catch((err: unknown) => {
            if (err instanceof AppError && err.statusCode === 503)
              throw new RunFailure('reportsBusy');
            throw err;
          });
        const xlsxFile = await exports.xlsx(
          caller,
          measurementsExportQuery.parse({ ...input, kind: 'raw' }),
          language,
        );
        const xlsx = await buffer(xlsxFile.body);
        const files: MailAttachment[] = [];
        let tooBig: { size: number; max: number } | null = null;
        const keep = async (
          bytes: Uint8Array,
          extension: 'pdf' | 'xlsx',
          fileName: string,
          contentType: string,
        ) => {
          const object = newObjectName(extension);
          stored.push(object);
          await storage.put(object, Readable.from([Buffer.from(bytes)]));
          files.push({ object, fileName, contentType });
        };
        if (pdf.byteLength <= maxBytes) {
          await keep(pdf, 'pdf', REPORT_FILE_NAME, 'application/pdf');
        }
        if (pdf.byteLength + xlsx.byteLength <= maxBytes) {
          await keep(
            xlsx,
            'xlsx',
            measurementsExportFileName(period, 'xlsx'),
            EXPORT_CONTENT_TYPES.xlsx,
          );
        } else {
          tooBig = { size: xlsx.byteLength, max: maxBytes };
        }
        for (const user of users) {
          mails.push({
            userId: user.userId,
            to: user.email,
            language,
            firstName: user.firstName,
            files,
            tooBig,
          });
        }
      }
      const committed = await db.transaction(async () => {
        const mailIds: string[] = [];
        for (const mail of mails) {
          const stop = unsubscribeLink(options.tokens, options.publicUrl, mail.userId, {
            report: row.id,
          });
          const content = reportMail(mail.language, {
            firstName: mail.firstName,
            targetName,
            measurementName,
            period,
            readingsTooBig: mail.tooBig,
            link,
            unsubscribe: stop.url,
          });
          mailIds.push(
            await mailer.enqueue({
              to: mail.to,
              language: mail.language,
              ...content,
              headers: stop.headers,
              attachments: mail.files,
            }),
          );
        }
        const done = await schedules.completed(DELIVERY, row, {
          period,
          mailIds,
          nextRunAt: nextRun,
        });
        // Another runner took the row after this one's lease ran out: it mails instead.
        if (done === 0) throw new Error('report schedule lease lost');
        return mailIds.length;
      });
      mailer.kick();
      log.info({ scheduleId: row.id, mails: committed, period }, 'scheduled report queued');
      return true;
    } catch (err) {
      await Promise.all(stored.map((object) => storage.remove(object).catch(() => undefined)));
      const failure = err instanceof RunFailure ? err : new RunFailure('renderFailed');
      const attempts = row.attempts + 1;
      const retryInMs =
        failure.final || attempts >= RUN_ATTEMPTS ? null : retryBaseMs * 2 ** (attempts - 1);
      await schedules.failed(DELIVERY, row, {
        error: failure.reason,
        retryInMs,
        nextRunAt: nextRun,
      });
      log.warn(
        {
          scheduleId: row.id,
          attempts,
          reason: failure.reason,
          err: err instanceof RunFailure ? undefined : err,
        },
        retryInMs === null ? 'scheduled report failed' : 'scheduled report failed, will retry',
      );
      return false;
    }
  }

  let queue: Promise<unknown> = Promise.resolve();

  async function runOnce(): Promise<number> {
    let ran = 0;
    for (let round = 0; round < 10; round++) {
      const due = await schedules.claimDue(DELIVERY, BATCH, LEASE_MS);
      for (const row of due) if (await run(row)) ran += 1;
      if (due.length < BATCH) break;
    }
    return ran;
  }

  return {
    /** Runs the due schedules after any pass already running here; how many mailed. */
    runDue(): Promise<number> {
      const pass = queue.then(runOnce);
      queue = pass.catch(() => undefined);
      return pass;
    },
    /** Starts a pass now (after "Lähetä nyt"); failures are logged. */
    kick() {
      this.runDue().catch((err: unknown) => log.error({ err }, 'report schedule pass failed'));
    },
  };
}

export type ReportRunner = ReturnType<typeof createReportRunner>;
