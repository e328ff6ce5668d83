import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import type { RunningServer } from './server.js';

/** A GET of the API as an HTTP client signed in as `email` sees it; expects 200. */
export async function signedInGet(server: RunningServer, email: string) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: email, userPassword: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return async (url: string) => {
    const res = await fetch(`${server.url}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, url).toBe(200);
    return res.json();
  };
}

/**
 * Readings of one device through the generic webhook with the demo organization's ingest key, as
 * a network server would post them; expects every one stored.
 */
export async function postDemoReadings(
  server: RunningServer,
  deviceEui: string,
  readings: readonly { time: Date; values: Record<string, number> }[],
) {
  const key = readFileSync(path.join(server.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();
  const res = await fetch(`${server.url}/api/ingest/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      readings.map((r) => ({ deviceEui, time: r.time.toISOString(), values: r.values })),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { stored: number }).stored).toBe(readings.length);
}
