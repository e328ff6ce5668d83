import { newDevicesMatrix } from './new-devices.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('new-devices', newDevicesMatrix);
