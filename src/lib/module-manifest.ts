import type { QueryClient } from '@tanstack/react-query';
import type { BadgeKey } from '@contract/message';

/** A tile on the phone home grid; without `to` the module is not in this build yet and shows 建设中. */
export interface HomeEntry {
  key: string;
  title: string;
  to?: string;
  badge?: BadgeKey;
  color: string;
  /** an SVG path drawn in a 24×24 box */
  icon: string;
  order: number;
}

/** A section of the tablet navigation rail; without `to` it shows disabled (建设中). */
export interface RailEntry {
  key: string;
  title: string;
  to?: string;
  icon: string;
  order: number;
}

/**
 * A module's live events: those named `event` on the app's one server-sent event stream. `handle` maps one typed event to the precise queries it changes;
 * `refetch` is false for the first message (the state at connect time) and for events this client caused itself
 * (its own write already invalidated them), so a user's own action never refetches the lists twice.
 */
export interface LiveStream<E = unknown> {
  event: string;
  handle: (event: E, queryClient: QueryClient, refetch: boolean) => void;
}

/** Everything a module contributes to the shell; each feature exports one from its module.ts. */
export interface ModuleManifest {
  /** one name for the module: its query key root, its badge, its live events */
  key: string;
  title: string;
  home?: HomeEntry;
  rail?: RailEntry[];
  /** query key roots saved for offline use (the shared roots session, upms and message are always saved) */
  persistedRoots?: string[];
  live?: LiveStream<never>[];
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

export const homeEntriesOf = (modules: ModuleManifest[]): HomeEntry[] =>
  modules.flatMap((m) => (m.home ? [m.home] : [])).sort(byOrder);
export const railEntriesOf = (modules: ModuleManifest[]): RailEntry[] =>
  modules.flatMap((m) => m.rail ?? []).sort(byOrder);
export const persistedRootsOf = (modules: ModuleManifest[]): string[] => [
  ...new Set(modules.flatMap((m) => m.persistedRoots ?? [])),
];
export const liveStreamsOf = (modules: ModuleManifest[]): LiveStream[] =>
  modules.flatMap((m) => (m.live ?? []) as LiveStream[]);
