import { runMatrix } from './runner.js';
import { userTargetsMatrix } from './user-targets.matrix.js';

runMatrix('user-targets', userTargetsMatrix);
