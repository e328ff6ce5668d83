// The baseline of the HTTP benchmark: bare Fastify, one JSON route, no plugins, no logger.
import Fastify from 'fastify';
import { serveForBench } from './serve.js';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await serveForBench(app);
