/**
 * What decoding an uplink costs (issue 25: layout ≤ 5 µs, sandboxed JS ≤ 100 µs per uplink),
 * beside JSON.parse of the same ChirpStack v4 webhook body in the same run (the baseline: every
 * uplink pays it). The body is ChirpStack's `up` event with a Milesight AM103 frame (battery,
 * temperature, humidity, CO2: apps/api/test/fixtures/codecs/milesight-am103.ts); each case
 * decodes that frame. Cases run alternately within each round, so a busy machine's swings hit
 * them all alike; each round times BATCH uplinks of a case and prints µs per uplink.
 *
 * To add a case, add a row to `cases`: a name and a function that decodes one uplink (given the
 * webhook body's text); a `setup` runs once before the rounds.
 * Run: npm run bench -- codec   (ROUNDS=30 BATCH=2000 by default)
 */
import { performance } from 'node:perf_hooks';
import type { CodecFrame } from '@vahti/domain';
import { createScriptCodecs } from '../apps/api/src/modules/ingest/codecs/javascript.js';
import { decodeFrames, fromBase64 } from '../apps/api/src/modules/ingest/codecs/layout.js';
import { compileCodec, decodeWith } from '../apps/api/src/modules/ingest/decoder.js';
import { AM103_DECODER, AM103_FRAMES } from '../apps/api/test/fixtures/codecs/milesight-am103.js';
import { chirpstackUpEvent } from './lib/fixture.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const BATCH = Number(process.env.BATCH ?? 2000);

const frame = Buffer.from(AM103_FRAMES.full.hex, 'hex');
/** ChirpStack v4's `up` event (integration JSON) as its HTTP integration posts it. */
const body = JSON.stringify(
  chirpstackUpEvent({
    devEui: '24e124710b423527',
    deviceProfileName: 'Milesight AM103',
    fPort: 85,
    data: frame.toString('base64'),
  }),
);

const codecs = await createScriptCodecs();
const bytes = new Uint8Array(frame);
const recvTime = new Date('2026-03-02T10:00:00Z');
let cold = 0;

interface Case {
  name: string;
  /** Decodes one uplink; what it returns is checked once, before the rounds. */
  run: (body: string) => unknown;
  /** The values the case must produce (a wrong decoder is not measured). */
  expect?: Record<string, unknown>;
}

/** The same AM103 frame as a layout: channel/type pairs (TLV with 2-byte tags), little-endian. */
const field = (measurementId: string, length: number, more: object = {}) => ({
  measurementId,
  offset: 0,
  length,
  signed: false,
  byteOrder: 'little' as const,
  scale: 1,
  valueOffset: 0,
  ...more,
});
const am103Tlv: CodecFrame[] = [
  {
    kind: 'tlv',
    fPort: 85,
    tagBytes: 2,
    entries: [
      { tag: 0x0175, length: 1, fields: [field('battery', 1)] },
      { tag: 0x0367, length: 2, fields: [field('temperature', 2, { signed: true, scale: 0.1 })] },
      { tag: 0x0468, length: 1, fields: [field('humidity', 1, { scale: 0.5 })] },
      { tag: 0x077d, length: 2, fields: [field('co2', 2)] },
    ],
  },
];
/** A fixed frame of the same values at fixed offsets (what a fixed-layout device sends). */
const fixedFrame: CodecFrame[] = [
  {
    kind: 'fixed',
    fields: [
      { ...field('battery', 1), offset: 2 },
      { ...field('temperature', 2, { signed: true, scale: 0.1 }), offset: 5 },
      { ...field('humidity', 1, { scale: 0.5 }), offset: 9 },
      { ...field('co2', 2), offset: 12 },
    ],
  },
];
/** The whole decoding step ingestion runs for a layout type: frames, decimals, bounds. */
const compiled = compileCodec('bench', {
  codec: { source: 'layout', frames: am103Tlv },
  rows: ['battery', 'temperature', 'humidity', 'co2'].map((id) => ({
    measurementId: id,
    measurementName: id,
    measurementType: 'byte' as const,
    measurementSizeInBytes: 1,
    measurementBitNumber: 1,
    signed: false,
    scale: 1,
    valueOffset: 0,
    byteOrder: 'big' as const,
    measurementValidMin: null,
    measurementValidMax: null,
    decodedPath: null,
    decimals: null,
  })),
});
const asData = (out: unknown) => {
  const result = out as { ok?: boolean; values?: unknown };
  return result.ok ? { ok: true, data: result.values } : result;
};

const cases: Case[] = [
  { name: 'JSON.parse of the webhook body', run: (text) => JSON.parse(text) },
  {
    name: 'layout, fixed frame',
    run: () => asData(decodeFrames(bytes, 85, fixedFrame)),
    expect: AM103_FRAMES.full.data,
  },
  {
    name: 'layout, TLV (channel/type pairs)',
    run: () => asData(decodeFrames(bytes, 85, am103Tlv)),
    expect: AM103_FRAMES.full.data,
  },
  {
    name: 'parse + base64 + TLV + decimals, bounds',
    run: (text) => {
      const uplink = JSON.parse(text) as { data: string; fPort: number };
      const out = decodeWith(compiled, {
        payload: uplink.data,
        fPort: uplink.fPort,
        decoded: undefined,
        strict: false,
      });
      return 'values' in out ? { ok: true, data: out.values } : out;
    },
    expect: AM103_FRAMES.full.data,
  },
  {
    name: 'JS codec, warm (sandboxed)',
    run: () => codecs.decode('am103', AM103_DECODER, { bytes, fPort: 85, recvTime }),
    expect: AM103_FRAMES.full.data,
  },
  {
    name: 'parse + base64 + JS codec',
    run: (text) => {
      const uplink = JSON.parse(text) as { data: string; fPort: number; time: string };
      return codecs.decode('am103', AM103_DECODER, {
        bytes: fromBase64(uplink.data) ?? new Uint8Array(),
        fPort: uplink.fPort,
        recvTime: new Date(uplink.time),
      });
    },
    expect: AM103_FRAMES.full.data,
  },
  {
    // A new key each uplink: a fresh runtime, the script compiled, then decoded (what an uplink
    // of a type not among the 200 warm ones costs).
    name: 'JS codec, cold (compiled each uplink)',
    run: () => {
      cold += 1;
      return codecs.decode(`cold:${cold}`, AM103_DECODER, { bytes, fPort: 85, recvTime });
    },
    expect: AM103_FRAMES.full.data,
  },
];

for (const c of cases) {
  const out = c.run(body) as { ok?: boolean; data?: unknown };
  if (c.expect && !(out.ok && JSON.stringify(out.data) === JSON.stringify(c.expect))) {
    throw new Error(
      `${c.name}: decoded ${JSON.stringify(out)}, expected ${JSON.stringify(c.expect)}`,
    );
  }
}

/** µs per uplink of each round, per case. */
const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let round = 0; round < ROUNDS + 1; round++) {
  for (const c of cases) {
    const batch = c.name.includes('cold') ? Math.max(1, Math.floor(BATCH / 20)) : BATCH;
    const started = performance.now();
    for (let i = 0; i < batch; i++) c.run(body);
    const us = ((performance.now() - started) * 1000) / batch;
    if (round > 0) samples.get(c.name)?.push(us); // round 0 warms up
  }
}
codecs.dispose();

const base = percentile(samples.get(cases[0]?.name ?? '') ?? [], 50);
console.log(
  `\ndecode cost per uplink, µs  (${ROUNDS} rounds of ${BATCH} uplinks; cold: ${Math.max(1, Math.floor(BATCH / 20))}; body ${Buffer.byteLength(body)} B, frame ${frame.length} B)`,
);
console.log(
  `${'case'.padEnd(40)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'× JSON.parse'.padStart(13)}`,
);
for (const c of cases) {
  const s = samples.get(c.name) ?? [];
  const p50 = percentile(s, 50);
  console.log(
    `${c.name.padEnd(40)} ${p50.toFixed(2).padStart(8)} ${percentile(s, 95).toFixed(2).padStart(8)} ${(p50 / base).toFixed(1).padStart(13)}`,
  );
}
