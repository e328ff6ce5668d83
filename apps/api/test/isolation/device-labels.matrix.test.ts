import { deviceLabelsMatrix } from './device-labels.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('device-labels', deviceLabelsMatrix);
