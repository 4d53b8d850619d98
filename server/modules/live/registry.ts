import type { EventHub } from '../../lib/event-hub';
import type { Principal } from '../session/service';

/** One module's live events: its hub, and what its event carries besides the change. */
export interface LiveSource<C extends object> {
  /** the SSE `event:` name, which is also the module of the live event (contract/live-events.ts) */
  event: string;
  hub: EventHub<C>;
  /** the change the snapshot on connect carries (nothing changed yet) */
  idle: C;
  /** the caller's state to send with each change (their counts, say), read after the change committed */
  state: (user: Principal) => Promise<object>;
}

/** Live sources by module, registered at start-up; GET /api/events streams all of them on one connection. */
export interface LiveRegistry {
  add<C extends object>(source: LiveSource<C>): void;
  sources(): readonly LiveSource<object>[];
}

/** Creates the per-app live registry (one per Fastify instance, so tests never share hubs). */
export function createLiveRegistry(): LiveRegistry {
  const sources: LiveSource<object>[] = [];
  return {
    add(source) {
      if (sources.some((s) => s.event === source.event)) throw new Error(`live events "${source.event}" registered twice`);
      sources.push(source as unknown as LiveSource<object>);
    },
    sources: () => sources,
  };
}
