import { runMatrix } from './runner.js';
import { sensorDataMatrix } from './sensor-data.matrix.js';

runMatrix('sensor-data', sensorDataMatrix);
