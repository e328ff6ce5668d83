import { beforeAll } from 'vitest';
import { createMaterialbankFile, materialbankMatrix } from './materialbank.matrix.js';
import { matrixApp, runMatrix } from './runner.js';

// A file of each organization exists before the run reads the organizations' markers, so an
// answer carrying the other's file (id, stored name, title) is caught.
beforeAll(async () => {
  const { fx } = await matrixApp();
  await createMaterialbankFile(fx, fx.orgA);
  await createMaterialbankFile(fx, fx.orgB);
});

runMatrix('materialbank', materialbankMatrix);
