import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORGANIZATION_LOGO_MAX_BYTES } from '@vahti/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { measurementOf } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { pngImage } from '../helpers/images.js';
import { multipartBody } from '../helpers/multipart.js';
import { cleanPdf } from '../helpers/pdfs.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let work: string;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  work = mkdtempSync(path.join(tmpdir(), 'vahti-logo-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

const url = (organizationId: string) => `/api/organization-logo?organizationId=${organizationId}`;

/** A multipart upload of `content` under a name and declared type that need not match it. */
async function upload(content: Uint8Array, name = 'logo.png', type = 'image/png') {
  const { payload, headers } = await multipartBody({}, { name, type, content });
  return { payload, headers };
}

/** The objects in the logo storage area (DATA_DIR/logos). */
const storedLogos = () => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'logos')).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
};

/** A JPEG's first bytes (SOI, APP0 JFIF) and filler: what the content check looks at. */
const jpegHead = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    Buffer.alloc(64),
  ]);

describe(`organization logo (${DRIVER})`, () => {
  it('an Ylläpitäjä uploads a PNG for their organization; it is listed, read back and replaced without leaving the old one', async () => {
    const png = pngImage();
    const { payload, headers } = await upload(png);
    const res = await as('Ylläpitäjä').put(url(fx.orgA.id), payload, { headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Logo tallennettu');

    const read = await as('Ylläpitäjä').get(url(fx.orgA.id));
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(read.rawPayload, png)).toBe(0);
    const listed = await as('Ylläpitäjä').get('/api/organizations');
    expect(listed.json().organizations[0]).toMatchObject({
      organizationId: fx.orgA.id,
      organizationLogo: true,
    });
    expect(storedLogos()).toHaveLength(1);

    // Judged by content: a JPEG sent under a .png name with type image/png is a JPEG.
    const jpeg = await upload(jpegHead(), 'logo.png', 'image/png');
    const again = await as('Ylläpitäjä').put(url(fx.orgA.id), jpeg.payload, {
      headers: jpeg.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    const readJpeg = await as('Ylläpitäjä').get(url(fx.orgA.id));
    expect(readJpeg.headers['content-type']).toBe('image/jpeg');
    expect(storedLogos()).toEqual([expect.stringMatching(/\.jpg$/)]);
  });

  it('refuses what is not a PNG or JPEG by its bytes, whatever its name, and a file over the limit, with the Finnish text on the field', async () => {
    const before = storedLogos();
    for (const [content, name, type] of [
      [await cleanPdf(), 'logo.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.jpg', 'image/jpeg'],
      [Buffer.from('GIF89a'), 'logo.gif', 'image/gif'],
    ] as const) {
      const { payload, headers } = await upload(content, name, type);
      const res = await as('Ylläpitäjä').put(url(fx.orgA.id), payload, { headers });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields.file).toBe(
        'Logo: vain PNG- ja JPG-kuvat kelpaavat (tiedoston sisältö tarkistetaan)',
      );
    }
    const big = Buffer.concat([pngImage(4, 4), Buffer.alloc(ORGANIZATION_LOGO_MAX_BYTES)]);
    const { payload, headers } = await upload(big);
    const tooLarge = await as('Ylläpitäjä').put(url(fx.orgA.id), payload, { headers });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().fields.file).toBe('Logo on liian suuri: enintään 512 kt');
    // A form without a file part, and a body that is not a form.
    const empty = await multipartBody({ note: 'x' });
    const noFile = await as('Ylläpitäjä').put(url(fx.orgA.id), empty.payload, {
      headers: empty.headers,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields.file).toBe('Logo: valitse PNG- tai JPG-kuva');
    const json = await as('Ylläpitäjä').put(url(fx.orgA.id), { file: 'x' });
    expect(json.statusCode).toBe(415);
    const badId = await as('Ylläpitäjä').put(url('x'), payload, { headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields.organizationId).toBeDefined();
    expect(storedLogos()).toEqual(before);
  });

  it('answers another organization’s logo 404 to its Ylläpitäjä, 403 to a Pääkäyttäjä, and lets the top administrator set any', async () => {
    const { payload, headers } = await upload(pngImage());
    for (const res of [
      await as('Ylläpitäjä', 'A').put(url(fx.orgB.id), payload, { headers }),
      await as('Ylläpitäjä', 'A').get(url(fx.orgB.id)),
      await as('Ylläpitäjä', 'A').delete(url(fx.orgB.id)),
      await as('Ylläpitäjä', 'A').put(url(fx.missing), payload, { headers }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('Organisaatiota ei löytynyt');
    }
    const chief = await as('Pääkäyttäjä', 'A').put(url(fx.orgA.id), payload, { headers });
    expect(chief.statusCode).toBe(403);
    expect((await as('Käyttäjä', 'A').get(url(fx.orgA.id))).statusCode).toBe(403);
    expect((await as.anonymous.get(url(fx.orgA.id))).statusCode).toBe(401);

    const top = await as('Pääylläpitäjä').put(url(fx.orgB.id), payload, { headers });
    expect(top.statusCode, top.body).toBe(200);
    expect((await as('Ylläpitäjä', 'B').get(url(fx.orgB.id))).statusCode).toBe(200);
  });

  it('shows the logo on the report’s first page, and removing it leaves none', async () => {
    const { payload, headers } = await upload(pngImage());
    expect((await as('Ylläpitäjä').put(url(fx.orgA.id), payload, { headers })).statusCode).toBe(
      200,
    );
    const co2 = await measurementOf(fx.db, fx.orgA.id, 'CO2');
    const target = await fx.create.target(fx.orgA.id);
    const images = async () => {
      const res = await as('Ylläpitäjä').get(
        `/api/reports/measurements.pdf?tid=${target}&mid=${co2}&sd=2026-11-02&ed=2026-11-03`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const file = path.join(work, 'report.pdf');
      writeFileSync(file, res.rawPayload);
      // pdfimages (poppler) lists the page of each image and its pixel size.
      return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((line) => line.trim() !== '')
        .map((line) => line.trim().split(/\s+/));
    };
    const withLogo = await images();
    expect(withLogo).toEqual([expect.arrayContaining(['1', '240', '80'])]);

    const stored = storedLogos().length;
    const removed = await as('Ylläpitäjä').delete(url(fx.orgA.id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Logo poistettu');
    expect((await as('Ylläpitäjä').get(url(fx.orgA.id))).statusCode).toBe(204);
    expect(storedLogos()).toHaveLength(stored - 1);
    expect(await images()).toEqual([]);
    // Removing again is no error.
    expect((await as('Ylläpitäjä').delete(url(fx.orgA.id))).statusCode).toBe(200);
  });
});
