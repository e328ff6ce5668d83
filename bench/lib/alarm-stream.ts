import { performance } from 'node:perf_hooks';

type Waiter = { change: string; resolve: (at: number) => void };

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
    let pending = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const at = performance.now();
      pending += decoder.decode(chunk, { stream: true });
      const blocks = pending.split('\n\n');
      pending = blocks.pop() ?? '';
      for (const line of blocks.flatMap((block) => block.split('\n'))) {
        if (!line.startsWith('data: ')) continue;
        const event = JSON.parse(line.slice(6)) as { data: { deviceId?: string; change?: string } };
        if (event.data.deviceId !== deviceId) continue;
        const i = waiters.findIndex((w) => w.change === event.data.change);
        if (i >= 0) waiters.splice(i, 1)[0]?.resolve(at);
      }
    }
  };
  read().catch(() => {});
  return (change: string) => new Promise<number>((resolve) => waiters.push({ change, resolve }));
}
