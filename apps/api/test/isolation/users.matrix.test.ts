import { runMatrix } from './runner.js';
import { usersMatrix } from './users.matrix.js';

runMatrix('users', usersMatrix);
