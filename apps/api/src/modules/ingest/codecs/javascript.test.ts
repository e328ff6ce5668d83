import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AM103_DECODER, AM103_FRAMES } from '../../../../test/fixtures/codecs/milesight-am103.js';
import { createScriptCodecs, type ScriptCodecs, type ScriptInput } from './javascript.js';

const hex = (text: string) => new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
const at = new Date('2026-11-27T08:00:00Z');
const uplink = (bytes: Uint8Array, fPort: number | undefined = 85): ScriptInput => ({
  bytes,
  fPort,
  recvTime: at,
});
/** A decoder that returns whatever `body` builds from `input`. */
const returning = (body: string) => `function decodeUplink(input) { ${body} }`;

let codecs: ScriptCodecs;
beforeAll(async () => {
  codecs = await createScriptCodecs();
});
afterAll(() => codecs.dispose());

describe('a vendor decoder (Milesight AM103, channel/type frames)', () => {
  it.each(Object.entries(AM103_FRAMES))(
    'decodes the %s frame to its documented values',
    (_name, frame) => {
      const result = codecs.decode('am103:1', AM103_DECODER, uplink(hex(frame.hex)));
      expect(result.ok && result.data).toEqual(frame.data);
    },
  );

  it('passes the join frame’s device information as warnings', () => {
    const result = codecs.decode('am103:1', AM103_DECODER, uplink(hex(AM103_FRAMES.join.hex)));
    expect(result.ok && result.warnings).toEqual([
      'device information b skipped',
      'device information 16 skipped',
      'device information 9 skipped',
      'device information a skipped',
      'device information f skipped',
      'device information 18 skipped',
    ]);
  });

  it('rejects a frame with an unknown channel by the decoder’s own errors', () => {
    const result = codecs.decode('am103:1', AM103_DECODER, uplink(hex('0367ff00 0a990000')));
    expect(result).toEqual({
      ok: false,
      message: 'decodeUplink returned errors: unknown channel a type 99',
    });
  });

  it('rejects a frame cut inside a channel', () => {
    const result = codecs.decode('am103:1', AM103_DECODER, uplink(hex('0367ff00 077d13')));
    expect(result).toEqual({
      ok: false,
      message: 'decodeUplink returned errors: frame ends inside channel 7',
    });
  });
});

describe('the input, as ChirpStack and The Things Stack pass it', () => {
  it('gives bytes as an array of numbers, fPort, recvTime as a Date and empty variables', () => {
    const script = returning(`return { data: {
      isArray: Array.isArray(input.bytes), bytes: input.bytes, fPort: input.fPort,
      isDate: input.recvTime instanceof Date, time: input.recvTime.toISOString(),
      variables: input.variables } };`);
    const bytes = new Uint8Array([9, 0, 255, 1]).subarray(1, 3);
    expect(codecs.decode('input:1', script, uplink(bytes, 2))).toEqual({
      ok: true,
      data: {
        isArray: true,
        bytes: [0, 255],
        fPort: 2,
        isDate: true,
        time: at.toISOString(),
        variables: {},
      },
      warnings: [],
    });
    const noPort = codecs.decode('input:1', script, {
      bytes: new Uint8Array(),
      fPort: undefined,
      recvTime: at,
    });
    expect(noPort.ok && noPort.data.fPort).toBeUndefined();
  });

  it('offers no I/O: no require, fetch, std or os; console.log is a no-op', () => {
    const script = returning(`console.log('x'); console.error('y');
      return { data: { require: typeof require, fetch: typeof fetch, std: typeof std,
        os: typeof os, process: typeof process, XMLHttpRequest: typeof XMLHttpRequest } };`);
    expect(codecs.decode('io:1', script, uplink(hex('00')))).toEqual({
      ok: true,
      data: {
        require: 'undefined',
        fetch: 'undefined',
        std: 'undefined',
        os: 'undefined',
        process: 'undefined',
        XMLHttpRequest: 'undefined',
      },
      warnings: [],
    });
    const imported = codecs.check(
      `import * as os from 'os';\n${returning('return { data: {} };')}`,
    );
    expect(imported.ok).toBe(false);
  });

  it('finds decodeUplink declared with const as well as with function', () => {
    const script = 'const decodeUplink = (input) => ({ data: { n: input.bytes.length } });';
    expect(codecs.decode('const:1', script, uplink(hex('0102')))).toMatchObject({
      ok: true,
      data: { n: 2 },
    });
  });
});

describe('failures reject one uplink, and the next still decodes', () => {
  const good = returning('return { data: { first: input.bytes[0] } };');
  const next = () => codecs.decode('good:1', good, uplink(hex('07')));

  it.each([
    ['a syntax error', 'function decodeUplink(input) { return {', /^SyntaxError: .*\(line 1\)$/],
    [
      'a missing decodeUplink',
      'function decode(bytes) { return {}; }',
      /does not define function decodeUplink/,
    ],
    ['a throw', returning("throw new Error('bad frame');"), /^Error: bad frame \(line 1\)$/],
    ['a thrown non-error', returning("throw 'oops';"), /^threw "oops"$/],
    [
      'a reference error',
      returning('return { data: { t: temperature } };'),
      /^ReferenceError: .*temperature/,
    ],
    ['a number', returning('return 42;'), /returned number, not an object/],
    ['null', returning('return null;'), /returned null, not an object/],
    ['an array', returning('return [1];'), /returned an array, not an object/],
    ['no data', returning('return { warnings: [] };'), /returned no data/],
    ['data not an object', returning('return { data: 21.5 };'), /data is not an object/],
    [
      'errors',
      returning("return { data: {}, errors: ['bad crc', 'short'] };"),
      /errors: bad crc; short$/,
    ],
    ['errors not a list', returning('return { data: {}, errors: 5 };'), /errors is not a list/],
    [
      'a function in data',
      returning('return { data: { f: function () {} } };'),
      /data\.f is a function/,
    ],
    [
      'a cycle',
      returning('var d = {}; d.self = d; return { data: d };'),
      /nested deeper than 16 levels/,
    ],
    [
      'depth over 16',
      returning('var d = 1; for (var i = 0; i < 20; i++) d = { x: d }; return { data: d };'),
      /nested deeper/,
    ],
    [
      'a class instance',
      returning('return { data: { m: new Map() } };'),
      /data\.m is not a plain object/,
    ],
    ['a bigint', returning('return { data: { n: 10n } };'), /data\.n is a bigint/],
    [
      'output over 16 KiB',
      returning("return { data: { s: 'x'.repeat(17000) } };"),
      /larger than 16 KiB/,
    ],
    [
      'output over 16 KiB in UTF-8 bytes, not in characters',
      returning("return { data: { s: 'ä'.repeat(9000) } };"),
      /larger than 16 KiB/,
    ],
    [
      'a toJSON that nests too deep',
      returning(
        'var d = 1; for (var i = 0; i < 20; i++) d = { x: d }; Date.prototype.toJSON = function () { return d; }; return { data: { t: new Date() } };',
      ),
      /nested deeper than 16/,
    ],
  ])('%s', (_kind, script, message) => {
    const result = codecs.decode(`fail:${_kind}`, script, uplink(hex('0102')));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
    expect(next()).toEqual({ ok: true, data: { first: 7 }, warnings: [] });
  });

  it('stops an endless loop at the time limit; the same codec and another decode after it', () => {
    const script = returning(
      'calls++; if (input.bytes[0] === 1) { while (true) {} } return { data: { calls: calls } };',
    );
    const withCounter = `var calls = 0;\n${script}`;
    const started = performance.now();
    const looped = codecs.decode('loop:1', withCounter, uplink(hex('01')));
    const took = performance.now() - started;
    expect(looped).toEqual({ ok: false, message: 'decodeUplink ran longer than 50 ms' });
    // Stopped by the limit, not before it (how long after depends on the machine's load).
    expect(took).toBeGreaterThanOrEqual(50);
    // The looping runtime was thrown away: the next uplink runs in a fresh one (calls from 1).
    expect(codecs.decode('loop:1', withCounter, uplink(hex('00')))).toEqual({
      ok: true,
      data: { calls: 1 },
      warnings: [],
    });
    expect(next().ok).toBe(true);
  });

  it('stops a loop in the script’s top level at the compile limit, as the type form checks it', () => {
    const result = codecs.check(`while (true) {}\n${good}`);
    expect(result).toEqual({ ok: false, message: "the script's top level ran longer than 200 ms" });
    expect(codecs.check(good)).toEqual({ ok: true });
  });

  it.each([
    ['arrays', 'while (true) a.push(new Array(100000).fill(1));'],
    ['strings', "while (true) a.push('x'.repeat(1024 * 1024));"],
    ['typed arrays', 'while (true) a.push(new Uint8Array(512 * 1024));'],
  ])('stops a huge allocation of %s at the memory limit', (_kind, loop) => {
    const heapBefore = codecs.heapBytes;
    const result = codecs.decode(
      `memory:${_kind}`,
      returning(`var a = []; ${loop}`),
      uplink(hex('00')),
    );
    expect(result).toEqual({ ok: false, message: 'decodeUplink used more than 16 MiB' });
    // The WebAssembly memory grew by at most the limit and one of Emscripten's growth steps.
    const allowed = 16 * 1024 * 1024 + Math.ceil(heapBefore / 16) + 64 * 1024;
    expect(codecs.heapBytes - heapBefore).toBeLessThanOrEqual(allowed);
    expect(next().ok).toBe(true);
  });

  it('replaces a QuickJS instance whose memory grew past the ceiling, and decodes on', async () => {
    const small = await createScriptCodecs({ heapCeilingBytes: 40 * 1024 * 1024 });
    try {
      const hog = returning("var a = []; while (true) a.push('x'.repeat(1024 * 1024));");
      for (let i = 0; i < 3 && small.heapBytes <= 40 * 1024 * 1024; i++) {
        small.decode(`hog:${i}`, hog, uplink(hex('00')));
      }
      expect(small.heapBytes).toBeGreaterThan(40 * 1024 * 1024);
      await vi.waitFor(() => expect(small.heapBytes).toBeLessThan(40 * 1024 * 1024), {
        timeout: 15_000,
      });
      expect(small.decode('good', good, uplink(hex('05')))).toMatchObject({
        ok: true,
        data: { first: 5 },
      });
    } finally {
      small.dispose();
    }
  });

  it('stops endless recursion at the stack limit', () => {
    const script = `function deeper(n) { return deeper(n + 1) + 1; }\n${returning('return { data: { n: deeper(0) } };')}`;
    const result = codecs.decode('stack:1', script, uplink(hex('00')));
    expect(result).toEqual({ ok: false, message: 'InternalError: stack overflow (line 1)' });
    expect(next().ok).toBe(true);
  });

  it('a script cannot replace the built-ins the sandbox checks its output with', () => {
    const script = `JSON.stringify = function () { return 'D{"d":{"forged":1},"w":[]}'; };
      Array.isArray = function () { return false; };
      ${returning('return { data: { f: function () {} } };')}`;
    const result = codecs.decode('forge:1', script, uplink(hex('00')));
    expect(result).toEqual({ ok: false, message: 'data.f is a function' });
  });
});

describe('warm codecs', () => {
  it('compiles once per key and keeps the script’s state between uplinks of that key', () => {
    const script = `var seen = 0;\n${returning('seen++; return { data: { seen: seen } };')}`;
    const seen = () => {
      const result = codecs.decode('warm:1', script, uplink(hex('00')));
      return result.ok ? result.data.seen : result.message;
    };
    expect([seen(), seen(), seen()]).toEqual([1, 2, 3]);
    // A new version of the type is a new key: compiled afresh.
    const fresh = codecs.decode('warm:2', script, uplink(hex('00')));
    expect(fresh.ok && fresh.data.seen).toBe(1);
    // The same key with another script is rebuilt, never run with the old script.
    const other = codecs.decode(
      'warm:1',
      returning('return { data: { other: true } };'),
      uplink(hex('00')),
    );
    expect(other.ok && other.data).toEqual({ other: true });
  });

  it('keeps at most maxContexts, disposing the least recently used', async () => {
    const small = await createScriptCodecs({ maxContexts: 2 });
    try {
      const script = `var seen = 0;\n${returning('seen++; return { data: { seen: seen } };')}`;
      const seen = (key: string) => {
        const result = small.decode(key, script, uplink(hex('00')));
        return result.ok ? result.data.seen : result.message;
      };
      expect([seen('a'), seen('b'), seen('a')]).toEqual([1, 1, 2]);
      expect(seen('c')).toBe(1); // evicts b, the least recently used
      expect(small.size).toBe(2);
      expect(seen('a')).toBe(3); // a stayed warm
      expect(seen('b')).toBe(1); // b was rebuilt (and evicts c)
      expect(seen('c')).toBe(1);
    } finally {
      small.dispose();
    }
  });

  it('rebuilds a codec that keeps too much in its globals', async () => {
    const small = await createScriptCodecs({ retainedLimitBytes: 1024 * 1024 });
    try {
      const script = `var kept = [];\n${returning(
        'kept.push(new Array(50000).fill(kept.length)); return { data: { kept: kept.length } };',
      )}`;
      const kept = () => {
        const result = small.decode('hoard', script, uplink(hex('00')));
        return result.ok ? result.data.kept : result.message;
      };
      // Checked after the 1st and the 17th uplink: by the 17th it holds some 7 MiB.
      const counts = Array.from({ length: 18 }, kept);
      expect(counts.slice(0, 17)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
      expect(counts[17]).toBe(1);
    } finally {
      small.dispose();
    }
  });

  it('skips a codec that hits its limit on uplinks in a row, and tries it again after the cooldown', async () => {
    let skew = 0;
    const small = await createScriptCodecs({
      timeLimitMs: 10,
      breakerFailures: 2,
      breakerCooldownMs: 60_000,
      now: () => performance.now() + skew,
    });
    try {
      const script = returning(
        'if (input.bytes[0] === 1) while (true) {} return { data: { ok: 1 } };',
      );
      const message = (byte: string) => {
        const result = small.decode('breaker', script, uplink(hex(byte)));
        return result.ok ? 'ok' : result.message;
      };
      expect(message('01')).toBe('decodeUplink ran longer than 10 ms');
      expect(message('01')).toBe('decodeUplink ran longer than 10 ms');
      // Skipped without running: that answer is the breaker's, never the codec's.
      expect(message('00')).toMatch(
        /^skipped: the codec hit its time or memory limit on 2 uplinks/,
      );
      skew = 61_000;
      expect(message('00')).toBe('ok');
      expect(message('01')).toBe('decodeUplink ran longer than 10 ms');
      expect(message('01')).toBe('decodeUplink ran longer than 10 ms');
      expect(message('00')).toMatch(/^skipped/);
    } finally {
      small.dispose();
    }
  });
});
