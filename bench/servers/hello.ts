// The baseline of the HTTP benchmark: bare Fastify, one JSON route, no plugins, no logger. With
// BENCH_HELLO_METRICS=1 it also has the app's HTTP metrics hook (the hook's own cost, ADR 0028).
import Fastify from 'fastify';
import { createMetrics, observeHttp } from '../../apps/api/src/lib/metrics.js';
import { serveForBench } from './serve.js';

const app = Fastify();
if (process.env.BENCH_HELLO_METRICS === '1') {
  app.addHook('onResponse', observeHttp(createMetrics().http));
}
app.get('/', async () => ({ hello: 'world' }));
await serveForBench(app);
