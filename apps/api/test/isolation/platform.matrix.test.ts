import { platformMatrix } from './platform.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('platform', platformMatrix);
