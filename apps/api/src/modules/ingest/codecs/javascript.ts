// A device type's JavaScript codec: the `decodeUplink(input)` of the LoRaWAN Device Repository,
// ChirpStack v4 and The Things Stack, run in QuickJS compiled to WebAssembly. No I/O, a time limit
// per uplink, a memory and stack limit per codec, one warm runtime per codec (compiled once,
// decoding many) and an LRU cap on how many are kept.
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
  Scope,
} from 'quickjs-emscripten-core';

export interface ScriptInput {
  bytes: Uint8Array;
  fPort: number | undefined;
  recvTime: Date;
}

export type ScriptResult =
  | { ok: true; data: Record<string, unknown>; warnings: string[] }
  /** `message`: why, for the admin (short English technical text; no stack, no host path). */
  | { ok: false; message: string };

export type ScriptCheck = { ok: true } | { ok: false; message: string };

export interface ScriptCodecOptions {
  /** Per uplink (default 50 ms; ChirpStack and The Things Stack allow 100 ms). */
  timeLimitMs?: number;
  /** For running the script's top level once, when its codec is built (default 200 ms). */
  compileTimeLimitMs?: number;
  /**
   * Per codec and uplink (default 16 MiB). QuickJS's own limit, as built for WebAssembly, bounds
   * one allocation but not their sum (it cannot read a block's size: quickjs-emscripten issues
   * 255 and 271), so the WebAssembly memory also refuses to grow by more than this (and one of
   * Emscripten's growth steps) while a codec runs.
   */
  memoryLimitBytes?: number;
  /**
   * WebAssembly memory never shrinks: past this size (default 256 MiB) the QuickJS instance is
   * replaced by a fresh one, in the background, and its codecs are rebuilt there on their next
   * uplink.
   */
  heapCeilingBytes?: number;
  /** Per codec (default 256 KiB, some 1,000 nested calls). */
  stackLimitBytes?: number;
  /** Warm codecs kept; the least recently used beyond it is disposed (default 200). */
  maxContexts?: number;
  /**
   * A codec whose runtime still holds more than this after an uplink (a script keeping data in
   * globals) is rebuilt (default 2 MiB; a compiled decoder holds some 100–300 KiB). Checked every
   * 16th uplink: the count costs some 13 µs. Keeps 200 codecs well inside WebAssembly's 2 GiB.
   */
  retainedLimitBytes?: number;
  /** After this many limit hits in a row (time, memory, stack), a codec is skipped (default 3)… */
  breakerFailures?: number;
  /** …for this long (default 60 s), so that a looping codec cannot eat the ingest's CPU. */
  breakerCooldownMs?: number;
  /** The clock of the breaker and the deadlines (tests). */
  now?: () => number;
}

export interface ScriptCodecs {
  /**
   * Decodes one uplink with the codec of `key` (e.g. `${deviceTypeId}:${updatedAt}`), compiling
   * `script` into a warm runtime the first time the key is seen (or when its script differs).
   * Never throws: every failure is `{ ok: false, message }`, and the next uplink still decodes.
   */
  decode(key: string, script: string, input: ScriptInput): ScriptResult;
  /** For the type form: compiles the script and checks that it defines decodeUplink. */
  check(script: string): ScriptCheck;
  /** Warm codecs held now (tests, metrics). */
  readonly size: number;
  /** The WebAssembly memory of the QuickJS instance in use (tests, metrics). */
  readonly heapBytes: number;
  dispose(): void;
}

const MAX_OUTPUT_CHARS = 16 * 1024;
const MAX_DEPTH = 16;
const MAX_MESSAGE = 300;
const MAX_WARNINGS = 20;
const MEMORY_CHECK_EVERY = 16;
const FILE = 'codec.js';
const SANDBOX_DID_NOT_START = 'the sandbox could not start';

/**
 * Evaluated before the codec's own script, so it captures the built-ins the codec could later
 * replace. Returns `bind(decodeUplink)` → the per-uplink entry point, which answers a string:
 * 'D' + JSON of { d: data, w: warnings } on success, 'E' + reason when the codec failed
 * (threw, returned errors or garbage), 'L' + reason when it hit a memory or stack limit (its
 * runtime is then rebuilt). Running out of time is not catchable in QuickJS: it reaches the host
 * as an `interrupted` error.
 */
const PRELUDE = `(function () {
  var stringify = JSON.stringify, isArray = Array.isArray, getProto = Object.getPrototypeOf,
    keys = Object.keys, objectProto = Object.prototype, DateCtor = Date, ErrorCtor = Error,
    InternalErrorCtor = InternalError, Uint8ArrayCtor = Uint8Array, ArrayCtor = Array, StringCtor = String;
  var noop = function () {};
  globalThis.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop };
  function where(stack) {
    var m = typeof stack === 'string' ? /codec\\.js:(\\d+)/.exec(stack) : null;
    return m ? ' (line ' + m[1] + ')' : '';
  }
  function describe(e) {
    if (e instanceof ErrorCtor) return e.name + ': ' + e.message + where(e.stack);
    try { return 'threw ' + stringify(e); } catch (_) { return 'threw a value that is not an Error'; }
  }
  function check(value, path, depth) {
    var t = typeof value;
    if (value === null || t === 'string' || t === 'number' || t === 'boolean' || t === 'undefined') return '';
    if (t !== 'object') return path + ' is a ' + t;
    if (depth >= ${MAX_DEPTH}) return path + ' is nested deeper than ${MAX_DEPTH} levels (or refers to itself)';
    if (value instanceof DateCtor) return '';
    var i, r;
    if (isArray(value)) {
      for (i = 0; i < value.length; i++) if ((r = check(value[i], path + '[' + i + ']', depth + 1))) return r;
      return '';
    }
    var proto = getProto(value);
    if (proto !== objectProto && proto !== null) return path + ' is not a plain object';
    var k = keys(value);
    for (i = 0; i < k.length; i++) if ((r = check(value[k[i]], path + '.' + k[i], depth + 1))) return r;
    return '';
  }
  return function bind(decodeUplink) {
    return function run(buffer, fPort, time) {
      var view = new Uint8ArrayCtor(buffer), bytes = new ArrayCtor(view.length), i, out;
      for (i = 0; i < view.length; i++) bytes[i] = view[i];
      try {
        out = decodeUplink({ bytes: bytes, fPort: fPort, recvTime: new DateCtor(time), variables: {} });
      } catch (e) {
        return (e instanceof InternalErrorCtor ? 'L' : 'E') + describe(e);
      }
      try {
        if (out === null || typeof out !== 'object' || isArray(out)) {
          return 'EdecodeUplink returned ' + (out === null ? 'null' : isArray(out) ? 'an array' : typeof out) + ', not an object';
        }
        var errors = out.errors;
        if (typeof errors === 'string' && errors !== '') errors = [errors];
        if (errors !== undefined && errors !== null && !isArray(errors)) return 'Eerrors is not a list';
        if (errors && errors.length > 0) {
          var texts = [];
          for (i = 0; i < errors.length && i < 5; i++) texts[i] = StringCtor(errors[i]);
          return 'EdecodeUplink returned errors: ' + texts.join('; ');
        }
        var data = out.data;
        if (data === undefined) return 'EdecodeUplink returned no data';
        if (data === null || typeof data !== 'object' || isArray(data)) return 'Edata is not an object';
        var bad = check(data, 'data', 0);
        if (bad) return 'E' + bad;
        var warnings = [];
        if (isArray(out.warnings)) {
          for (i = 0; i < out.warnings.length && i < ${MAX_WARNINGS}; i++) warnings[i] = StringCtor(out.warnings[i]);
        }
        var json = stringify({ d: data, w: warnings });
        if (json.length > ${MAX_OUTPUT_CHARS}) return 'Eoutput is larger than ${MAX_OUTPUT_CHARS / 1024} KiB';
        return 'D' + json;
      } catch (e) {
        return (e instanceof InternalErrorCtor ? 'L' : 'E') + describe(e);
      }
    };
  };
})()`;

/** The decodeUplink the codec's script left in the global scope (a declaration, var, let or const). */
const FIND_DECODER = 'typeof decodeUplink === "function" ? decodeUplink : undefined';

interface Warm {
  kind: 'warm';
  script: string;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  run: QuickJSHandle;
  uplinks: number;
}
interface Failed {
  kind: 'failed';
  script: string;
  message: string;
  /** Not the script's fault (the sandbox could not start, memory refused): not kept for the key. */
  transient: boolean;
}
interface Breaker {
  failures: number;
  until: number;
}

/**
 * Loads QuickJS (one WebAssembly instance, its own memory) and returns the codecs that run in
 * it. One instance serves a process; the tests make their own.
 */
export async function createScriptCodecs(options: ScriptCodecOptions = {}): Promise<ScriptCodecs> {
  const timeLimitMs = options.timeLimitMs ?? 50;
  const compileTimeLimitMs = options.compileTimeLimitMs ?? 200;
  const memoryLimitBytes = options.memoryLimitBytes ?? 16 * 1024 * 1024;
  const stackLimitBytes = options.stackLimitBytes ?? 256 * 1024;
  const maxContexts = options.maxContexts ?? 200;
  const retainedLimitBytes = options.retainedLimitBytes ?? 2 * 1024 * 1024;
  const breakerFailures = options.breakerFailures ?? 3;
  const breakerCooldownMs = options.breakerCooldownMs ?? 60_000;
  const now = options.now ?? (() => performance.now());
  const heapCeilingBytes = options.heapCeilingBytes ?? 256 * 1024 * 1024;
  /**
   * Loads a QuickJS instance whose WebAssembly memory refuses to grow past the running codec's
   * cap: Emscripten's heap growth catches the refusal and malloc fails, so QuickJS throws
   * `out of memory` at once instead of the codec taking the process's memory (QuickJS's own
   * limit does not sum allocations when built for WebAssembly: quickjs-emscripten issues 255,
   * 271).
   */
  const load = async () => {
    const module = await newQuickJSWASMModuleFromVariant(
      import('@jitl/quickjs-wasmfile-release-sync'),
    );
    const memory = module.getWasmMemory();
    const grow = memory.grow.bind(memory);
    memory.grow = (pages: number) => {
      if (memory.buffer.byteLength + pages * 65_536 > heapCap) {
        // Emscripten asks again for less (its growth step, then smaller ones) before it gives up.
        refused = true;
        throw new RangeError('over the codec memory limit');
      }
      return grow(pages);
    };
    return module;
  };

  let replacing = false;
  /** Map order is the LRU order: the first key is the least recently used. */
  const codecs = new Map<string, Warm | Failed>();
  const breakers = new Map<string, Breaker>();
  /** The deadline the running codec's interrupt handler checks; one codec runs at a time. */
  let deadline = Number.POSITIVE_INFINITY;
  /**
   * The WebAssembly memory size past which the running codec may not grow it; whether it grew
   * past anyway (the interrupt handler then stops it) or was refused growth.
   */
  let heapCap = Number.POSITIVE_INFINITY;
  let overHeap = false;
  let refused = false;
  let quickjs: QuickJSWASMModule | undefined = await load();
  const heapBytes = () => quickjs?.getWasmMemory().buffer.byteLength ?? 0;
  const shouldInterrupt = () => {
    if (heapBytes() > heapCap) overHeap = true;
    return overHeap || now() > deadline;
  };
  const mib = Math.round(memoryLimitBytes / 1024 / 1024);
  const compiling = (): Limits => ({
    what: "the script's top level",
    ms: compileTimeLimitMs,
    mib,
    overHeap: overHeap || refused,
  });
  function arm(limitMs: number) {
    deadline = now() + limitMs;
    // Emscripten grows the memory by at least 5 % of its size at a time: the cap allows one such
    // step on top of the codec's own limit, or a codec on a large heap could not grow it at all.
    const heap = heapBytes();
    heapCap = heap + memoryLimitBytes + Math.ceil(heap / 16);
    overHeap = false;
    refused = false;
  }
  function disarm() {
    deadline = Number.POSITIVE_INFINITY;
    heapCap = Number.POSITIVE_INFINITY;
  }

  /**
   * Swaps in a fresh QuickJS instance when this one's memory has grown past the ceiling, or when
   * it failed in a way that was not the script's (a WebAssembly trap may leave it unusable).
   */
  function replaceIfBloated(broken = false) {
    if (replacing || !quickjs || (!broken && heapBytes() <= heapCeilingBytes)) return;
    replacing = true;
    load().then(
      (fresh) => {
        replacing = false;
        if (!quickjs) return; // disposed meanwhile
        for (const key of [...codecs.keys()]) forget(key);
        quickjs = fresh;
      },
      () => {
        replacing = false;
      },
    );
  }

  function disposeWarm(warm: Warm) {
    // A runtime that failed inside the WebAssembly may refuse to be disposed; it is dropped anyway.
    try {
      warm.run.dispose();
      warm.context.dispose();
      warm.runtime.dispose();
    } catch {}
  }

  function forget(key: string) {
    const entry = codecs.get(key);
    if (entry?.kind === 'warm') disposeWarm(entry);
    codecs.delete(key);
  }

  /** Builds a runtime with the limits, runs the script's top level and binds its decodeUplink. */
  function compile(script: string): Warm | Failed {
    if (!quickjs)
      return { kind: 'failed', script, message: 'the sandbox is closed', transient: true };
    const runtime = quickjs.newRuntime();
    runtime.setMemoryLimit(memoryLimitBytes);
    runtime.setMaxStackSize(stackLimitBytes);
    runtime.setInterruptHandler(shouldInterrupt);
    const context = runtime.newContext();
    // Every handle but the bound entry point is disposed before a failed context is.
    const scope = new Scope();
    const build = (): QuickJSHandle | string => {
      const prelude = context.evalCode(PRELUDE, 'prelude.js', { type: 'global', strict: true });
      if (prelude.error) {
        prelude.error.dispose();
        return SANDBOX_DID_NOT_START;
      }
      const bind = scope.manage(prelude.value);
      const top = context.evalCode(script, FILE, { type: 'global' });
      if (top.error) return errorText(context, top.error, compiling());
      top.value.dispose();
      const found = context.evalCode(FIND_DECODER, 'find.js', { type: 'global' });
      if (found.error) return errorText(context, found.error, compiling());
      const decodeUplink = scope.manage(found.value);
      if (context.typeof(decodeUplink) !== 'function') {
        return 'the script does not define function decodeUplink(input)';
      }
      const call = context.callFunction(bind, context.undefined, decodeUplink);
      if (call.error) return errorText(context, call.error, compiling());
      return call.value;
    };
    let outcome: QuickJSHandle | string;
    arm(compileTimeLimitMs);
    try {
      outcome = build();
    } finally {
      disarm();
      scope.dispose();
    }
    if (typeof outcome === 'string') {
      context.dispose();
      runtime.dispose();
      const transient = outcome === SANDBOX_DID_NOT_START || overHeap || refused;
      return { kind: 'failed', script, message: outcome, transient };
    }
    return { kind: 'warm', script, runtime, context, run: outcome, uplinks: 0 };
  }

  /** Runs one uplink through a warm codec; `limit` when its runtime must be rebuilt. */
  function run(warm: Warm, input: ScriptInput): { result: ScriptResult; limit: boolean } {
    const { context } = warm;
    const { bytes } = input;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const buffer = context.newArrayBuffer(whole ? bytes.buffer : bytes.slice().buffer);
    const fPort = input.fPort === undefined ? context.undefined : context.newNumber(input.fPort);
    const time = context.newNumber(input.recvTime.getTime());
    arm(timeLimitMs);
    let answer: string;
    try {
      const called = context.callFunction(warm.run, context.undefined, buffer, fPort, time);
      if (called.error) {
        return {
          result: failure(
            errorText(context, called.error, {
              what: 'decodeUplink',
              ms: timeLimitMs,
              mib,
              overHeap: overHeap || refused,
            }),
          ),
          limit: true,
        };
      }
      answer = context.typeof(called.value) === 'string' ? context.getString(called.value) : '';
      called.value.dispose();
    } finally {
      disarm();
      buffer.dispose();
      fPort.dispose();
      time.dispose();
    }
    const tag = answer.charAt(0);
    if (tag === 'D') return { result: parseOutput(answer.slice(1)), limit: false };
    if (tag === 'L' && (overHeap || refused)) {
      return { result: failure(`decodeUplink used more than ${mib} MiB`), limit: true };
    }
    if (tag === 'E' || tag === 'L') {
      return { result: failure(answer.slice(1)), limit: tag === 'L' };
    }
    return { result: failure('the codec answered nothing'), limit: true };
  }

  /** Whether the codec's runtime still holds more than it should between uplinks. */
  function holdsTooMuch(warm: Warm): boolean {
    const usage = warm.runtime.computeMemoryUsage();
    try {
      const used = warm.context.getProp(usage, 'memory_used_size');
      const bytes = warm.context.getNumber(used);
      used.dispose();
      return bytes > retainedLimitBytes;
    } finally {
      usage.dispose();
    }
  }

  function remember(key: string, entry: Warm | Failed) {
    codecs.set(key, entry);
    while (codecs.size > maxContexts) {
      const oldest = codecs.keys().next().value as string;
      forget(oldest);
    }
  }

  function tripped(key: string): ScriptResult | undefined {
    const breaker = breakers.get(key);
    if (!breaker || breaker.failures < breakerFailures) return undefined;
    if (now() < breaker.until) {
      return failure(
        `skipped: the codec hit its time or memory limit on ${breaker.failures} uplinks in a row`,
      );
    }
    // The cooldown is over: one more try; one more limit hit trips it again.
    breaker.failures = breakerFailures - 1;
    return undefined;
  }

  function countLimit(key: string) {
    const breaker = breakers.get(key) ?? { failures: 0, until: 0 };
    breaker.failures += 1;
    if (breaker.failures >= breakerFailures) breaker.until = now() + breakerCooldownMs;
    breakers.set(key, breaker);
    if (breakers.size > maxContexts * 2) breakers.delete(breakers.keys().next().value as string);
  }

  return {
    decode(key, script, input) {
      const skipped = tripped(key);
      if (skipped) return skipped;
      let entry = codecs.get(key);
      if (entry && entry.script !== script) {
        forget(key);
        entry = undefined;
      }
      if (entry) {
        // Most recently used goes last.
        codecs.delete(key);
        codecs.set(key, entry);
      } else {
        try {
          entry = compile(script);
        } catch (error) {
          replaceIfBloated(true);
          return failure(hostText(error));
        }
        replaceIfBloated();
        if (entry.kind === 'failed' && entry.transient) return failure(entry.message);
        remember(key, entry);
      }
      if (entry.kind === 'failed') return failure(entry.message);
      try {
        const { result, limit } = run(entry, input);
        entry.uplinks += 1;
        if (limit) {
          forget(key);
          countLimit(key);
        } else {
          breakers.delete(key);
          if (entry.uplinks % MEMORY_CHECK_EVERY === 1 && holdsTooMuch(entry)) forget(key);
        }
        replaceIfBloated();
        return result;
      } catch (error) {
        forget(key);
        replaceIfBloated(true);
        return failure(hostText(error));
      }
    },

    check(script) {
      let entry: Warm | Failed;
      try {
        entry = compile(script);
      } catch (error) {
        return { ok: false, message: hostText(error) };
      }
      if (entry.kind === 'failed') return { ok: false, message: entry.message };
      disposeWarm(entry);
      return { ok: true };
    },

    get size() {
      return codecs.size;
    },

    get heapBytes() {
      return heapBytes();
    },

    dispose() {
      for (const key of [...codecs.keys()]) forget(key);
      breakers.clear();
      quickjs = undefined;
    },
  };
}

function failure(message: string): ScriptResult {
  return { ok: false, message: clip(message) };
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
}

/**
 * The reason of an exception that reached the host: a time-out (QuickJS's uncatchable
 * `interrupted`), a limit hit inside the prelude's own code, or the script's top level throwing.
 * Name, message and the script's line; never the whole stack (a stack overflow's is thousands of
 * frames).
 */
interface Limits {
  what: string;
  ms: number;
  mib: number;
  overHeap: boolean;
}

function errorText(context: QuickJSContext, error: QuickJSHandle, limits: Limits): string {
  try {
    const text = (key: string) => {
      const handle = context.getProp(error, key);
      try {
        return context.typeof(handle) === 'string' ? context.getString(handle) : undefined;
      } finally {
        handle.dispose();
      }
    };
    const message = context.typeof(error) === 'object' ? text('message') : undefined;
    if (message === undefined) return `${limits.what} threw a value that is not an Error`;
    if (message === 'out of memory' && limits.overHeap) {
      return `${limits.what} used more than ${limits.mib} MiB`;
    }
    if (message === 'interrupted') {
      return limits.overHeap
        ? `${limits.what} used more than ${limits.mib} MiB`
        : `${limits.what} ran longer than ${limits.ms} ms`;
    }
    const name = text('name') ?? 'Error';
    const line = /codec\.js:(\d+)/.exec(text('stack') ?? '')?.[1];
    return `${name}: ${message}${line ? ` (line ${line})` : ''}`;
  } catch {
    return 'the codec failed';
  } finally {
    error.dispose();
  }
}

/**
 * The codec's answer as the host reads it. The sandbox already refused functions, cycles and
 * objects that are not plain; a script can still shape what JSON.stringify writes (a toJSON of
 * its own), so the depth and the data's kind are checked again here.
 */
function parseOutput(json: string): ScriptResult {
  // The sandbox counted characters (UTF-16); the limit is on bytes.
  if (Buffer.byteLength(json) > MAX_OUTPUT_CHARS) {
    return failure(`output is larger than ${MAX_OUTPUT_CHARS / 1024} KiB`);
  }
  const { d: data, w: warnings } = JSON.parse(json) as { d?: unknown; w?: unknown };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return failure('data is not an object');
  }
  if (depthOf(data, 0) > MAX_DEPTH)
    return failure(`data is nested deeper than ${MAX_DEPTH} levels`);
  const texts = Array.isArray(warnings) ? warnings.map((w) => clip(String(w))) : [];
  return { ok: true, data: data as Record<string, unknown>, warnings: texts };
}

function depthOf(value: unknown, depth: number): number {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return depth;
  let deepest = depth;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
  return deepest;
}

/** A failure of the sandbox itself (not of the script): only its kind, never a host stack. */
function hostText(error: unknown): string {
  return `the sandbox failed (${error instanceof Error ? error.name : 'unknown error'})`;
}

/**
 * The sandbox, loaded on first use (a deployment without JavaScript codecs never loads QuickJS)
 * and shared by the ingest and the type form's test bench; `dispose` frees it if it was loaded.
 */
export function lazyScriptCodecs(options: ScriptCodecOptions = {}) {
  let loading: Promise<ScriptCodecs> | undefined;
  return {
    get: () => {
      loading ??= createScriptCodecs(options);
      return loading;
    },
    async dispose() {
      if (loading) (await loading).dispose();
      loading = undefined;
    },
  };
}
export type LazyScriptCodecs = ReturnType<typeof lazyScriptCodecs>;
