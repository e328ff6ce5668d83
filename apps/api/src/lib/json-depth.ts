// How deep a JSON text nests, read without parsing it: JSON.parse takes any depth, but what
// walks the result afterwards (JSON.stringify when a rejected uplink is kept, validation) recurses
// and throws a RangeError past a few thousand levels. Every JSON body (plugins/json-body.ts) and
// MQTT message (ingest/mqtt-message.ts) is measured first; no real payload comes near the limit.

/** The deepest nesting accepted: a ChirpStack or The Things Stack uplink nests about 6 levels. */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` nests objects and arrays deeper than `max`; brackets inside strings do not count. */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}
