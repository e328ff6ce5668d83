import { pushMatrix } from './push.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('push', pushMatrix);
