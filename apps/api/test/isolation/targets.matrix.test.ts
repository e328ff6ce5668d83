import { runMatrix } from './runner.js';
import { targetsMatrix } from './targets.matrix.js';

runMatrix('targets', targetsMatrix);
