import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it, onTestFailed } from 'vitest';
import { minimalPdf } from '../../src/db/demo/materialbank.js';
import { DRIVER } from '../helpers/app.js';
import { freePort, until } from '../helpers/private-services.js';
import { demoAdminToken, startServerProcess } from '../helpers/server-process.js';

/**
 * Fault: the disk of DATA_DIR full (issue 16). DATA_DIR is a small tmpfs of this test's own;
 * the server process (npm start, embedded PGlite in DATA_DIR) runs there while a file fills the
 * disk to the last byte. Uplinks and a material bank upload are then refused with 507
 * STORAGE_FULL and the Finnish text (never a 500, nothing half-stored), and once the file is
 * removed the same process stores both again, with no manual step. Every uplink answered 200 is
 * in the database afterwards (read back from the data directory once the server has stopped).
 * Needs to mount a tmpfs (root); skipped with the reason otherwise.
 */
function mountTmpfs(megabytes: number): { dir: string; unmount(): void } | string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${String((err as Error).message).split('\n')[0]})`;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The server runs on PGlite whichever driver the suite runs on: once, in the PGlite run.
const probe = DRIVER === 'pglite' ? mountTmpfs(1) : 'runs in the PGlite run of the suite';
const unavailable = typeof probe === 'string' ? probe : null;
if (typeof probe !== 'string') probe.unmount();

const FULL = { error: 'Tallennustila on täynnä. Tietoja ei tallennettu.', code: 'STORAGE_FULL' };

describe.skipIf(unavailable)(
  `fault: the disk of DATA_DIR full (tmpfs, PGlite)${unavailable ? ` — skipped: ${unavailable}` : ''}`,
  () => {
    it('refuses writes with 507 STORAGE_FULL, loses no 200, and writes again once space is freed', {
      timeout: 180_000,
    }, async () => {
      const disk = mountTmpfs(256);
      if (typeof disk === 'string') throw new Error(disk);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
      try {
        server = await startServerProcess(port, { DATA_DIR: disk.dir });
        // A failure says what the server went through: a request that failed on the client's
        // side (once, in CI: the full-disk upload's body write met EPIPE) may be the server's exit.
        const running = server;
        onTestFailed(() => {
          console.error(
            `fault-disk: the server ${running.child.exitCode === null ? 'still ran' : `exited with ${running.child.exitCode}`}; its last output:\n${running.output().slice(-4000)}`,
          );
        });
        const { key, euis } = server;
        const acked: string[] = [];
        let serial = 0;
        /** 50 uplinks at once; the statuses and bodies of those not answered 200. */
        const burst = async () => {
          const others: { status: number; body: unknown }[] = [];
          await Promise.all(
            Array.from({ length: 50 }, async () => {
              serial += 1;
              const body = {
                deduplicationId: `full-${serial}`,
                time: new Date(Date.now() - serial * 1000).toISOString(),
                deviceInfo: { devEui: euis[serial % euis.length] },
                fCnt: serial,
                data: Buffer.alloc(32).toString('base64'),
              };
              const res = await fetch(`${base}/api/ingest/chirpstack?event=up`, {
                method: 'POST',
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body: JSON.stringify(body),
              });
              const answer = await res.json();
              if (res.status === 200) acked.push(body.deduplicationId);
              else others.push({ status: res.status, body: answer });
            }),
          );
          return others;
        };
        const token = await demoAdminToken(base);
        const targets = await fetch(`${base}/api/targets`, {
          headers: { authorization: `Bearer ${token}` },
        }).then(async (res) => ((await res.json()) as { targets: { targetId: string }[] }).targets);
        const upload = () => {
          const form = new FormData();
          form.append('title', 'Levy täynnä');
          form.append('targets', targets[0]?.targetId ?? '');
          form.append('permissions', 'Käyttäjä,Ylläpitäjä');
          form.append('applications', '1');
          form.append('state', 'Aktiivinen');
          form.append('info', '');
          form.append('fileExtension', 'pdf');
          // Larger than what a page cache or a WAL segment would absorb.
          const pdf = Buffer.concat([minimalPdf('Levy täynnä'), Buffer.alloc(2 * 1024 * 1024)]);
          form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'levy.pdf');
          return fetch(`${base}/api/materialbank-file`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
          });
        };

        expect(await burst()).toEqual([]);

        // Fill the disk to the last byte.
        const filler = path.join(disk.dir, 'filler');
        const free = () => {
          const fs = statfsSync(disk.dir);
          return fs.bavail * fs.bsize;
        };
        // The server writes meanwhile too (the upload's preview image): either write may find
        // the disk full already, which is the point.
        const fill = (file: string, bytes: number) => {
          try {
            writeFileSync(file, Buffer.alloc(bytes));
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        };
        fill(filler, Math.max(0, free() - 4096));
        fill(`${filler}-last`, 64 * 1024);
        expect(free()).toBe(0);

        // Uplinks: refused with 507 once what PGlite had allocated is used up; never a 500.
        const refused: { status: number; body: unknown }[] = [];
        await until(
          async () => {
            const others = await burst();
            refused.push(...others);
            return others.length === 50;
          },
          'uplinks to be refused on the full disk',
          60_000,
        );
        for (const answer of refused) expect(answer).toEqual({ status: 507, body: FULL });
        const full = await upload();
        expect(full.status, await full.clone().text()).toBe(507);
        expect(await full.json()).toEqual(FULL);

        // Space freed: the same process stores again, nothing restarted.
        rmSync(filler);
        rmSync(`${filler}-last`, { force: true });
        expect(await burst()).toEqual([]);
        const after = await upload();
        expect(after.status, await after.clone().text()).toBe(201);
        expect(server.child.exitCode).toBeNull();

        // Every 200 is stored: read back from the data directory once the server has stopped.
        await server.stop('SIGTERM');
        const db = await PGlite.create({ dataDir: path.join(disk.dir, 'pglite') });
        try {
          const { rows } = await db.query<{ n: number }>(
            'select count(*)::int as n from measurement_data where dedup_key = any($1)',
            [acked],
          );
          expect(rows[0]?.n).toBe(acked.length);
        } finally {
          await db.close();
        }
      } finally {
        await server?.stop();
        disk.unmount();
      }
    });
  },
);
