/// <reference types="vite/client" />
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import type { Matrix } from './matrix.js';
import { startMatrixApp } from './runner.js';
import { collectTenantMarkers } from './tenant-data.js';

/**
 * The guard of the tenant-isolation matrix: every registered route has an entry in one of the
 * `*.matrix.ts` files, so no route can be added without saying who may call it, and every such
 * file has its `*.matrix.test.ts` that runs it.
 */
// Read from the directory at run time, not with import.meta.glob: vitest's on-disk module cache
// (fsModuleCache) keys this file by its own text, so a glob's list would miss a new matrix file.
const here = path.dirname(fileURLToPath(import.meta.url));
const matrixFiles = readdirSync(here).filter((name) => name.endsWith('.matrix.ts'));
const modules: Record<string, Record<string, Matrix>> = Object.fromEntries(
  await Promise.all(
    matrixFiles.map(async (name) => [
      `./${name}`,
      (await import(path.join(here, name))) as Record<string, Matrix>,
    ]),
  ),
);
const MATRIX: Matrix = Object.assign(
  {},
  ...Object.values(modules).flatMap((module) => Object.values(module)),
);

let ctx: TestContext;
let fx: Fixtures;
beforeAll(async () => {
  // An app of its own, not the worker's shared one: the marker check below needs organization
  // B's records as the fixtures made them, which matrix calls of the top administrator change.
  ({ ctx, fx } = await startMatrixApp());
});
afterAll(async () => {
  await ctx.close();
});

/**
 * Every route of the app as `METHOD url` (HEAD left out), sorted, read from Fastify's own route
 * tree (`printRoutes()`: the router's radix tree, a node a line, indented 4 characters a level,
 * each adding its part of the URL to its parent's, with its methods in parentheses). Should the
 * printed form ever change, no route is read and every matrix entry is reported stale.
 */
function registeredRoutes(app: TestContext['app']): string[] {
  const urls: string[] = [];
  const routes = new Set<string>();
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:[│ ] {3})*)[└├]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    urls.length = depth;
    const url = (urls[depth - 1] ?? '') + node[2];
    urls.push(url);
    for (const method of node[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.add(`${method} ${url}`);
    }
  }
  return [...routes].sort();
}

describe('tenant-isolation matrix coverage', () => {
  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const registered = registeredRoutes(ctx.app);
    const missing = registered.filter((route) => !(route in MATRIX));
    expect(missing, 'routes without an isolation-matrix entry').toEqual([]);
    const stale = Object.keys(MATRIX).filter((route) => !registered.includes(route));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('runs every matrix file, each route in one file only', () => {
    const files = Object.keys(modules);
    for (const file of files) {
      const runner = new URL(file.replace(/\.ts$/, '.test.ts'), import.meta.url);
      expect(existsSync(runner), `${file} has no .test.ts that runs it`).toBe(true);
    }
    const keys = Object.values(modules).flatMap((m) => Object.values(m).flatMap(Object.keys));
    expect(keys.length, 'a route with entries in two files').toBe(new Set(keys).size);
  });

  it("knows organization B's records by id and by value, and skips shared words", async () => {
    const admin = await fx.user('B', 'Ylläpitäjä');
    const markers = await collectTenantMarkers(fx.db, [fx.orgA.id, fx.orgB.id]);
    const ofB = markers.get(fx.orgB.id) ?? [];
    expect(ofB).toEqual(
      expect.arrayContaining([fx.orgB.id, fx.orgB.name, fx.orgB.target.id, admin.id, admin.email]),
    );
    expect(ofB).not.toContain(fx.orgA.id);
    expect(ofB).not.toContain('Aktiivinen');
    const ofA = markers.get(fx.orgA.id) ?? [];
    expect(ofA).toEqual(expect.arrayContaining([fx.orgA.id, fx.orgA.name, fx.orgA.target.name]));
    expect(ofA.filter((marker) => ofB.includes(marker))).toEqual([]);
  });
});
