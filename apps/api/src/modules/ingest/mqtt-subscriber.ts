// The MQTT connections (ADR 0019, 0026): connect, subscribe, acknowledge after commit, back off
// and reconnect, stop. What one message is and how it is stored is mqtt-message.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type MqttClient } from 'mqtt';
import { type MqttConfig, mqttDisplayUrl } from '../../config/index.js';
import type { IngestService } from './ingest.service.js';
import { createMqttMessageHandler } from './mqtt-message.js';

/** The first reconnect waits this long; each failure in a row doubles it, up to the cap. */
const RECONNECT_MIN_MS = 1000;
/** A connection that lasted this long without a failure starts the back-off afresh. */
const STABLE_MS = 30_000;

export interface MqttSubscriber {
  /** Connects and subscribes; returns at once (a broker that is down does not hold start-up). */
  start(): void;
  /** Resolves once the current connection's subscriptions are acknowledged by the broker. */
  subscribed(): Promise<void>;
  /** Lets each connection's message in hand commit and be acknowledged, then disconnects. */
  stop(): Promise<void>;
  /** Connections connected to the broker now, and messages taken but not yet acknowledged. */
  status(): { connected: number; inFlight: number };
}

/**
 * Uplinks over MQTT (ADR 0019): ChirpStack's MQTT integration and The Things Stack's MQTT
 * server publish what their webhooks post (ChirpStack's in JSON or Protobuf). QoS 1 with clean session off, so the broker
 * keeps what arrives while we are away; a message is acknowledged only after its reading (or its
 * rejected uplink) is committed. When storing fails (database down, key revoked), the message is
 * not acknowledged: the connection is dropped and, after a back-off, the broker delivers it again.
 */
export function createMqttSubscriber({
  config,
  ingest,
  log,
  reconnectMinMs = RECONNECT_MIN_MS,
}: {
  config: MqttConfig;
  ingest: Pick<
    IngestService,
    'callerOfKey' | 'chirpstack' | 'chirpstackStatus' | 'ttn' | 'keepRejected'
  >;
  log: FastifyBaseLogger;
  reconnectMinMs?: number;
}): MqttSubscriber {
  const broker = mqttDisplayUrl(config.url);
  const filters = config.topics.map((topic) =>
    config.shareGroup ? `$share/${config.shareGroup}/${topic}` : topic,
  );
  const handle = createMqttMessageHandler({ ingestKey: config.ingestKey, ingest });

  /**
   * One broker connection under its own stable client id, with its own session and back-off.
   * mqtt.js handles one message per connection at a time, so the connections are what puts several
   * messages in flight (and into one group commit, ADR 0026).
   */
  function connection(clientId: string): MqttSubscriber {
    let client: MqttClient | undefined;
    let handling = false;
    let stopping = false;
    let delay = reconnectMinMs;
    let reconnectTimer: NodeJS.Timeout | undefined;
    let connectedAt = 0;
    /** The message being stored, so stop() can wait for its transaction. */
    let inHand: Promise<unknown> = Promise.resolve();
    let onSubscribed: (() => void) | undefined;
    const pending = () =>
      new Promise<void>((resolve) => {
        onSubscribed = () => {
          onSubscribed = undefined;
          resolve();
        };
      });
    let subscribedNow = pending();

    function scheduleReconnect() {
      if (stopping || reconnectTimer) return;
      const wait = delay;
      delay = Math.min(delay * 2, config.reconnectMaxMs);
      log.info({ broker, clientId, inMs: wait }, 'MQTT reconnecting');
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        if (!stopping) client?.reconnect();
      }, wait);
    }

    function start() {
      if (client) return;
      // Reconnects are ours (reconnectPeriod 0) so they back off; the session and its unacknowledged
      // messages stay on the broker under the fixed client id (clean: false).
      const mqtt = connect(config.url, {
        clientId,
        clean: false,
        protocolVersion: 4,
        reconnectPeriod: 0,
        connectTimeout: 10_000,
        resubscribe: false,
      });
      // mqtt.js sends a QoS 1 message's PUBACK when handleMessage calls back (customHandleAcks is
      // only for MQTT 5), and reads the next packet only then: one message at a time, in order.
      mqtt.handleMessage = (packet, callback) => {
        // Stopping: not taken on, not acknowledged; the broker delivers it again later.
        if (stopping) return;
        const topic = packet.topic.toString();
        const reqId = randomUUID();
        const messageLog = log.child({ reqId });
        handling = true;
        inHand = handle(topic, Buffer.from(packet.payload), reqId, messageLog).then(
          () => {
            handling = false;
            delay = reconnectMinMs;
            callback();
          },
          (err: unknown) => {
            handling = false;
            // Not acknowledged: drop the connection so the broker delivers it again later.
            messageLog.error({ err, clientId }, 'MQTT uplink not stored; will be delivered again');
            connectedAt = 0;
            mqtt.stream.destroy();
          },
        );
      };
      client = mqtt;
      mqtt.on('connect', (connack) => {
        connectedAt = Date.now();
        log.info({ broker, clientId, sessionPresent: connack.sessionPresent }, 'MQTT connected');
        mqtt.subscribe(filters, { qos: 1 }, (err, granted) => {
          const refused = granted?.filter((grant) => grant.qos === 128) ?? [];
          if (err || refused.length > 0) {
            log.error(
              { err, broker, refused: refused.map((grant) => grant.topic) },
              'MQTT subscription refused',
            );
            mqtt.stream.destroy();
            return;
          }
          log.info({ broker, clientId, topics: filters }, 'MQTT subscribed');
          onSubscribed?.();
        });
      });
      mqtt.on('close', () => {
        if (stopping) return;
        if (!onSubscribed) subscribedNow = pending();
        if (connectedAt && Date.now() - connectedAt >= STABLE_MS) delay = reconnectMinMs;
        connectedAt = 0;
        scheduleReconnect();
      });
      // Connection errors (refused, timed out, bad credentials) end in 'close'; logged here only.
      mqtt.on('error', (err) => log.warn({ err, broker }, 'MQTT connection error'));
      log.debug({ broker, clientId }, 'MQTT connecting');
    }

    return {
      start,
      subscribed: () => subscribedNow,
      async stop() {
        stopping = true;
        clearTimeout(reconnectTimer);
        // The message in hand commits and its PUBACK is queued; a graceful end sends it before
        // the DISCONNECT.
        await inHand;
        await client?.endAsync(false);
      },
      status: () => ({ connected: client?.connected ? 1 : 0, inFlight: handling ? 1 : 0 }),
    };
  }

  const connections = Array.from({ length: config.connections }, (_, i) =>
    connection(mqttClientId(config.clientId, i)),
  );
  return {
    start: () => {
      log.info(
        { broker, clientId: config.clientId, connections: connections.length, topics: filters },
        'MQTT connecting',
      );
      for (const each of connections) each.start();
    },
    subscribed: async () => {
      await Promise.all(connections.map((each) => each.subscribed()));
    },
    stop: async () => {
      await Promise.all(connections.map((each) => each.stop()));
    },
    status: () => {
      const all = connections.map((each) => each.status());
      return {
        connected: all.reduce((sum, each) => sum + each.connected, 0),
        inFlight: all.reduce((sum, each) => sum + each.inFlight, 0),
      };
    },
  };
}

/** The first connection keeps the configured id (its session predates MQTT_CONNECTIONS). */
export const mqttClientId = (clientId: string, index: number) =>
  index === 0 ? clientId : `${clientId}-${index + 1}`;
