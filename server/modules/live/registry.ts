import type { LiveModule } from '@contract/live-events';
import type { EventHub } from '../../db/event-hub';
import type { Principal } from '../session/service';

/** One module's live events: its hub, and what its event carries besides the change. */
export interface LiveSource<C extends object> {
  /** the SSE `event:` name, which is also the module of the live event (contract/live-events.ts) */
  event: LiveModule;
  hub: EventHub<C>;
  /** the change the snapshot on connect carries (nothing changed yet) */
  idle: C;
  /** the caller's state to send with each change (their counts, say), read after the change committed */
  state: (user: Principal) => Promise<object>;
}

/** Live sources by module, registered at start-up; GET /api/events streams all of them on one connection. */
export interface LiveRegistry {
  /** refuses a source whose module no manifest declares (`liveEvents`), or one added twice */
  add<C extends object>(source: LiveSource<C>): void;
  sources(): readonly LiveSource<object>[];
  /** modules whose manifest declares live events but whose routes never added a source */
  missing(): LiveModule[];
}

/**
 * Creates the per-app live registry (one per Fastify instance, so tests never share hubs) for the modules whose
 * manifests declare live events: what the stream carries is what the manifests say, no more and no less.
 */
export function createLiveRegistry(declared: readonly LiveModule[]): LiveRegistry {
  const sources: LiveSource<object>[] = [];
  return {
    add(source) {
      if (!declared.includes(source.event))
        throw new Error(`live events "${source.event}" are not declared in any module manifest (liveEvents)`);
      if (sources.some((s) => s.event === source.event))
        throw new Error(`live events "${source.event}" registered twice`);
      sources.push(source as unknown as LiveSource<object>);
    },
    sources: () => sources,
    missing: () => declared.filter((module) => !sources.some((s) => s.event === module)),
  };
}
