import { performance } from 'node:perf_hooks';

type Waiter = { change: string; resolve: (at: number) => void };

/** An event of `/api/events` as the benches read it: an alarm change carries its device. */
export interface StreamEvent {
  data?: { deviceId?: string; change?: string };
}

/**
 * A reader of a text/event-stream: fed the stream's text as it arrives, it hands each `data:`
 * event to `onEvent` with `performance.now()` of the chunk that completed it.
 */
export function eventStreamReader(onEvent: (event: StreamEvent, at: number) => void) {
  let pending = '';
  return (chunk: string) => {
    const at = performance.now();
    pending += chunk;
    const blocks = pending.split('\n\n');
    pending = blocks.pop() ?? '';
    for (const line of blocks.flatMap((block) => block.split('\n')))
      if (line.startsWith('data: ')) onEvent(JSON.parse(line.slice(6)) as StreamEvent, at);
  };
}

/**
 * Opens `${base}/api/events` as the token's user and hands each alarm change of the device to
 * its waiter: the returned function resolves with `performance.now()` when the next event with
 * that `change` ('opened', 'closed', …) of the device arrives. Ends with `signal`.
 */
export async function watchAlarmChanges(
  base: string,
  token: string,
  deviceId: string,
  signal: AbortSignal,
) {
  const waiters: Waiter[] = [];
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status}`);
  const read = async () => {
    const decoder = new TextDecoder();
    const readChunk = eventStreamReader((event, at) => {
      if (event.data?.deviceId !== deviceId) return;
      const i = waiters.findIndex((w) => w.change === event.data?.change);
      if (i >= 0) waiters.splice(i, 1)[0]?.resolve(at);
    });
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      readChunk(decoder.decode(chunk, { stream: true }));
  };
  read().catch(() => {});
  return (change: string) => new Promise<number>((resolve) => waiters.push({ change, resolve }));
}
