import { notificationsMatrix } from './notifications.matrix.js';
import { runMatrix } from './runner.js';

runMatrix('notifications', notificationsMatrix);
