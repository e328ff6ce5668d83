// The sensor-data module's public surface: container.ts wires it; reports and exports receive
// `Pick<SensorDataService, 'summary' | 'series' | 'rawRows'>` from container.ts.
export {
  createSensorDataRepository,
  type SensorDataRepository,
} from './sensor-data.repository.js';
export { sensorDataRoutes } from './sensor-data.routes.js';
export {
  createSensorDataService,
  RAW_PAGE_ROWS,
  type SensorDataService,
  type SensorRawRow,
} from './sensor-data.service.js';
