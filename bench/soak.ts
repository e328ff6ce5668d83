/**
 * The soak run (issue 16): npm run soak -- --minutes N [--rate 1000] [--users 200] [--mqtt URL]
 * [--fleet]
 *
 * Starts the real app in its own process (bench/servers/soak.ts; PostgreSQL of BENCH_DATABASE_URL,
 * emptied first, else an in-memory PGlite) with the demo data and 500 soak devices, then for N
 * minutes: an open-loop generator posts ChirpStack uplinks at --rate per second (with --mqtt, one
 * in ten is published to that broker with QoS 1 instead), about 1 in 200 of them above the
 * devices' 28 °C limit so alarms open (and close on the next normal reading), while --users
 * virtual users sign in and browse what the Vainu and Tieto screens call, every 2–8 s a screen,
 * and acknowledge unacknowledged alarms. Every minute and at the end it prints the rates, p50/p99
 * per call class, errors by status, the server's RSS and event-loop lag; at the end the RSS growth
 * (mean of the last quarter's samples over the first quarter's) and whether every acknowledged
 * uplink (2xx, or PUBACK) is stored, counted by dedup key. Exit 1 on a lost acknowledged uplink or
 * any 5xx. Loopback only; bounded in minutes, rate and users.
 *
 * --fleet (issue 30): a realistic fleet instead — 100,000 devices in 1,000 organizations, each
 * sending one uplink every 5 minutes at its own phase (333/s; --rate is not used), with its own
 * organization's ingest key; every 5 minutes a gateway of 500 devices goes silent for 10 minutes
 * and then sends its backlog at once, with the uplinks' own times (a burst of about 1,000). The
 * users also open a device's chart of the last month and of the last year (a year of readings
 * every 5 minutes), and one screen in REPORT_EVERY is a month's PDF report of that target.
 *
 * In both modes Pääylläpitäjä's live event stream is open as a browser's would be: the time from a
 * hot uplink's send to its alarm's `opened` event is the uplink → alarm latency. A request
 * unanswered for REQUEST_TIMEOUT_MS counts as unanswered, so the run always ends.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { connectAsync, type MqttClient } from 'mqtt';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed.js';
import { mqttClientId } from '../apps/api/src/modules/ingest/mqtt-subscriber.js';
import { eventStreamReader } from './lib/alarm-stream.js';

const LIMITS = { minutes: 240, rate: 5000, users: 1000 };
/** Uplinks still unanswered beyond this are not sent (counted as skipped): the server is behind. */
const MAX_IN_FLIGHT = 2000;
/** One uplink in this many is above the high limit (opens an alarm; the next normal one closes it). */
const HOT_EVERY = 200;
/** Of the uplinks, the share published over MQTT when a broker is given. */
const MQTT_SHARE = 0.1;
const TICK_MS = 10;
/** A request unanswered this long is given up (counted as 'no answer'), so the run always ends. */
const REQUEST_TIMEOUT_MS = 60_000;
/** A hot uplink whose alarm event has not come within this is counted as without one. */
const ALARM_WAIT_MS = 60_000;
const REPORT_MS = 60_000;
/** The fleet mode: its size, each device's period, the gateways' outages and the reports. */
const FLEET = { devices: 100_000, organizations: 1_000, periodS: 300 };
const GATEWAY_DEVICES = 500;
const OUTAGE_MS = 10 * 60_000;
const OUTAGE_EVERY_MS = 5 * 60_000;
const REPORT_EVERY = 100;
/** The demo users the virtual users sign in as, in turn (both see the soak target). */
const USERS = ['yllapitaja@demo.vahti.fi', 'paakayttaja@demo.vahti.fi'];

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    rate: { type: 'string', default: '1000' },
    users: { type: 'string', default: '200' },
    mqtt: { type: 'string' },
    fleet: { type: 'boolean', default: false },
  },
});
const minutes = Number(args.minutes);
const rate = args.fleet ? FLEET.devices / FLEET.periodS : Number(args.rate);
const userCount = Number(args.users);
const bad = (name: string, value: number, max: number) =>
  !Number.isFinite(value) || value <= 0 || value > max
    ? `--${name} must be a number above 0 and at most ${max}`
    : null;
const argError =
  bad('minutes', minutes, LIMITS.minutes) ??
  bad('rate', rate, LIMITS.rate) ??
  bad('users', userCount, LIMITS.users);
/** Loopback only: the soak must not load a machine it was not started on. */
const isLoopback = (url: string | undefined) =>
  !url || ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(new URL(url).hostname);
const remote = [process.env.BENCH_DATABASE_URL, args.mqtt].find((url) => !isLoopback(url));
if (argError || remote) {
  console.error(
    argError ??
      `soak: loopback only; refusing ${new URL(remote as string).hostname} (BENCH_DATABASE_URL, --mqtt)`,
  );
  process.exit(2);
}

// ---- the server process ---------------------------------------------------------------------

interface Ready {
  address: string;
  mqttConnections: number;
  /** An ingest key per organization; a device's `key` is the index of its organization's. */
  keys: string[];
  kind: string;
  /** Nothing analyzes the database by itself (autovacuum off, or PGlite): the app's upkeep does. */
  analyzedByApp: boolean;
  topicPrefix: string;
  targetId: string;
  measurementId: string;
  devices: { id: string; eui: string; key: number }[];
  /** Fleet mode: the target and devices with a year of readings. */
  chart: { targetId: string; deviceIds: string[] };
}
interface Sample {
  at: number;
  rss: number;
  lagP99Ms: number;
  lagMaxMs: number;
}
const logFile = path.join(tmpdir(), `vahti-soak-${process.pid}.log`);
const log = createWriteStream(logFile);
const child: ChildProcess = fork(path.join(import.meta.dirname, 'servers/soak.ts'), {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  env: {
    ...process.env,
    ...(args.mqtt && { SOAK_MQTT_URL: args.mqtt }),
    ...(args.fleet && {
      SOAK_DEVICES: String(FLEET.devices),
      SOAK_ORGANIZATIONS: String(FLEET.organizations),
    }),
  },
});
child.stdout?.pipe(log);
child.stderr?.pipe(log);
const samples: Sample[] = [];
const replies = new Map<number, (n: number) => void>();
let onAlarms: ((row: { opened: number; acknowledged: number }) => void) | undefined;
let stopping = false;
const server = await new Promise<Ready>((resolve, reject) => {
  child.on('message', (message: { type: string } & Record<string, unknown>) => {
    if (message.type === 'ready') resolve(message as unknown as Ready);
    else if (message.type === 'sample')
      samples.push({ ...(message as unknown as Sample), at: Date.now() });
    else if (message.type === 'count') replies.get(message.id as number)?.(message.n as number);
    else if (message.type === 'alarms') onAlarms?.(message as never);
  });
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`soak: the server exited (${code}); its log: ${logFile}`);
    reject(new Error('server exited'));
    process.exit(1);
  });
});
const { hostname, port } = new URL(server.address);

// ---- measuring --------------------------------------------------------------------------------

type CallClass =
  | 'uplink'
  | 'signIn'
  | 'dashboard'
  | 'targets'
  | 'devices'
  | 'sensorData'
  | 'chart'
  | 'chartMonth'
  | 'chartYear'
  | 'report'
  | 'alarms'
  | 'ack'
  | 'discussions'
  | 'alarmEvent';
const histogram = () => createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
const windowOf = new Map<CallClass, RecordableHistogram>();
const totalOf = new Map<CallClass, RecordableHistogram>();
const statusCounts = new Map<string, number>();
let fiveHundreds = 0;
function record(kind: CallClass, status: number, ms: number) {
  if (status >= 200 && status < 300) {
    if (!windowOf.has(kind)) windowOf.set(kind, histogram());
    windowOf.get(kind)?.record(Math.max(1, Math.round(ms * 1000)));
  } else {
    const name = `${kind} ${status || 'no answer'}`;
    statusCounts.set(name, (statusCounts.get(name) ?? 0) + 1);
    if (status >= 500) fiveHundreds += 1;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
/** One request over keep-alive node:http (fetch's own CPU would compete with the server's). */
function call(
  kind: CallClass,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: () => unknown }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const sent = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        method,
        path: url,
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          ...(text !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          record(kind, status, performance.now() - sent);
          resolve({ status, json: () => JSON.parse(Buffer.concat(chunks).toString()) });
        });
        res.on('error', () => {
          record(kind, 0, 0);
          resolve({ status: 0, json: () => null });
        });
      },
    );
    req.on('error', () => {
      record(kind, 0, 0);
      resolve({ status: 0, json: () => null });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
    req.end(text);
  });
}

// ---- uplinks ------------------------------------------------------------------------------------

const run = randomBytes(4).toString('hex');
const ackedHttp: number[] = [];
let queuedHttp = 0;
const ackedMqtt: number[] = [];
let serial = 0;
let inFlight = 0;
let skipped = 0;
const dedupKey = (n: number) => `soak-${run}-${n}`;
/** 21.00 °C, or 30.00 °C (above the 28 °C limit) for one in HOT_EVERY: big-endian, scale 0.01. */
const NORMAL = Buffer.from([0x08, 0x34]).toString('base64');
const HOT = Buffer.from([0x0b, 0xb8]).toString('base64');
/**
 * One uplink in HOT_EVERY, spread by a hash of its serial so that each device's are independent
 * (a plain `n mod HOT_EVERY` would make the same fleet devices hot on every round).
 */
const isHot = (n: number) => (Math.imul(n, 2654435761) >>> 0) % HOT_EVERY === 0;
const deviceOf = (n: number) => server.devices[n % server.devices.length] as Ready['devices'][0];
const uplink = (n: number, at: Date) => {
  const device = deviceOf(n);
  return {
    key: server.keys[device.key] as string,
    topic: `${server.topicPrefix}/application/soak/device/${device.eui}/event/up`,
    body: JSON.stringify({
      deduplicationId: dedupKey(n),
      time: at.toISOString(),
      deviceInfo: { devEui: device.eui },
      fCnt: n,
      data: isHot(n) ? HOT : NORMAL,
    }),
  };
};

const publisher: MqttClient | undefined = args.mqtt
  ? await connectAsync(args.mqtt, { clientId: `soak-pub-${run}`, reconnectPeriod: 1000 })
  : undefined;

/** Uplink `n`, measured at `at` (now, or in a gateway's backlog earlier: not `live`). */
function sendUplink(n: number, at = new Date(), live = true) {
  if (inFlight >= MAX_IN_FLIGHT) {
    skipped += 1;
    return;
  }
  const { key, topic, body } = uplink(n, at);
  inFlight += 1;
  if (publisher && Math.random() < MQTT_SHARE) {
    // Its PUBACK comes from the broker, not from us: not in the uplink latencies.
    publisher.publish(topic, body, { qos: 1 }, (err) => {
      inFlight -= 1;
      if (err) record('uplink', 0, 0);
      else ackedMqtt.push(n);
    });
    return;
  }
  const sent = performance.now();
  const req = http.request(
    {
      agent,
      hostname,
      port,
      method: 'POST',
      path: '/api/ingest/chirpstack?event=up',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      let answer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        answer += chunk;
      });
      res.on('end', () => {
        inFlight -= 1;
        const status = res.statusCode ?? 0;
        // 202 `queued`: kept in the intake journal (the database did not commit it in 3 s), to
        // be stored once it does: acknowledged all the same.
        if (status === 200 || (status === 202 && answer.includes('"queued"'))) ackedHttp.push(n);
        if (status === 202 && answer.includes('"queued"')) queuedHttp += 1;
        record('uplink', status, performance.now() - sent);
      });
    },
  );
  req.on('error', () => {
    inFlight -= 1;
    record('uplink', 0, 0);
  });
  req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
  req.end(body);
  if (live && isHot(n)) hotSent(deviceOf(n).id, sent);
}

// ---- alarms as a browser sees them ------------------------------------------------------------

/** Hot uplinks sent live and not yet matched to an alarm event, by device: when each was sent. */
const hotPending = new Map<string, number[]>();
let alarmEventsMissing = 0;
let stopWatching = () => {};
function hotSent(deviceId: string, at: number) {
  const list = hotPending.get(deviceId);
  if (list) list.push(at);
  else hotPending.set(deviceId, [at]);
}
/** Hot uplinks with no event within ALARM_WAIT_MS: the alarm was open already, or it was lost. */
function expireHot(now: number) {
  for (const [deviceId, list] of hotPending) {
    while (list.length > 0 && now - (list[0] as number) > ALARM_WAIT_MS) {
      list.shift();
      alarmEventsMissing += 1;
    }
    if (list.length === 0) hotPending.delete(deviceId);
  }
}
/** An `opened` event: from its device's oldest hot uplink sent live to its arrival here. */
function alarmOpened(deviceId: string, at: number) {
  const list = hotPending.get(deviceId);
  const sent = list?.shift();
  if (sent === undefined) return; // a backlog's hot uplink: sent with an old time
  if (list?.length === 0) hotPending.delete(deviceId);
  record('alarmEvent', 200, at - sent);
}
/**
 * What a browser does: Pääylläpitäjä's `/api/events` stream (every organization's events), opened
 * again whenever it ends, until the run ends.
 */
async function watchAlarms(until: number) {
  const signIn = await call('signIn', 'POST', '/api/login', '', {
    userEmail: 'paayllapitaja@demo.vahti.fi',
    userPassword: DEMO_PASSWORD,
  });
  if (signIn.status !== 200) return;
  const { token } = signIn.json() as { token: string };
  while (performance.now() < until) {
    await new Promise<void>((resolve) => {
      const req = http.request(
        { hostname, port, path: '/api/events', headers: { authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) {
            record('alarmEvent', res.statusCode ?? 0, 0);
            res.resume();
            setTimeout(resolve, 1000);
            return;
          }
          const readChunk = eventStreamReader(({ data }, at) => {
            if (data?.change === 'opened' && data.deviceId) alarmOpened(data.deviceId, at);
          });
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            readChunk(chunk);
            expireHot(performance.now());
          });
          res.on('close', () => resolve());
        },
      );
      req.on('error', () => setTimeout(resolve, 1000));
      req.end();
      stopWatching = () => req.destroy();
    });
  }
}

/**
 * Fleet mode: the gateways' outages. Outage k takes gateway (k · 37) mod the gateways (500 devices
 * each) from OUTAGE_EVERY_MS · k + 1 min for OUTAGE_MS; what its devices measured meanwhile is
 * kept and sent at once when it ends.
 */
const gateways = Math.ceil(server.devices.length / GATEWAY_DEVICES);
const outages: { gateway: number; from: number; until: number; backlog: [number, Date][] }[] = [];
let backlogSent = 0;
function planOutages(start: number, until: number) {
  if (!args.fleet) return;
  for (let k = 0; start + 60_000 + k * OUTAGE_EVERY_MS + OUTAGE_MS <= until; k++) {
    const from = start + 60_000 + k * OUTAGE_EVERY_MS;
    outages.push({ gateway: (k * 37) % gateways, from, until: from + OUTAGE_MS, backlog: [] });
  }
}
/** Sends uplink `n` now, or keeps it if its gateway is down; sends the backlogs of ended outages. */
function scheduleUplink(n: number, now: number) {
  const gateway = Math.floor((n % server.devices.length) / GATEWAY_DEVICES);
  const down = outages.find((o) => o.gateway === gateway && o.from <= now && now < o.until);
  if (down) down.backlog.push([n, new Date()]);
  else sendUplink(n);
}
function sendBacklogs(now: number) {
  for (const outage of outages) {
    if (outage.until > now || outage.backlog.length === 0) continue;
    for (const [n, at] of outage.backlog) sendUplink(n, at, false);
    backlogSent += outage.backlog.length;
    outage.backlog = [];
  }
}

// ---- virtual users ------------------------------------------------------------------------------

const today = new Date().toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let acknowledged = 0;

/** The devices of the users' organization (the first key's). */
const ownDevices = server.devices.filter((d) => d.key === 0);
/** The screens a user opens, each with the calls its page makes. */
const screens: ((token: string) => Promise<unknown>)[] = [
  (token) =>
    Promise.all([
      call('dashboard', 'GET', '/api/vainu/dashboard', token),
      call('alarms', 'GET', '/api/alarms/active', token),
    ]),
  (token) => call('targets', 'GET', '/api/targets', token),
  (token) => call('devices', 'GET', '/api/devices', token),
  (token) =>
    call(
      'sensorData',
      'GET',
      `/api/target-measurements?tid=${server.targetId}&mid=${server.measurementId}&ed=${today}`,
      token,
    ),
  (token) => {
    const device = ownDevices[Math.floor(Math.random() * ownDevices.length)];
    return call(
      'chart',
      'GET',
      `/api/measurement-data/${device?.id}?mid=${server.measurementId}&ed=${today}&width=1200`,
      token,
    );
  },
  async (token) => {
    const res = await call('alarms', 'GET', '/api/alarms?st=0&pageSize=50', token);
    if (res.status !== 200) return;
    const { alarms } = res.json() as { alarms: { id: string }[] };
    const alarm = alarms[Math.floor(Math.random() * alarms.length)];
    if (!alarm) return;
    const ack = await call('ack', 'PATCH', '/api/alarms/ack', token, { id: alarm.id, state: 1 });
    if (ack.status === 200) acknowledged += 1;
  },
  (token) => call('discussions', 'GET', '/api/tieto/discussions', token),
];
const dayBefore = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** A device of the chart target, at random. */
const chartDevice = () =>
  server.chart.deviceIds[Math.floor(Math.random() * server.chart.deviceIds.length)];
if (args.fleet)
  screens.push(
    (token) =>
      call(
        'chartMonth',
        'GET',
        `/api/measurement-data/${chartDevice()}?mid=${server.measurementId}&sd=${dayBefore(30)}&ed=${today}&width=1200`,
        token,
      ),
    (token) =>
      call(
        'chartYear',
        'GET',
        `/api/measurement-data/${chartDevice()}?mid=${server.measurementId}&sd=${dayBefore(365)}&ed=${today}&width=1200`,
        token,
      ),
  );
/** Fleet mode: a month's PDF report of the chart target. */
const monthReport = (token: string) =>
  call(
    'report',
    'GET',
    `/api/reports/measurements.pdf?tid=${server.chart.targetId}&mid=${server.measurementId}&sd=${dayBefore(30)}&ed=${today}`,
    token,
  );

async function virtualUser(i: number, until: number) {
  // Start spread over the first 10 s, as sign-ins (argon2) are the dearest call.
  await sleep((i / userCount) * 10_000);
  const email = USERS[i % USERS.length] as string;
  const res = await call('signIn', 'POST', '/api/login', '', {
    userEmail: email,
    userPassword: DEMO_PASSWORD,
  });
  if (res.status !== 200) return;
  const { token } = res.json() as { token: string };
  while (performance.now() < until) {
    const screen =
      args.fleet && Math.random() < 1 / REPORT_EVERY
        ? monthReport
        : (screens[Math.floor(Math.random() * screens.length)] as (t: string) => Promise<unknown>);
    await screen(token);
    await sleep(2000 + Math.random() * 6000);
  }
}

// ---- the run ------------------------------------------------------------------------------------

const ms = (h: RecordableHistogram | undefined, p: number) =>
  h && h.count > 0 ? (h.percentile(p) / 1000).toFixed(1) : '-';
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);

function report(label: string, seconds: number, which: Map<CallClass, RecordableHistogram>) {
  const up = which.get('uplink');
  const recent = samples.filter((s) => s.at >= Date.now() - seconds * 1000);
  console.log(
    `\n${label}: uplinks ${((up?.count ?? 0) / seconds).toFixed(0)}/s answered 200 over HTTP (p50 ${ms(up, 50)} ms, p99 ${ms(up, 99)} ms), ${ackedMqtt.length} acknowledged over MQTT so far, ${skipped} skipped (over ${MAX_IN_FLIGHT} in flight)${args.fleet ? `, ${backlogSent} sent from gateways' backlogs so far` : ''}; ${acknowledged} acknowledgements sent by users (200)`,
  );
  const calls = [...which.entries()].filter(([kind]) => kind !== 'uplink' && kind !== 'alarmEvent');
  const perSecond = calls.reduce((sum, [, h]) => sum + h.count, 0) / seconds;
  console.log(
    `  user calls ${perSecond.toFixed(1)}/s: ${calls
      .map(([kind, h]) => `${kind} ${h.count} p50 ${ms(h, 50)} p95 ${ms(h, 95)} p99 ${ms(h, 99)}`)
      .join(' · ')} (ms)`,
  );
  const alarmEvent = which.get('alarmEvent');
  console.log(
    `  uplink → alarm event in a browser: ${alarmEvent?.count ?? 0} (p50 ${ms(alarmEvent, 50)} ms, p99 ${ms(alarmEvent, 99)} ms); ${alarmEventsMissing} hot uplinks without one so far (their alarm was open already, or none came)`,
  );
  console.log(
    `  errors: ${statusCounts.size ? [...statusCounts].map(([k, n]) => `${k}: ${n}`).join(', ') : 'none'}`,
  );
  if (recent.length)
    console.log(
      `  server RSS ${mb(recent.at(-1)?.rss ?? 0)} MB, event-loop lag p99 ${mean(recent.map((s) => s.lagP99Ms)).toFixed(1)} ms (mean of ${recent.length} samples), max ${Math.max(...recent.map((s) => s.lagMaxMs)).toFixed(0)} ms`,
    );
}

const totals = () => {
  for (const [kind, h] of windowOf) {
    if (!totalOf.has(kind)) totalOf.set(kind, histogram());
    totalOf.get(kind)?.add(h);
  }
};

console.log(
  `soak: ${minutes} min, ${rate.toFixed(0)} uplinks/s${publisher ? ` (${MQTT_SHARE * 100} % over MQTT ${args.mqtt})` : ''}, ${userCount} users, ${server.devices.length} devices in ${server.keys.length} organizations${args.fleet ? `, a gateway of ${GATEWAY_DEVICES} devices silent for ${OUTAGE_MS / 60_000} min every ${OUTAGE_EVERY_MS / 60_000} min` : ''}, on ${server.kind}${server.analyzedByApp ? " (no autovacuum here: tables analyzed by the app's statistics upkeep)" : ''}; server log ${logFile}`,
);
const start = performance.now();
const until = start + minutes * 60_000;
planOutages(start, until);
const users = Array.from({ length: userCount }, (_, i) => virtualUser(i, until));
const watcher = watchAlarms(until);
let windowStart = start;
const pacer = setInterval(() => {
  const now = performance.now();
  const due = Math.floor(((Math.min(now, until) - start) / 1000) * rate);
  while (serial < due) scheduleUplink(++serial, now);
  sendBacklogs(now);
  if (now - windowStart >= REPORT_MS) {
    report(`minute ${Math.round((now - start) / 60_000)}`, (now - windowStart) / 1000, windowOf);
    totals();
    windowOf.clear();
    windowStart = now;
  }
}, TICK_MS);
await sleep(until - start);
clearInterval(pacer);
sendBacklogs(Number.POSITIVE_INFINITY);
await Promise.all(users);
stopWatching();
await watcher;
while (inFlight > 0) await sleep(50);
totals();
const seconds = (performance.now() - start) / 1000;

// ---- the checks ----------------------------------------------------------------------------------

let countId = 0;
const countStored = (keys: string[]) =>
  new Promise<number>((resolve) => {
    const id = ++countId;
    replies.set(id, resolve);
    child.send({ type: 'count', id, keys });
  });
async function stored(serials: number[]) {
  let n = 0;
  for (let i = 0; i < serials.length; i += 50_000)
    n += await countStored(serials.slice(i, i + 50_000).map(dedupKey));
  return n;
}
// HTTP: answered 200 once stored, or 202 once in the intake journal, replayed from there; MQTT:
// the broker acknowledged them, the subscriber stores them from its queue. Each waits up to 60 s.
let storedHttp = await stored(ackedHttp);
for (let waited = 0; storedHttp < ackedHttp.length && waited < 60_000; waited += 1000) {
  await sleep(1000);
  storedHttp = await stored(ackedHttp);
}
let storedMqtt = await stored(ackedMqtt);
for (let waited = 0; storedMqtt < ackedMqtt.length && waited < 60_000; waited += 1000) {
  await sleep(1000);
  storedMqtt = await stored(ackedMqtt);
}
const alarmCounts = await new Promise<{ opened: number; acknowledged: number }>((resolve) => {
  onAlarms = resolve;
  child.send({ type: 'alarms' });
});
await publisher?.endAsync();
agent.destroy();
stopping = true;
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.send({ type: 'stop' });
});
// The subscriber's sessions (clean session off) would stay on the broker: a clean connect under
// each of its client ids removes them.
if (args.mqtt)
  for (let i = 0; i < server.mqttConnections; i++) {
    const clientId = mqttClientId(`vahti-${server.topicPrefix}`, i);
    await (await connectAsync(args.mqtt, { clientId, clean: true, reconnectPeriod: 0 })).endAsync();
  }

report(`whole run, ${(seconds / 60).toFixed(1)} min`, seconds, totalOf);
const quarter = Math.max(1, Math.floor(samples.length / 4));
const first = mean(samples.slice(0, quarter).map((s) => s.rss));
const last = mean(samples.slice(-quarter).map((s) => s.rss));
console.log(
  `  server RSS: first quarter ${mb(first)} MB, last quarter ${mb(last)} MB (growth ${(((last - first) / first) * 100).toFixed(1)} %), peak ${mb(Math.max(...samples.map((s) => s.rss)))} MB; ${samples.length} samples`,
);
console.log(
  `  alarms in the organization: ${alarmCounts.opened} opened, ${alarmCounts.acknowledged} acknowledged`,
);
const lost = ackedHttp.length - storedHttp + (ackedMqtt.length - storedMqtt);
console.log(
  `  acknowledged uplinks: HTTP ${ackedHttp.length} (${queuedHttp} of them answered 202 queued; stored ${storedHttp}), MQTT ${ackedMqtt.length} (stored ${storedMqtt}); lost ${lost}; 5xx answers ${fiveHundreds}`,
);
const ok = lost === 0 && fiveHundreds === 0;
console.log(ok ? 'OK: no acknowledged uplink lost, no 5xx' : 'FAILED');
process.exit(ok ? 0 : 1);
