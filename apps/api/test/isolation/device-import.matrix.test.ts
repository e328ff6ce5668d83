import { deviceImportMatrix } from './device-import.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('device-import', deviceImportMatrix);
