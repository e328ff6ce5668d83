import { reportsMatrix } from './reports.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('reports', reportsMatrix);
