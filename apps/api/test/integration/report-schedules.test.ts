import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type GenericUplink, helsinkiDayStart } from '@vahti/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, reportSchedules, users } from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { createFileStorage } from '../../src/lib/storage/create-storage.js';
import { newObjectName } from '../../src/lib/storage/storage.js';
import { ATTACHMENT_RETENTION_MS } from '../../src/modules/mail/mailer.js';
import { createUnsubscribeTokens } from '../../src/modules/notifications/unsubscribe-tokens.js';
import { periodBefore } from '../../src/modules/report-schedules/next-run.js';
import { createReportRunner } from '../../src/modules/report-schedules/report-runner.js';
import { createReportSchedulesRepository } from '../../src/modules/report-schedules/report-schedules.repository.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { deviceTypeOf, measurementOf, storeDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { silentLog } from '../helpers/silent-log.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

// Scheduled reports (issue 28) through the real HTTP API, the real runner and mail outbox, and a
// real SMTP server; the PDF is read with poppler's pdftotext, the XLSX with exceljs.

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let smtp: TestSmtpServer;
let work: string;

let target: string;
let emptyTarget: string;
let co2: string;
let admin: { id: string; email: string };
let swede: { id: string; email: string };
/** The month before today in Finnish time: what a monthly run or "Lähetä nyt" covers. */
const period = periodBefore('monthly', new Date());
const READINGS_PER_DAY = 24;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ ctx, fx, as } = await startApiTest({ env: { SMTP_URL: smtp.url } }));
  work = mkdtempSync(path.join(tmpdir(), 'vahti-schedules-'));
  target = await fx.create.target(fx.orgA.id);
  emptyTarget = await fx.create.target(fx.orgA.id);
  co2 = await measurementOf(fx.db, fx.orgA.id, 'CO2');
  const type = await deviceTypeOf(fx.db, fx.orgA.id, 'Sisäilma CO2');
  const device = await storeDevice(fx.db, {
    organizationId: fx.orgA.id,
    targetId: target,
    typeId: type.id,
    name: 'Luokka 12 -anturi',
  });
  // Hourly readings on the first two days of the period, through the real ingest.
  for (const day of [0, 1]) {
    const start = helsinkiDayStart(period.sd).getTime() + day * 86_400_000;
    const batch: GenericUplink[] = Array.from({ length: READINGS_PER_DAY }, (_, i) => ({
      deviceEui: device.eui,
      time: new Date(start + i * 3_600_000).toISOString(),
      fCnt: day * 100 + i,
      values: { [co2]: 600 + i * 10 },
    }));
    const result = await ctx.services.ingest.generic(
      { keyId: 'test', organizationId: fx.orgA.id },
      batch,
    );
    expect(result.rejected ?? []).toEqual([]);
  }
  admin = await fx.user('A', 'Ylläpitäjä');
  // A Käyttäjä with Vainu, linked to the target, who reads Swedish.
  const id = await fx.create.user(fx.orgA.id);
  await fx.db
    .update(users)
    .set({ userPermissions: [1, 2], language: 'sv' })
    .where(eq(users.userId, id));
  await fx.create.link(id, target);
  const [row] = await fx.db
    .select({ email: users.userEmail })
    .from(users)
    .where(eq(users.userId, id));
  swede = { id, email: row?.email ?? '' };
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

const body = (more: object = {}) => ({
  targetId: target,
  measurementId: co2,
  frequency: 'monthly',
  monthDay: 1,
  hour: 7,
  recipients: [admin.id, swede.id],
  enabled: true,
  ...more,
});

/** A schedule made by the organization's Ylläpitäjä; its id. */
async function created(more: object = {}) {
  const res = await as('Ylläpitäjä').post('/api/report-schedules', body(more));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reportSchedule.id as string;
}

async function listed(id: string, role: 'Ylläpitäjä' | 'Pääkäyttäjä' = 'Ylläpitäjä') {
  const res = await as(role).get('/api/report-schedules');
  expect(res.statusCode).toBe(200);
  return (res.json().reportSchedules as { id: string }[]).find((s) => s.id === id) as
    | Record<string, unknown>
    | undefined;
}

const mailsTo = async (scheduleIds: string[]) => {
  const rows = await fx.db
    .select({ ids: reportSchedules.lastMailIds })
    .from(reportSchedules)
    .where(inArray(reportSchedules.id, scheduleIds));
  return rows.flatMap((r) => r.ids ?? []);
};

describe(`report schedules: the calls (${DRIVER})`, () => {
  it('adds, lists, changes and removes a schedule; the next run in Finnish time', async () => {
    const res = await as('Ylläpitäjä').post('/api/report-schedules', body({ monthDay: 'last' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Ajastettu raportti lisätty');
    const schedule = res.json().reportSchedule;
    expect(schedule).toMatchObject({
      targetId: target,
      measurementName: 'CO2',
      frequency: 'monthly',
      monthDay: 'last',
      weekday: null,
      hour: 7,
      lastState: null,
      sendRequested: false,
    });
    expect(schedule.recipients.map((r: { userId: string }) => r.userId).sort()).toEqual(
      [admin.id, swede.id].sort(),
    );
    // 7:00 in Finland is 05:00 or 04:00 UTC, on a month's last day.
    const next = new Date(schedule.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect([4, 5]).toContain(next.getUTCHours());
    expect(new Date(next.getTime() + 12 * 3_600_000).getUTCDate()).toBe(
      new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate(),
    );
    expect(await listed(schedule.id)).toMatchObject({ id: schedule.id });

    const changed = await as('Ylläpitäjä').put(
      `/api/report-schedules/${schedule.id}`,
      body({ frequency: 'weekly', weekday: 1, monthDay: null, hour: 6, recipients: [admin.id] }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().reportSchedule).toMatchObject({
      frequency: 'weekly',
      weekday: 1,
      monthDay: null,
      hour: 6,
    });
    expect(changed.json().reportSchedule.recipients).toHaveLength(1);

    const removed = await as('Ylläpitäjä').delete(`/api/report-schedules/${schedule.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await listed(schedule.id)).toBeUndefined();
    const again = await as('Ylläpitäjä').delete(`/api/report-schedules/${schedule.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('reportSchedules.REPORT_SCHEDULE_NOT_FOUND');
  });

  it('names each bad field in Finnish and stores nothing', async () => {
    const before = (await as('Ylläpitäjä').get('/api/report-schedules')).json().reportSchedules
      .length;
    const empty = await as('Ylläpitäjä').post('/api/report-schedules', {
      targetId: null,
      recipients: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      measurementId: 'Pakollinen kenttä',
      frequency: 'Virheellinen arvo',
      hour: 'Virheellinen arvo',
    });
    const monthly = await as('Ylläpitäjä').post(
      '/api/report-schedules',
      body({ monthDay: null, hour: 24, recipients: [] }),
    );
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().fields).toEqual({
      monthDay: 'Valitse kuukauden päivä',
      hour: 'Virheellinen arvo',
      recipients: 'Valitse vähintään yksi vastaanottaja',
    });
    const weekly = await as('Ylläpitäjä').post(
      '/api/report-schedules',
      body({ frequency: 'weekly', monthDay: 32 }),
    );
    expect(weekly.json().fields).toEqual({
      weekday: 'Valitse viikonpäivä',
      monthDay: 'Virheellinen arvo',
    });
    // A Käyttäjä not linked to the target would get reports of targets they may not see.
    const stranger = await fx.create.user(fx.orgA.id);
    await fx.db
      .update(users)
      .set({ userPermissions: [2] })
      .where(eq(users.userId, stranger));
    const unseen = await as('Ylläpitäjä').post(
      '/api/report-schedules',
      body({ recipients: [admin.id, stranger] }),
    );
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().fields).toEqual({
      recipients: 'Vastaanottaja ei voi nähdä näiden kohteiden raportteja',
    });
    // Every target: only roles that see every target qualify.
    const all = await as('Ylläpitäjä').post('/api/report-schedules', body({ targetId: null }));
    expect(all.statusCode).toBe(400);
    expect(all.json().fields.recipients).toBeDefined();
    expect(
      (await as('Ylläpitäjä').get('/api/report-schedules')).json().reportSchedules,
    ).toHaveLength(before);
  });

  it("refuses another organization's records and recipients, and hides its schedules", async () => {
    const id = await created();
    const foreignTarget = await as('Ylläpitäjä').post(
      '/api/report-schedules',
      body({ targetId: fx.orgB.target.id }),
    );
    expect(foreignTarget.statusCode).toBe(404);
    expect(foreignTarget.json().code).toBe('TARGET_NOT_FOUND');
    const foreignMeasurement = await as('Ylläpitäjä').post(
      '/api/report-schedules',
      body({ measurementId: await measurementOf(fx.db, fx.orgB.id, 'CO2') }),
    );
    expect(foreignMeasurement.statusCode).toBe(404);
    expect(foreignMeasurement.json().code).toBe('MEASUREMENT_NOT_FOUND');
    const foreignUser = (await fx.user('B', 'Ylläpitäjä')).id;
    const foreignRecipient = await as('Ylläpitäjä').post(
      '/api/report-schedules',
      body({ recipients: [admin.id, foreignUser] }),
    );
    expect(foreignRecipient.statusCode).toBe(400);
    expect(foreignRecipient.json().fields.recipients).toBe(
      'Vastaanottaja ei voi nähdä näiden kohteiden raportteja',
    );
    for (const call of [
      as('Ylläpitäjä', 'B').put(`/api/report-schedules/${id}`, body()),
      as('Ylläpitäjä', 'B').post(`/api/report-schedules/${id}/send`),
      as('Ylläpitäjä', 'B').delete(`/api/report-schedules/${id}`),
    ]) {
      const res = await call;
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('reportSchedules.REPORT_SCHEDULE_NOT_FOUND');
    }
    const theirs = (await as('Ylläpitäjä', 'B').get('/api/report-schedules')).json();
    expect(JSON.stringify(theirs)).not.toContain(id);
    // A Pääkäyttäjä sees the schedules they made, not the Ylläpitäjä's; a Käyttäjä none at all.
    expect(await listed(id, 'Pääkäyttäjä')).toBeUndefined();
    expect((await as('Käyttäjä').get('/api/report-schedules')).statusCode).toBe(403);
    // Recipients offered: the linked Käyttäjä for the target, not for every target.
    const offered = async (query: string) =>
      (await as('Ylläpitäjä').get(`/api/report-schedules/recipients${query}`))
        .json()
        .users.map((u: { userId: string }) => u.userId);
    expect(await offered(`?targetId=${target}`)).toContain(swede.id);
    expect(await offered('')).not.toContain(swede.id);
    expect(await offered('')).toContain(admin.id);
    expect(await offered('')).not.toContain(foreignUser);
  });
});

describe(`report schedules: the runs (${DRIVER})`, () => {
  it('mails a monthly report as PDF and XLSX to each recipient in their language', async () => {
    const id = await created();
    const send = await as('Ylläpitäjä').post(`/api/report-schedules/${id}/send`);
    expect(send.statusCode).toBe(200);
    expect(send.json().message).toBe('Raportti lähtee hetken kuluttua');
    await ctx.services.reportRunner.runDue();
    await ctx.services.mailer.deliverDue();
    const mails = [await smtp.next(), await smtp.next()];
    const fi = mails.find((m) => m.to.includes(admin.email));
    const sv = mails.find((m) => m.to.includes(swede.email));
    if (!fi || !sv) throw new Error(`mails to ${mails.map((m) => m.to).join(', ')}`);
    const day = (d: string) => d.split('-').map(Number).reverse().join('.');
    expect(fi.subject).toContain(`mittausraportti ${day(period.sd)}–${day(period.ed)}`);
    expect(fi.text).toContain('liitteenä on ajastettu mittausraportti (CO2)');
    expect(fi.text).toContain(`${ctx.config.publicUrl}/#/vainu/sensor-data`);
    expect(fi.html).toContain(`href="${ctx.config.publicUrl}/#/vainu/sensor-data"`);
    expect(sv.subject).toContain('mätrapport');
    for (const [mail, title, sheet] of [
      [fi, 'Mittausraportti', 'Mittaukset'],
      [sv, 'Mätrapport', 'Mätningar'],
    ] as const) {
      expect(mail.attachments.map((a) => a.filename)).toEqual([
        'vahti-mittausraportti.pdf',
        `vahti-mittaukset-${period.sd}-${period.ed}.xlsx`,
      ]);
      const [pdf, xlsx] = mail.attachments;
      if (!pdf || !xlsx) throw new Error('attachments missing');
      expect(pdf.contentType).toBe('application/pdf');
      const file = path.join(work, `${title}.pdf`);
      writeFileSync(file, pdf.content);
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
        encoding: 'utf8',
      });
      expect(text).toContain(title);
      expect(text).toContain('Luokka 12 -anturi');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer);
      const readings = workbook.getWorksheet(sheet);
      // The header and every reading of the two days.
      expect(readings?.rowCount).toBe(1 + 2 * READINGS_PER_DAY);
      expect(readings?.getRow(2).getCell(3).value).toBe('Luokka 12 -anturi');
    }
    expect(await listed(id)).toMatchObject({
      lastState: 'sent',
      lastError: null,
      sendRequested: false,
      lastPeriod: period,
    });
  });

  it('removes the stored files once no waiting mail names them, and old leftovers by the sweep', async () => {
    const storage = createFileStorage(ctx.config, 'mail');
    const exists = async (object: string) => (await storage.stat(object)) !== undefined;
    const id = await created();
    await as('Ylläpitäjä').post(`/api/report-schedules/${id}/send`);
    await ctx.services.reportRunner.runDue();
    const rows = await fx.db
      .select({ attachments: mailOutbox.attachments })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, await mailsTo([id])));
    const objects = rows.flatMap((r) => (r.attachments ?? []).map((a) => a.object));
    // A PDF and an XLSX per language (Finnish and Swedish).
    expect(new Set(objects).size).toBe(4);
    await ctx.services.mailer.deliverDue();
    for (const mail of [await smtp.next(), await smtp.next()])
      expect(mail.attachments).toHaveLength(2);
    expect(await Promise.all(objects.map(exists))).toEqual([false, false, false, false]);

    // A file two mails name stays until the second is sent.
    const put = async () => {
      const name = newObjectName('pdf');
      await storage.put(name, Readable.from([Buffer.from('%PDF-1.7')]));
      return name;
    };
    const mailNaming = async (object: string, due: ReturnType<typeof sql>) => {
      const [row] = await fx.db
        .insert(mailOutbox)
        .values({
          toAddress: admin.email,
          subject: 'Liite',
          textBody: 'Liite',
          htmlBody: '<p>Liite</p>',
          language: 'fi',
          status: 'queued',
          nextAttemptAt: due,
          attachments: [{ object, fileName: 'a.pdf', contentType: 'application/pdf' }],
        })
        .returning({ id: mailOutbox.id });
      return row?.id ?? '';
    };
    const shared = await put();
    const later = await mailNaming(shared, sql`now() + interval '1 day'`);
    await mailNaming(shared, sql`now()`);
    await ctx.services.mailer.deliverDue();
    await smtp.next();
    expect(await exists(shared)).toBe(true);
    await fx.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, later));
    await ctx.services.mailer.deliverDue();
    await smtp.next();
    expect(await exists(shared)).toBe(false);

    // What removal after sending misses (a run killed before its mails were queued, an instance
    // killed between sending and removing) goes with the hourly sweep once a day old, unless a
    // waiting mail names it.
    const [leftover, awaited] = [await put(), await put()];
    const waiting = await mailNaming(awaited, sql`now() + interval '1 day'`);
    await ctx.services.mailer.sweepAttachments();
    expect(await exists(leftover)).toBe(true);
    await ctx.services.mailer.sweepAttachments(
      new Date(Date.now() + ATTACHMENT_RETENTION_MS + 60_000),
    );
    expect(await exists(leftover)).toBe(false);
    expect(await exists(awaited)).toBe(true);
    await fx.db.delete(mailOutbox).where(eq(mailOutbox.id, waiting));
    await storage.remove(awaited);
  });

  it('gives every mail a link and List-Unsubscribe that take its recipient off the schedule', async () => {
    const id = await created();
    await as('Ylläpitäjä').post(`/api/report-schedules/${id}/send`);
    await ctx.services.reportRunner.runDue();
    await ctx.services.mailer.deliverDue();
    const mails = [await smtp.next(), await smtp.next()];
    const sv = mails.find((m) => m.to.includes(swede.email));
    if (!sv) throw new Error(`mails to ${mails.map((m) => m.to).join(', ')}`);
    const link = /Sluta få e-post med denna rapport: (\S+)/.exec(sv.text)?.[1] ?? '';
    expect(link.startsWith(`${ctx.config.publicUrl}/api/unsubscribe?token=`)).toBe(true);
    expect(sv.html).toContain(`href="${link}"`);
    expect(sv.raw.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${link}>`);
    expect(sv.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = link.slice(ctx.config.publicUrl.length);
    // A GET (a mail scanner) only asks; the mail client's one-click POST does it.
    const page = await as.anonymous.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('E-postmeddelandena med denna schemalagda rapport');
    expect((await listed(id))?.recipients).toHaveLength(2);
    const done = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Klart: du har tagits bort från mottagarna av denna rapport.');
    const after = (await listed(id))?.recipients as { userId: string }[];
    expect(after.map((r) => r.userId)).toEqual([admin.id]);
    // The next run mails the one left; the swede's other settings are untouched.
    await as('Ylläpitäjä').post(`/api/report-schedules/${id}/send`);
    await ctx.services.reportRunner.runDue();
    expect(await mailsTo([id])).toHaveLength(1);
    await ctx.services.mailer.deliverDue();
    expect((await smtp.next()).to).toEqual([admin.email]);
  });

  it('mails a due schedule once when two instances race for it, and moves its next run', async () => {
    const id = await created({ recipients: [admin.id] });
    await fx.db
      .update(reportSchedules)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(reportSchedules.id, id));
    // A second instance: its own runner over the same database.
    const other = createReportRunner({
      db: withTransactions(ctx.database.db),
      schedules: createReportSchedulesRepository(withTransactions(ctx.database.db)),
      reports: ctx.services.reports,
      exports: ctx.services.exports,
      sensorData: ctx.services.sensorData,
      mailer: ctx.services.mailer,
      storage: createFileStorage(ctx.config, 'mail'),
      tokens: createUnsubscribeTokens(ctx.config.jwtSecret),
      publicUrl: ctx.config.publicUrl,
      log: silentLog(),
    });
    const ran = await Promise.all([ctx.services.reportRunner.runDue(), other.runDue()]);
    expect(ran[0] + ran[1]).toBe(1);
    const mailIds = await mailsTo([id]);
    expect(mailIds).toHaveLength(1);
    const [row] = await fx.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(row?.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(row?.leaseUntil).toBeNull();
    // Nothing is due any more: another pass mails nothing.
    expect(await other.runDue()).toBe(0);
    await ctx.services.mailer.deliverDue();
    const mail = await smtp.next();
    expect(mail.to).toEqual([admin.email]);
    expect(
      await fx.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, mailIds)),
    ).toHaveLength(1);
  });

  it('leaves files too big to mail out, and says where the readings are', async () => {
    const id = await created({ recipients: [admin.id] });
    await fx.db
      .update(reportSchedules)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(reportSchedules.id, id));
    // A runner whose mail limit is below the PDF's size.
    const small = createReportRunner({
      db: withTransactions(ctx.database.db),
      schedules: createReportSchedulesRepository(withTransactions(ctx.database.db)),
      reports: ctx.services.reports,
      exports: ctx.services.exports,
      sensorData: ctx.services.sensorData,
      mailer: ctx.services.mailer,
      storage: createFileStorage(ctx.config, 'mail'),
      tokens: createUnsubscribeTokens(ctx.config.jwtSecret),
      publicUrl: ctx.config.publicUrl,
      log: silentLog(),
      maxAttachmentBytes: 1_000,
    });
    expect(await small.runDue()).toBe(1);
    await ctx.services.mailer.deliverDue();
    const mail = await smtp.next();
    expect(mail.to).toEqual([admin.email]);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Mittaukset eivät mahtuneet sähköpostin liitteeksi');
    expect(mail.text).toContain(`${ctx.config.publicUrl}/#/vainu/sensor-data`);
  });

  it('shows a failed run with its error, retries it after the back-off, then mails', async () => {
    const id = await created({ targetId: emptyTarget, recipients: [admin.id] });
    await as('Ylläpitäjä').post(`/api/report-schedules/${id}/send`);
    expect(await ctx.services.reportRunner.runDue()).toBe(0);
    expect(await listed(id)).toMatchObject({
      lastState: 'retrying',
      lastError: 'Jaksolta ei ole mittauksia',
      sendRequested: true,
    });
    // The back-off holds the retry back.
    expect(await ctx.services.reportRunner.runDue()).toBe(0);
    // The readings arrive (a device moved to the target); the back-off has passed.
    await fx.db.execute(
      sql`update devices set target_id = ${emptyTarget} where target_id = ${target}`,
    );
    await fx.db
      .update(reportSchedules)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(reportSchedules.id, id));
    expect(await ctx.services.reportRunner.runDue()).toBe(1);
    expect(await listed(id)).toMatchObject({ lastState: 'sending', lastError: null });
    await ctx.services.mailer.deliverDue();
    await smtp.next();
    expect(await listed(id)).toMatchObject({ lastState: 'sent', sendRequested: false });
  });
});
