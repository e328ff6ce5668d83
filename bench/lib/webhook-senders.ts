// The senders of the sustained webhook run (bench/ingest.ts, DURATION mode), in a process of
// their own so that the bench process's CPU is the app's alone (issue 30). Told over IPC where to
// post, with which key, for which devices, how many in flight and for how long; answers with the
// latencies' percentiles, the counts and its own CPU.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { chirpstackUp, postChirpstack } from './chirpstack.js';

export interface SendOrder {
  address: string;
  key: string;
  euis: string[];
  concurrency: number;
  seconds: number;
  /** The first reading's time (ms); each uplink is a second after the one before. */
  from: number;
}

export interface SendResult {
  acknowledged: number;
  /** Answered 202: not committed within the journal's wait, kept in the intake journal. */
  queued: number;
  errors: number;
  p50: number;
  p99: number;
  seconds: number;
  cpuMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function send(order: SendOrder): Promise<SendResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: order.concurrency });
  let i = 0;
  /** One ChirpStack uplink: its status (200 once committed) and milliseconds to it. */
  const post = async (n: number) => {
    const body = chirpstackUp(
      order.euis[n % order.euis.length] as string,
      new Date(order.from + n * 1000),
      n,
      n,
    );
    const sent = performance.now();
    const status = await postChirpstack(agent, order.address, order.key, body);
    return { status, ms: performance.now() - sent };
  };
  const latencies: number[] = [];
  let errors = 0;
  let queued = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + order.seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const answer = await post(i++);
      if (answer.status === 200) latencies.push(answer.ms);
      else if (answer.status === 202) queued += 1;
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: order.concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    acknowledged: latencies.length,
    queued,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    seconds,
    cpuMs: (user + system) / 1000,
  };
}

process.once('message', async (order: SendOrder) => {
  process.send?.(await send(order));
  process.exit(0);
});
