import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import { createComment, createDiscussion } from '../helpers/discussions.js';
import { type EventStream, openEventStream } from '../helpers/event-stream.js';
import type { Fixtures } from '../helpers/fixtures.js';

// The event stream over a real socket (helpers/event-stream.ts).

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let base: string;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const open = (token: string, headers: Record<string, string> = {}) =>
  openEventStream(base, token, headers);

const comment = (role: Parameters<Actors>[0], org: 'A' | 'B', discussionId: string) =>
  as(role, org).post('/api/tieto/discussion/comment', {
    discussionId,
    discussionComment: 'Uusi kommentti striimiin',
  });

describe('GET /api/events', () => {
  it('answers 401 without a valid token, before any stream opens', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    const forged = await fetch(`${base}/api/events`, {
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(forged.status).toBe(401);
  });

  it('streams uncompressed text/event-stream with no caching', async () => {
    const stream = await open(await as.token('Ylläpitäjä', 'A'), {
      'accept-encoding': 'gzip, br',
    });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      expect(stream.response.headers.get('cache-control')).toContain('no-store');
    } finally {
      stream.close();
    }
  });

  it('counts open streams in vahti_sse_connections and keeps them out of the latency histogram', async () => {
    const scrape = async () => (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const streams = async () => /^vahti_sse_connections (\d+)$/m.exec(await scrape())?.[1];
    // The stream of the test before may still be closing on the server.
    const none = { timeout: 10_000, interval: 50 };
    await expect.poll(streams, none).toBe('0');
    const stream = await open(await as.token('Ylläpitäjä', 'A'));
    const other = await open(await as.token('Ylläpitäjä', 'B'));
    expect(await streams()).toBe('2');
    stream.close();
    other.close();
    await expect.poll(streams, none).toBe('0');
    expect(await scrape()).not.toContain('route="/api/events"');
  });

  it("never delivers organization B's event to organization A's stream", async () => {
    const discussionA = await createDiscussion(fx, fx.orgA);
    const discussionB = await createDiscussion(fx, fx.orgB);
    const streamA = await open(await as.token('Ylläpitäjä', 'A'));
    const streamB = await open(await as.token('Ylläpitäjä', 'B'));
    try {
      // B's event first, then A's: the bus delivers in order, so had A's stream been given B's
      // event, it would come first.
      expect((await comment('Ylläpitäjä', 'B', discussionB)).statusCode).toBe(201);
      expect((await comment('Ylläpitäjä', 'A', discussionA)).statusCode).toBe(201);
      const first = await streamA.next();
      expect(first).toMatchObject({
        type: 'discussion.comment',
        targetId: fx.orgA.target.id,
        data: { discussionId: discussionA },
      });
      expect(streamA.text()).not.toContain(discussionB);
      expect(streamA.text()).not.toContain(fx.orgB.target.id);
      // B's own stream got B's event, and no text of the comment travels.
      const ofB = await streamB.next();
      expect(ofB.data.discussionId).toBe(discussionB);
      expect(streamB.text()).not.toContain('Uusi kommentti');
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('gives a Käyttäjä only the events of targets linked to them', async () => {
    const unlinked = await fx.create.target(fx.orgA.id);
    const hidden = await createDiscussion(fx, fx.orgA, { targetId: unlinked });
    const visible = await createDiscussion(fx, fx.orgA);
    const stream = await open(await as.token('Käyttäjä', 'A'));
    try {
      expect((await comment('Ylläpitäjä', 'A', hidden)).statusCode).toBe(201);
      expect((await comment('Ylläpitäjä', 'A', visible)).statusCode).toBe(201);
      const first = await stream.next();
      expect(first.data.discussionId).toBe(visible);
      expect(stream.text()).not.toContain(hidden);
    } finally {
      stream.close();
    }
  });

  it('delivers sub-comments and edits, and lets the top administrator hear every organization', async () => {
    const discussionB = await createDiscussion(fx, fx.orgB);
    const commentB = await createComment(fx, fx.orgB, discussionB);
    const stream = await open(await as.token('Pääylläpitäjä', 'A'));
    try {
      const res = await as('Ylläpitäjä', 'B').patch('/api/tieto/current-comment-modification', {
        id: commentB,
        comment: 'Muokattu',
      });
      expect(res.statusCode).toBe(200);
      expect(await stream.next()).toMatchObject({
        type: 'discussion.comment',
        data: { discussionId: discussionB, discussionCommentId: commentB },
      });
    } finally {
      stream.close();
    }
  });

  it("tells the Viestit count of organization A about A's new feedback, never B's", async () => {
    const stream = await open(await as.token('Pääkäyttäjä', 'A'));
    const send = (org: 'A' | 'B') =>
      as('Käyttäjä', org).post('/api/tieto/feedback/', {
        feedbackTitle: `Ovi ${org}`,
        feedbackTargetId: fx.org(org).target.id,
        feedbackMessage: 'Kellarin ovi ei mene lukkoon',
      });
    try {
      const ofB = await send('B');
      expect(ofB.statusCode).toBe(201);
      const ofA = await send('A');
      expect(ofA.statusCode).toBe(201);
      const event = await stream.next();
      expect(event).toMatchObject({
        type: 'feedback.changed',
        targetId: fx.orgA.target.id,
        data: { feedbackId: ofA.json().feedback.id },
      });
      expect(stream.text()).not.toContain(ofB.json().feedback.id);
      expect(stream.text()).not.toContain('Kellarin ovi');
    } finally {
      stream.close();
    }
  });
});

/** The value of one sample of the app's /metrics (loopback, so no token). */
const gaugeOf = async (app: TestContext['app'], name: string) => {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  return new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1];
};
const POLL = { timeout: 10_000, interval: 50 };

describe('GET /api/events: stream limits (issue 26, finding 6)', () => {
  it('gives a user 10 streams; the 11th is 429 in Finnish until one of them closes', async () => {
    const user = await fx.create.account(fx.orgA.id);
    const token = await as.signIn(user.email, user.password);
    const streams: EventStream[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const stream = await open(token);
        expect(stream.response.status).toBe(200);
        streams.push(stream);
      }
      const refused = await fetch(`${base}/api/events`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(await refused.json()).toEqual({
        error:
          'Sinulla on liian monta avointa Vahti-välilehteä tai -ikkunaa (enintään 10). Sulje osa niistä, niin päivitykset jatkuvat.',
        code: 'TOO_MANY_EVENT_STREAMS',
      });
      expect(await gaugeOf(ctx.app, 'vahti_sse_refused_total{reason="user"}')).toBe('1');
      expect(await gaugeOf(ctx.app, 'vahti_sse_connections_per_user_max')).toBe('10');
      // Another user of the same organization is not held back by this one's streams.
      const other = await open(await as.token('Ylläpitäjä', 'A'));
      expect(other.response.status).toBe(200);
      other.close();

      // The browser closes a tab: the server gives the slot back, and the 11th may open.
      streams.shift()?.close();
      let eleventh: EventStream | undefined;
      await expect
        .poll(async () => {
          eleventh = await open(token);
          if (eleventh.response.status !== 200) eleventh.close();
          return eleventh.response.status;
        }, POLL)
        .toBe(200);
      if (eleventh) streams.push(eleventh);
    } finally {
      for (const stream of streams) stream.close();
    }
    // Every stream closed: no slot stays taken.
    await expect.poll(() => gaugeOf(ctx.app, 'vahti_sse_connections'), POLL).toBe('0');
    expect(await gaugeOf(ctx.app, 'vahti_sse_users')).toBe('0');
    expect(await gaugeOf(ctx.app, 'vahti_sse_connections_per_user_max')).toBe('0');
  });
});

describe('GET /api/events: EVENT_STREAMS_MAX per instance', () => {
  let small: TestContext;
  let smallAs: Actors;
  let smallBase: string;
  beforeAll(async () => {
    ({ ctx: small, as: smallAs } = await startApiTest({ env: { EVENT_STREAMS_MAX: '2' } }));
    await small.app.listen({ host: '127.0.0.1', port: 0 });
    smallBase = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => small.close());

  it('answers 503 in Finnish beyond the cap, and opens again once a stream closes', async () => {
    const first = await openEventStream(smallBase, await smallAs.token('Ylläpitäjä', 'A'));
    const second = await openEventStream(smallBase, await smallAs.token('Käyttäjä', 'A'));
    let third: EventStream | undefined;
    try {
      expect([first.response.status, second.response.status]).toEqual([200, 200]);
      expect(await gaugeOf(small.app, 'vahti_sse_connections')).toBe('2');
      const refused = await fetch(`${smallBase}/api/events`, {
        headers: { authorization: `Bearer ${await smallAs.token('Ylläpitäjä', 'B')}` },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(await refused.json()).toEqual({
        error:
          'Palvelimella on juuri nyt liikaa avoimia yhteyksiä. Yritä hetken kuluttua uudelleen.',
        code: 'EVENT_STREAMS_FULL',
      });
      expect(await gaugeOf(small.app, 'vahti_sse_refused_total{reason="instance"}')).toBe('1');
      first.close();
      await expect
        .poll(async () => {
          third = await openEventStream(smallBase, await smallAs.token('Ylläpitäjä', 'B'));
          if (third.response.status !== 200) third.close();
          return third.response.status;
        }, POLL)
        .toBe(200);
    } finally {
      first.close();
      second.close();
      third?.close();
    }
    await expect.poll(() => gaugeOf(small.app, 'vahti_sse_connections'), POLL).toBe('0');
  });
});
