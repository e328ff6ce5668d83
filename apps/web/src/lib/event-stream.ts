import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type AppEvent, appEvent, STREAM_RECONNECTED } from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { getSession } from './session';

/**
 * The app's one live connection: GET /api/events, a server-sent event stream (docs/ARCHITECTURE.md,
 * "Live updates"). It is read with fetch rather than EventSource, so the bearer token goes in
 * the Authorization header like every other call and never in a URL. One connection serves
 * every screen: it opens with the first listener, closes with the last, and reconnects with
 * back-off (1 s doubling to 30 s, with jitter) when the network or the server drops it or
 * refuses it (then never sooner than its Retry-After).
 *
 * After a reconnect, listeners get `{ type: RECONNECTED }`: events may have been missed, so
 * whatever a screen shows live should be fetched again. The server sends the same event when its
 * own listener for the other instances' events was away.
 */
export const RECONNECTED = STREAM_RECONNECTED;

type Listener = (event: AppEvent) => void;

const listeners = new Set<Listener>();
let running: AbortController | null = null;

const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

function dispatch(event: AppEvent) {
  for (const listener of listeners) listener(event);
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads `data:` blocks from the stream until it ends; comments (heartbeats) are skipped. */
async function readEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      try {
        const parsed = appEvent.safeParse(JSON.parse(data));
        if (parsed.success) dispatch(parsed.data);
      } catch {
        // A line that is not JSON is not ours to act on.
      }
    }
  }
}

async function run(signal: AbortSignal) {
  let failures = 0;
  let connectedBefore = false;
  while (!signal.aborted) {
    // A refused stream (429: this user has 10 open, 503: the server is full) names how long to
    // wait in Retry-After; the back-off waits at least that, so a refusal never loops hot.
    let retryAfterMs = 0;
    const { token } = getSession();
    // Signed out: nothing to listen to until a screen asks again after the next sign-in.
    if (!token) break;
    try {
      const response = await fetch('/api/events', {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal,
      });
      // A rejected session is the ordinary calls' to report (they send the user to sign in).
      if (response.status === 401 || response.status === 403) break;
      if (!response.ok || !response.body) {
        retryAfterMs = (Number(response.headers.get('retry-after')) || 0) * 1000;
        throw new Error(`events: ${response.status}`);
      }
      failures = 0;
      if (connectedBefore) dispatch({ type: RECONNECTED, targetId: null, data: {} });
      connectedBefore = true;
      await readEvents(response.body, signal);
    } catch {
      if (signal.aborted) break;
      failures += 1;
    }
    const backOff =
      Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** failures) * (0.5 + Math.random() / 2);
    await wait(Math.max(backOff, Math.min(retryAfterMs, 10 * MAX_DELAY_MS)), signal);
  }
  if (running?.signal === signal) running = null;
}

/** Adds a listener; the connection opens if it is not open. Returns the removal. */
export function listenToEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (!running) {
    running = new AbortController();
    void run(running.signal);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && running) {
      running.abort();
      running = null;
    }
  };
}

/** Calls `onEvent` for every event while the component is mounted. */
export function useAppEvents(onEvent: Listener): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => listenToEvents((event) => latest.current(event)), []);
}

/**
 * Keeps TanStack Query data live: for each event, `keysFor` names the query keys it makes stale
 * (none to ignore it), and those queries refetch if on screen. After a reconnect `onReconnect`
 * keys are refreshed, since events may have been missed.
 */
export function useInvalidateOnEvents(
  keysFor: (event: AppEvent) => readonly QueryKey[],
  onReconnect: readonly QueryKey[],
): void {
  const queryClient = useQueryClient();
  useAppEvents((event) => {
    const keys = event.type === RECONNECTED ? onReconnect : keysFor(event);
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  });
}
