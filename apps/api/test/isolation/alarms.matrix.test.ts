import { alarmsMatrix } from './alarms.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('alarms', alarmsMatrix);
