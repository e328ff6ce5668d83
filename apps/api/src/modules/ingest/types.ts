// What the ingest's parts hand each other: the caller a key names, where uplinks came from, the
// one normalized uplink every source is brought to, a request prepared for the writer, and the
// readings the writer hands to alarm evaluation.
import type { UplinkSource } from '../../lib/metrics.js';
import type { Scope } from '../../lib/scope.js';
import type { ReadingRow, RejectedRow } from './ingest.repository.js';

/** The organization an ingest key writes to. */
export interface IngestCaller {
  keyId: string;
  organizationId: string;
}

/** Where a call's uplinks came from: the source for the metrics, the id for the log lines. */
export interface UplinkOrigin {
  source: UplinkSource;
  /** The webhook's request id (X-Request-Id) or the MQTT message's generated id. */
  requestId?: string | undefined;
}

/** One uplink in the shape every source is brought to (`sources/`). */
export interface Uplink {
  source: 'chirpstack' | 'ttn' | 'generic';
  /** Empty when the uplink names its device only by `deviceId`. */
  deviceEui: string;
  /**
   * The Things Stack's end_device_ids.device_id, set when the uplink has no DevEUI: the device is
   * then found by it in the key's organization (device-lookup.ts `byDeviceId`).
   */
  deviceId?: string | undefined;
  /** The Things Stack's simulated uplink: kept as rejected (`simulated`), never a reading. */
  simulated?: boolean | undefined;
  time: string | undefined;
  fCnt: number | undefined;
  /** LoRaWAN FPort: chooses a frame layout where a type has several. */
  fPort?: number | undefined;
  dedupId: string | undefined;
  /** base64 FRMPayload */
  payload: string | undefined;
  /** Network-server-decoded values, or the generic form's values. */
  decoded: Record<string, unknown> | undefined;
  /** The Things Stack's normalized_payload, mapped by paths that start `normalized`. */
  normalized?: unknown[] | undefined;
  /** Generic form: every key must name a measurement of the device's type. */
  strict: boolean;
  /** The network server's radio metadata, compacted (sources/radio.ts): device health. */
  radio?: Radio | undefined;
  raw: unknown;
}

/** An uplink's radio metadata as kept in device health: the best of its gateways. */
export interface Radio {
  /** dBm, the best among the gateways. */
  rssi?: number | undefined;
  /** dB, the best among the gateways. */
  snr?: number | undefined;
  gateways?: number | undefined;
  /** The gateway with the best RSSI. */
  gatewayId?: string | undefined;
  spreadingFactor?: number | undefined;
  /** Hz */
  frequency?: number | undefined;
}

/**
 * What one uplink or status event tells of its device's health, merged per device by the writer
 * into one upsert a group (device-health.repository.ts).
 */
export type HealthObservation =
  | {
      kind: 'uplink';
      deviceId: string;
      at: Date;
      radio: Radio | undefined;
      fPort: number | undefined;
      fCnt: number | undefined;
      /** The FRMPayload as base64 (the type form replays the newest ones through a codec). */
      payload?: string | undefined;
      /** The decoded values by measurement id: a battery measurement's value is the battery. */
      values?: Record<string, number> | undefined;
    }
  | {
      kind: 'status';
      deviceId: string;
      at: Date;
      margin: number | undefined;
      externalPower: boolean;
      /** Percent; undefined when the device reports none (unavailable, external power). */
      battery: number | undefined;
    };

/** A request's uplinks, decoded and waiting for the writer. */
export interface Prepared {
  origin: UplinkOrigin;
  scope: Scope;
  readings: ReadingRow[];
  rejected: RejectedRow[];
  /** Readings accepted (stored now or already): the answer's stored + duplicates. */
  accepted: number;
  /** Device-health figures of the request's uplinks and status events (none: left out). */
  health?: HealthObservation[] | undefined;
}

/** A reading as stored, handed to whoever evaluates readings (alarms). */
export interface IngestedReading {
  deviceId: string;
  measuredAt: Date;
  /** Keyed by measurement id. */
  values: Record<string, number>;
  /** The webhook request's or MQTT message's id, for the log lines of what the reading causes. */
  requestId?: string | undefined;
}

/**
 * Called inside the write transaction, after the insert, with the readings actually inserted
 * (replays are not among them): alarm evaluation. A failure rolls the whole group back; its
 * requests are then written one at a time, so only the failing one answers 5xx (and the network
 * server retries it). What it returns runs once the transaction has committed (telling the
 * browsers), never for a rolled-back uplink.
 */
export type OnReadings = (
  scope: Scope,
  readings: IngestedReading[],
) => Promise<(() => void) | undefined>;

/** A frame counter that fell to a low number between two uplinks of a device in time order. */
export interface FrameCounterReset {
  at: Date;
  fCnt: number;
  previous: number;
}

/** What the alarms need of a group's health: a new battery figure, a frame-counter reset. */
export interface HealthChange {
  deviceId: string;
  battery?: { value: number; at: Date; previous: number | null };
  frameCounterReset?: FrameCounterReset;
}

/**
 * Called inside the write transaction after a group's device health is upserted, with the battery
 * figures and frame-counter resets it brought (alarms); like OnReadings, what it returns runs
 * after the commit.
 */
export type OnHealth = (scope: Scope, changes: HealthChange[]) => Promise<(() => void) | undefined>;

/** A reading's identity: one device's dedup key. Requests and groups store each once. */
export const readingKey = (deviceId: string, dedupKey: string) => `${deviceId}\u0000${dedupKey}`;
