/**
 * One thing that happened, as the API publishes it: whose it is (the organization, and the target
 * when it concerns one), its kind (`<feature>.<what>`) and a few ids. Never a text or a person's
 * data: a browser that hears it refetches what it shows through the ordinary, scoped calls.
 */
export interface BusEvent {
  organizationId: string;
  /** The target the event concerns; null for the whole organization. */
  targetId: string | null;
  type: string;
  data: Record<string, string | number | boolean | null>;
}

export type BusListener = (event: BusEvent) => void;

/**
 * Where events go between the code that publishes them and the open event streams. The
 * in-process bus below reaches the streams of one API instance (PGlite); on PostgreSQL the
 * LISTEN/NOTIFY bus (postgres-event-bus.ts, same interface) reaches every instance's.
 */
export interface EventBus {
  /** Hands the event to every subscriber; never throws into the publisher. */
  publish(event: BusEvent): void;
  /** Calls `listener` for every event from now on; the returned function unsubscribes. */
  subscribe(listener: BusListener): () => void;
  /**
   * Calls `listener` whenever events may have been missed here (the LISTEN connection was lost
   * and is back); the in-process bus never misses any. The returned function unsubscribes.
   */
  onGap(listener: () => void): () => void;
}

export function createInProcessEventBus(
  log: { error(obj: unknown, msg?: string): void } = console,
): EventBus {
  const listeners = new Set<BusListener>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (err) {
          log.error({ err }, 'event listener failed');
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onGap: () => () => {},
  };
}
