import { organizationsMatrix } from './organizations.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('organizations', organizationsMatrix);
