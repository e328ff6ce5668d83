import { runMatrix } from './runner.js';
import { tietoSurveysMatrix } from './tieto-surveys.matrix.js';

runMatrix('tieto-surveys', tietoSurveysMatrix);
