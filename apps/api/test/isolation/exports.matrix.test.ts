import { exportsMatrix } from './exports.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('exports', exportsMatrix);
