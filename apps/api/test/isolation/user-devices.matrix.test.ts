import { runMatrix } from './runner.js';
import { userDevicesMatrix } from './user-devices.matrix.js';

runMatrix('user-devices', userDevicesMatrix);
