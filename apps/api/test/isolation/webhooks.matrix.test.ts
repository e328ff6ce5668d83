import { runMatrix } from './runner.js';
import { webhooksMatrix } from './webhooks.matrix.js';

runMatrix('webhooks', webhooksMatrix);
