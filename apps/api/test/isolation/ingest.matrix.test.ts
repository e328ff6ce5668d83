import { ingestMatrix } from './ingest.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('ingest', ingestMatrix);
