import { type AppEvent, STREAM_RECONNECTED } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { BusEvent, EventBus } from './event-bus.js';

const SIGNED_IN = { do: 'signIn' } as const;
/** How long a Käyttäjä's linked targets are trusted before they are read again. */
const TARGETS_TTL_MS = 30_000;
/** Open streams one user may hold on one instance: a tab each, with room to spare. */
export const STREAMS_PER_USER = 10;

/** Why a stream was refused: the user's own limit (429) or the instance's (503). */
export type StreamRefusal = 'user' | 'instance';

/**
 * The event stream's rules: a subscriber hears only events of the organizations its scope
 * reaches (its own; every one for the top administrator) and, of events about a target, only
 * those of targets it may see (a Käyttäjä only the linked ones, read again every 30 s).
 *
 * Each stream holds a socket and memory for as long as it is open, so they are counted: at most
 * STREAMS_PER_USER per user (429 TOO_MANY_EVENT_STREAMS) and `maxStreams` on this instance
 * (503 EVENT_STREAMS_FULL). Closing a stream gives its slot back.
 */
export function createEventsService({
  bus,
  targets,
  maxStreams,
  onRefused = () => {},
  now = Date.now,
}: {
  bus: EventBus;
  /** The targets a scope sees (TargetsRepository.listNames). */
  targets: { listNames(scope: Scope): PromiseLike<readonly { id: string }[]> };
  /** Open streams this instance holds at most (EVENT_STREAMS_MAX). */
  maxStreams: number;
  /** Told of every refused stream (the metrics count them). */
  onRefused?: (reason: StreamRefusal) => void;
  now?: () => number;
}) {
  /** Open streams per user id; `total` is their sum. */
  const perUser = new Map<string, number>();
  let total = 0;

  function takeSlot(userId: string) {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= STREAMS_PER_USER) {
      onRefused('user');
      throw new AppError(429, 'TOO_MANY_EVENT_STREAMS');
    }
    if (total >= maxStreams) {
      onRefused('instance');
      throw new AppError(503, 'EVENT_STREAMS_FULL');
    }
    perUser.set(userId, mine + 1);
    total += 1;
  }

  function releaseSlot(userId: string) {
    const mine = (perUser.get(userId) ?? 1) - 1;
    if (mine > 0) perUser.set(userId, mine);
    else perUser.delete(userId);
    total -= 1;
  }

  /** Whether the scope may see the target; reads the linked targets at most every 30 s. */
  function targetGate(scope: Scope) {
    if (scope.linkedUserId === null) return async () => true;
    let cached: { ids: Set<string>; at: number } | undefined;
    return async (targetId: string) => {
      if (!cached || now() - cached.at > TARGETS_TTL_MS) {
        const rows = await targets.listNames(scope);
        cached = { ids: new Set(rows.map((row) => row.id)), at: now() };
      }
      return cached.ids.has(targetId);
    };
  }

  return {
    /**
     * Subscribes the caller: `send` gets each event it may see, in order. Returns the function
     * that ends the subscription and gives its slot back (once, however often it is called).
     * Throws 429 when the caller already holds STREAMS_PER_USER streams, 503 when the instance
     * holds `maxStreams`.
     */
    open(caller: Caller, send: (event: AppEvent) => void): () => void {
      const scope = authorize(caller, SIGNED_IN);
      takeSlot(caller.userId);
      const seesTarget = targetGate(scope);
      // Events are checked one after another, so a slow target read never reorders them.
      let queue = Promise.resolve();
      const unsubscribe = bus.subscribe((event: BusEvent) => {
        if (scope.organizationId !== null && event.organizationId !== scope.organizationId) return;
        queue = queue
          .then(async () => {
            if (event.targetId !== null && !(await seesTarget(event.targetId))) return;
            send({ type: event.type, targetId: event.targetId, data: event.data });
          })
          .catch(() => {
            // A failed target read drops this one event; the stream and later events go on.
          });
      });
      // Events of other instances may have been missed: the browser fetches what it shows again.
      const unsubscribeGaps = bus.onGap(() => {
        queue = queue
          .then(() => send({ type: STREAM_RECONNECTED, targetId: null, data: {} }))
          .catch(() => {});
      });
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        unsubscribeGaps();
        releaseSlot(caller.userId);
      };
    },

    /** Open streams now: in all, of how many users, and the most one user holds. */
    counts() {
      let mostOfOneUser = 0;
      for (const open of perUser.values()) mostOfOneUser = Math.max(mostOfOneUser, open);
      return { streams: total, users: perUser.size, mostOfOneUser };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
