import { type ChannelSettings, DEFAULT_CHANNEL } from '@vahti/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEvents,
  mailOutbox,
  notificationHeld,
  targetContactUsers,
  users,
} from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { systemScope } from '../../src/lib/scope.js';
import { createAlarmsRepository } from '../../src/modules/alarms/alarms.repository.js';
import { createAuditRepository } from '../../src/modules/audit/audit.repository.js';
import { createAuditService } from '../../src/modules/audit/audit.service.js';
import { createNotificationsRepository } from '../../src/modules/notifications/notifications.repository.js';
import { createNotificationsService } from '../../src/modules/notifications/notifications.service.js';
import type { PushChannel, PushMessage } from '../../src/modules/notifications/push-channel.js';
import { createUnsubscribeTokens } from '../../src/modules/notifications/unsubscribe-tokens.js';
import { createOrganizationsRepository } from '../../src/modules/organizations/organizations.repository.js';
import { createReportSchedulesRepository } from '../../src/modules/report-schedules/report-schedules.repository.js';
import { createTargetsRepository } from '../../src/modules/targets/targets.repository.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { createAlarm } from '../helpers/alarm-fixtures.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { silentLog } from '../helpers/silent-log.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let smtp: TestSmtpServer;
const PUBLIC_URL = 'https://vahti.example.fi';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ ctx, fx, as } = await startApiTest({ env: { SMTP_URL: smtp.url, PUBLIC_URL } }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const channel = (over: Partial<ChannelSettings> = {}): ChannelSettings => ({
  ...DEFAULT_CHANNEL,
  ...over,
});

/** A push channel that keeps what it is handed (the Web Push part delivers for real). */
function recordingPush() {
  const sent: { userId: string; message: PushMessage }[] = [];
  const push: PushChannel = {
    enqueue: async (_scope, userId, message) => {
      sent.push({ userId, message });
      return 1;
    },
    kick: () => {},
  };
  return { push, sent };
}

/** The notification service as an instance would run it, with its clock at `at`. */
function notificationsAt(at: Date, push: PushChannel = recordingPush().push) {
  const db = withTransactions(ctx.database.db);
  return createNotificationsService({
    db,
    notifications: createNotificationsRepository(db),
    alarms: createAlarmsRepository(db),
    organizations: createOrganizationsRepository(db),
    targets: createTargetsRepository(db),
    audit: createAuditService({ auditLog: createAuditRepository(db) }),
    mailer: ctx.services.mailer,
    push,
    tokens: createUnsubscribeTokens(ctx.config.jwtSecret),
    reportRecipients: createReportSchedulesRepository(db),
    publicUrl: PUBLIC_URL,
    log: silentLog(),
    now: () => at,
  });
}

const mailsTo = (email: string) =>
  ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const heldFor = (userId: string) =>
  ctx.database.db.select().from(notificationHeld).where(eq(notificationHeld.userId, userId));
/** A sign-in of organization A with Tieto and Vainu. */
async function vainuAccount() {
  const account = await fx.create.account(fx.orgA.id);
  await ctx.database.db
    .update(users)
    .set({ userPermissions: [1, 2] })
    .where(eq(users.userId, account.id));
  return account;
}
const contact = (targetId: string, userId: string) =>
  ctx.database.db.insert(targetContactUsers).values({ targetId, userId });

describe(`my notifications (${DRIVER})`, () => {
  it('starts from the defaults, saves own settings for chosen targets, and resets', async () => {
    const user = as('Käyttäjä');
    const first = await user.get('/api/notification-settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      own: false,
      email: DEFAULT_CHANNEL,
      push: DEFAULT_CHANNEL,
    });

    const body = {
      email: channel({ quietHours: { start: '22:00', end: '07:00' } }),
      push: channel({ allTargets: false, targetIds: [fx.orgA.target.id], kinds: ['up'] }),
    };
    const saved = await user.put('/api/notification-settings', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Ilmoitusasetukset tallennettu',
      own: true,
      ...body,
    });
    expect((await user.get('/api/notification-settings')).json()).toMatchObject({
      own: true,
      ...body,
    });

    // The own details' alarm-mail toggle is the e-mail channel, one truth.
    const names = { userFirstName: 'Kalle', userLastName: 'Käyttäjä' };
    expect(
      (await user.patch('/api/users-own', { ...names, userAlarmMail: false })).statusCode,
    ).toBe(200);
    const off = (await user.get('/api/notification-settings')).json();
    expect(off.email).toMatchObject({
      enabled: false,
      quietHours: { start: '22:00', end: '07:00' },
    });
    expect((await user.get('/api/auth')).json().user.userAlarmMail).toBe(false);

    const reset = await user.delete('/api/notification-settings');
    expect(reset.json()).toMatchObject({ own: false, email: DEFAULT_CHANNEL });
    expect((await user.get('/api/auth')).json().user.userAlarmMail).toBe(true);
  });

  it('refuses bad input with the field named, and another organization’s target with 404', async () => {
    const user = as('Käyttäjä');
    const base = { email: channel(), push: channel() };
    const bad = await user.put('/api/notification-settings', {
      ...base,
      email: channel({ quietHours: { start: '25:00', end: '07:00' } }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['email.quietHours.start']).toBe('Anna aika muodossa TT:MM');
    for (const push of [
      { ...channel(), kinds: ['co2'] },
      { ...channel(), digestHour: 24 },
      { ...channel(), targetIds: ['x'] },
      { ...channel(), enabled: 'yes' },
    ]) {
      const res = await user.put('/api/notification-settings', { ...base, push });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const foreign = await user.put('/api/notification-settings', {
      ...base,
      push: channel({ allTargets: false, targetIds: [fx.orgB.target.id] }),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TARGET_NOT_FOUND');
    expect((await user.get('/api/notification-settings')).json().own).toBe(false);
  });

  it('lets the organization’s Ylläpitäjä set its defaults and escalation, no one else', async () => {
    const url = (org: string) => `/api/organizations/${org}/notifications`;
    const body = {
      email: channel({ digest: true, digestHour: 8 }),
      push: channel({ kinds: ['up', 'offline'] }),
      escalation: [
        { alarmKind: 'up', afterMinutes: 30, role: 'Pääkäyttäjä' },
        { alarmKind: 'up', afterMinutes: 60, role: 'Ylläpitäjä' },
      ],
    };
    expect((await as('Pääkäyttäjä').get(url(fx.orgA.id))).statusCode).toBe(403);
    expect((await as('Ylläpitäjä').put(url(fx.orgB.id), body)).json().code).toBe(
      'ORGANIZATION_NOT_FOUND',
    );
    const saved = await as('Ylläpitäjä').put(url(fx.orgA.id), body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(body);
    // A user without own settings follows them; one with own settings keeps those.
    const account = await vainuAccount();
    const follower = as.withToken(await as.signIn(account.email));
    expect((await follower.get('/api/notification-settings')).json()).toMatchObject({
      own: false,
      email: { digest: true, digestHour: 8 },
      push: { kinds: ['up', 'offline'] },
    });
    expect((await as('Pääylläpitäjä').get(url(fx.orgA.id))).json().email.digest).toBe(true);

    const tooMany = await as('Ylläpitäjä').put(url(fx.orgA.id), {
      ...body,
      escalation: [10, 20, 30, 40].map((m) => ({
        alarmKind: 'down',
        afterMinutes: m,
        role: 'Ylläpitäjä',
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    const unordered = await as('Ylläpitäjä').put(url(fx.orgA.id), {
      ...body,
      escalation: [60, 30].map((m) => ({ alarmKind: 'up', afterMinutes: m, role: 'Ylläpitäjä' })),
    });
    expect(unordered.json().fields['escalation.1.afterMinutes']).toBe(
      'Porrastuksen viiveen on oltava edellistä pidempi',
    );
    // Back to no defaults for the other tests.
    await as('Ylläpitäjä').put(url(fx.orgA.id), {
      email: DEFAULT_CHANNEL,
      push: DEFAULT_CHANNEL,
      escalation: [],
    });
  });
});

describe(`routing (${DRIVER})`, () => {
  // 23.30 Finnish time (UTC+2 in November); the quiet hours end at 07.00 = 05.00 UTC.
  const night = new Date('2026-11-27T21:30:00Z');
  const morning = new Date('2026-11-28T05:00:00Z');

  it('push for high on two targets, no mail at night: push now, mail in the morning', async () => {
    const [t1, t2, t3] = [
      await fx.create.target(fx.orgA.id),
      await fx.create.target(fx.orgA.id),
      await fx.create.target(fx.orgA.id),
    ];
    const user = await fx.create.account(fx.orgA.id);
    for (const t of [t1, t2, t3]) await contact(t, user.id);
    const settings = {
      email: channel({ quietHours: { start: '22:00', end: '07:00' } }),
      push: channel({ allTargets: false, targetIds: [t1, t2], kinds: ['up'] }),
    };
    const repo = createNotificationsRepository(withTransactions(ctx.database.db));
    await repo.saveOwn(
      systemScope('seed', fx.orgA.id),
      { userId: user.id, organizationId: fx.orgA.id },
      settings,
    );

    const { push, sent } = recordingPush();
    const service = notificationsAt(night, push);
    const scope = systemScope('seed', fx.orgA.id);
    const high1 = await createAlarm(ctx.database.db, fx.orgA.id, t1);
    const high3 = await createAlarm(ctx.database.db, fx.orgA.id, t3);
    const offline = await createAlarm(ctx.database.db, fx.orgA.id, t2, {
      alarmBreakThrough: 'offline',
      measurementId: null,
    });
    await service.route(scope, [
      { alarmId: high1.alarmId, change: 'opened' },
      { alarmId: high3.alarmId, change: 'opened' },
      { alarmId: offline.alarmId, change: 'opened' },
      { alarmId: high1.alarmId, change: 'acknowledged' },
    ]);
    // Push: the high alarm of a chosen target only.
    expect(sent.map((s) => s.userId)).toEqual([user.id]);
    expect(sent[0]?.message).toMatchObject({
      tag: high1.alarmId,
      url: `/#/vainu/show-alarms?ac=1&tid=${t1}`,
    });
    expect(sent[0]?.message.title).toMatch(/^Vahti: hälytys kohteessa Testikohde/);
    // Mail: the offline alarm (critical) at once; the two high alarms wait for 07.00.
    const now = await mailsTo(user.email);
    expect(now).toHaveLength(1);
    expect(now[0]?.textBody).toContain('ei yhteyttä');
    const held = await heldFor(user.id);
    expect(held.map((h) => [h.channel, h.releaseAt.toISOString()])).toEqual([
      ['email', morning.toISOString()],
      ['email', morning.toISOString()],
    ]);

    // Before 07.00 nothing goes; at 07.00 one mail lists both, and nothing is left held.
    expect(await notificationsAt(new Date(morning.getTime() - 60_000)).sendHeld()).toBe(0);
    expect(await notificationsAt(morning).sendHeld()).toBe(1);
    const digest = (await mailsTo(user.email)).filter((m) =>
      m.subject.includes('hälytysilmoitusta'),
    );
    expect(digest).toHaveLength(1);
    expect(digest[0]?.textBody.match(/ylitti ylärajan/g)).toHaveLength(2);
    expect(await heldFor(user.id)).toHaveLength(0);
  });

  it('holds mail for the daily digest at its hour, and sends it once across two workers', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const user = await fx.create.account(fx.orgA.id);
    await contact(target, user.id);
    const repo = createNotificationsRepository(withTransactions(ctx.database.db));
    await repo.saveOwn(
      systemScope('seed', fx.orgA.id),
      { userId: user.id, organizationId: fx.orgA.id },
      {
        email: channel({ digest: true, digestHour: 8, events: ['opened', 'closed'] }),
        push: channel({ enabled: false }),
      },
    );
    const noon = new Date('2026-11-27T10:00:00Z'); // 12.00 Finnish time
    const { alarmId } = await createAlarm(ctx.database.db, fx.orgA.id, target);
    await notificationsAt(noon).route(systemScope('seed', fx.orgA.id), [
      { alarmId, change: 'opened' },
      { alarmId, change: 'closed' },
    ]);
    expect(await mailsTo(user.email)).toHaveLength(0);
    const due = new Date('2026-11-28T06:00:00Z'); // 08.00 the next morning
    expect((await heldFor(user.id)).map((h) => h.releaseAt.toISOString())).toEqual([
      due.toISOString(),
      due.toISOString(),
    ]);
    const [a, b] = await Promise.all([
      notificationsAt(due).sendHeld(),
      notificationsAt(due).sendHeld(),
    ]);
    // One worker takes the user's rows under its lock; the other finds none or cannot lock.
    expect([a, b].sort()).toEqual([0, 1]);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('hälytys on päättynyt:');
  });
});

describe(`mail and unsubscribe links (${DRIVER})`, () => {
  it('mails an opened alarm as HTML and text with a one-click unsubscribe that needs a POST', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const user = await vainuAccount();
    await contact(target, user.id);
    const { alarmId } = await createAlarm(ctx.database.db, fx.orgA.id, target);
    const db = withTransactions(ctx.database.db);
    await db.transaction(() =>
      ctx.services.notifications.route(systemScope('seed', fx.orgA.id), [
        { alarmId, change: 'opened' },
      ]),
    );
    await ctx.services.mailer.deliverDue();
    let mail = await smtp.next();
    while (!mail.to.includes(user.email)) mail = await smtp.next();
    expect(mail.subject).toMatch(/^Vahti: hälytys kohteessa/);
    expect(mail.html).toContain('<html lang="fi">');
    expect(mail.text).toContain(`${PUBLIC_URL}/#/vainu/show-alarms?ac=1&tid=${target}`);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /Lopeta tällaiset viestit: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/api/unsubscribe?token=`)).toBe(true);
    const path = link.slice(PUBLIC_URL.length);

    // A GET (a mail scanner) only shows the question.
    const page = await as.anonymous.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    const settings = () => as.withToken('').get('/api/notification-settings');
    expect((await settings()).statusCode).toBe(401);
    const signedIn = as.withToken(await as.signIn(user.email));
    expect((await signedIn.get('/api/notification-settings')).json().own).toBe(false);

    // The mail client's one-click POST turns off this kind's mail only.
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Valmis');
    const after = (await signedIn.get('/api/notification-settings')).json();
    expect(after.own).toBe(true);
    expect(after.email.kinds).toEqual(['down', 'offline', 'lowBattery']);
    expect(after.email).toMatchObject({ enabled: true, escalations: true });
    expect(after.push.kinds).toEqual(DEFAULT_CHANNEL.kinds);
  });

  it('refuses a tampered, foreign, expired or other-purpose token', async () => {
    const victim = await vainuAccount();
    const attacker = await vainuAccount();
    const tokens = createUnsubscribeTokens(ctx.config.jwtSecret);
    const own = tokens.create(attacker.id, { email: 'all' });
    const [payload = '', signature = ''] = own.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    // The attacker's own signature on a payload naming the victim.
    const forged = `${Buffer.from(JSON.stringify({ ...claims, u: victim.id })).toString('base64url')}.${signature}`;
    // A token for one kind turned into one for every mail.
    const upOnly = tokens.create(victim.id, { kind: 'up' });
    const [upPayload = '', upSignature = ''] = upOnly.split('.');
    const upClaims = JSON.parse(Buffer.from(upPayload, 'base64url').toString());
    const widened = `${Buffer.from(JSON.stringify({ ...upClaims, w: 'email' })).toString('base64url')}.${upSignature}`;
    const expired = createUnsubscribeTokens(
      ctx.config.jwtSecret,
      () => new Date(Date.now() - 91 * 86_400_000),
    ).create(victim.id, { email: 'all' });
    const otherKey = createUnsubscribeTokens('another secret of 32 characters!').create(victim.id, {
      email: 'all',
    });
    const session = await as.signIn(victim.email);
    for (const token of [forged, widened, expired, otherKey, session, 'x', `${own}.x`]) {
      const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
      const res = await as.anonymous.post(url);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().code).toBe('notifications.UNSUBSCRIBE_INVALID');
      const page = await as.anonymous.get(url, { headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Linkki ei kelpaa');
    }
    const victimSettings = as.withToken(session);
    expect((await victimSettings.get('/api/notification-settings')).json().own).toBe(false);
    expect((await as.anonymous.get('/api/unsubscribe')).statusCode).toBe(400);
  });
});

describe(`escalation (${DRIVER})`, () => {
  it('sends each step when due to the step’s role, in the timeline, and stops on acknowledgement', async () => {
    await as('Ylläpitäjä').put(`/api/organizations/${fx.orgA.id}/notifications`, {
      email: DEFAULT_CHANNEL,
      push: DEFAULT_CHANNEL,
      escalation: [
        { alarmKind: 'up', afterMinutes: 30, role: 'Pääkäyttäjä' },
        { alarmKind: 'up', afterMinutes: 60, role: 'Ylläpitäjä' },
      ],
    });
    const opened = new Date('2026-11-27T08:00:00Z');
    const at = (minutes: number) => new Date(opened.getTime() + minutes * 60_000);
    const { alarmId, deviceId } = await createAlarm(
      ctx.database.db,
      fx.orgA.id,
      fx.orgA.target.id,
      {
        createdAt: opened,
      },
    );
    const chief = await fx.user('A', 'Pääkäyttäjä');
    const admin = await fx.user('A', 'Ylläpitäjä');
    const { push, sent } = recordingPush();
    const escalations = () =>
      ctx.database.db
        .select()
        .from(alarmEvents)
        .where(and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.kind, 'escalated')));
    const subject = 'Vahti: kuittaamaton hälytys kohteessa';
    const escalationMails = async (email: string) =>
      (await mailsTo(email)).filter((m) => m.subject.startsWith(subject));

    expect(await notificationsAt(at(29), push).sweepEscalations()).toBe(0);
    expect(await notificationsAt(at(30), push).sweepEscalations()).toBe(1);
    expect(await escalationMails(chief.email)).toHaveLength(1);
    expect(await escalationMails(admin.email)).toHaveLength(0);
    expect(sent.some((s) => s.userId === chief.id)).toBe(true);
    expect((await escalations()).map((e) => e.comment)).toEqual(['Pääkäyttäjä']);
    // The same step is not sent twice.
    expect(await notificationsAt(at(45), push).sweepEscalations()).toBe(0);

    // Acknowledged: no further step; cancelled: the next one when due.
    await as('Ylläpitäjä').patch('/api/alarms/ack', { id: alarmId, state: 1 });
    expect(await notificationsAt(at(61), push).sweepEscalations()).toBe(0);
    await as('Ylläpitäjä').patch('/api/alarms/ack', { id: alarmId, state: 0 });
    expect(await notificationsAt(at(61), push).sweepEscalations()).toBe(1);
    expect(await escalationMails(admin.email)).toHaveLength(1);
    expect((await escalations()).map((e) => e.comment).sort()).toEqual([
      'Pääkäyttäjä',
      'Ylläpitäjä',
    ]);
    // The alarm's timeline, as the API shows it, has both steps.
    const [alarm] = (await as('Ylläpitäjä').get(`/api/device-alarms?id=${deviceId}`)).json().alarms;
    expect(
      (alarm.timeline as { kind: string }[]).filter((e) => e.kind === 'escalated'),
    ).toHaveLength(2);
  });
});
