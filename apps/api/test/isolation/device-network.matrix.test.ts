import { deviceNetworkMatrix } from './device-network.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('device-network', deviceNetworkMatrix);
