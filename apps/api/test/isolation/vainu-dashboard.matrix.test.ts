import { runMatrix } from './runner.js';
import { vainuDashboardMatrix } from './vainu-dashboard.matrix.js';

runMatrix('vainu-dashboard', vainuDashboardMatrix);
