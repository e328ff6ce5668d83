import { discussionsMatrix } from './discussions.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('discussions', discussionsMatrix);
