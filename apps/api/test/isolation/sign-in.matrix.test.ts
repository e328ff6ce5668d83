import { runMatrix } from './runner.js';
import { signInMatrix } from './sign-in.matrix.js';

runMatrix('sign-in', signInMatrix);
