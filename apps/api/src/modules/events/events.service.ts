import { type AppEvent, STREAM_RECONNECTED } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { BusEvent, EventBus } from './event-bus.js';

const SIGNED_IN = { do: 'signIn' } as const;
/** How long a Käyttäjä's linked targets are trusted before they are read again. */
const TARGETS_TTL_MS = 30_000;

/**
 * The event stream's rules: a subscriber hears only events of the organizations its scope
 * reaches (its own; every one for the top administrator) and, of events about a target, only
 * those of targets it may see (a Käyttäjä only the linked ones, read again every 30 s).
 */
export function createEventsService({
  bus,
  targets,
  now = Date.now,
}: {
  bus: EventBus;
  /** The targets a scope sees (TargetsRepository.listNames). */
  targets: { listNames(scope: Scope): PromiseLike<readonly { id: string }[]> };
  now?: () => number;
}) {
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
     * that ends the subscription.
     */
    open(caller: Caller, send: (event: AppEvent) => void): () => void {
      const scope = authorize(caller, SIGNED_IN);
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
      return () => {
        unsubscribe();
        unsubscribeGaps();
      };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
