import { registrationCodesMatrix } from './registration-codes.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('registration-codes', registrationCodesMatrix);
