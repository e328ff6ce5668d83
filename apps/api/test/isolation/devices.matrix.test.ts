import { devicesMatrix } from './devices.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('devices', devicesMatrix);
