import { runMatrix } from './runner.js';
import { ssoMatrix } from './sso.matrix.js';

runMatrix('sso', ssoMatrix);
