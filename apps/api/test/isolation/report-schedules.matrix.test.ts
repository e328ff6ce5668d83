import { reportSchedulesMatrix } from './report-schedules.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('report-schedules', reportSchedulesMatrix);
