import type { FastifyInstance } from 'fastify';
import type { BadgeKey } from '@contract/message';
import type { LiveModule } from '@contract/live-events';
import type { BadgeCounter } from './badges/registry';
import type { AttachmentOwner } from './files/attachment-owners';

/**
 * What a module declares about itself, in one place (its module.ts): app.ts registers its routes, its badge
 * counters and its attachment owners from here, and starts only when the badges and live events the routes provide
 * are the ones declared. Nothing else lists modules by hand.
 */
export interface ModuleManifest {
  /** the module code (flow, news, …): the API prefix /api/<name> and, for live events, the `event:` name */
  name: string;
  /** a Fastify plugin registering the module's routes */
  routes: (app: FastifyInstance) => Promise<void>;
  /** counters behind home-page badges this module owns (GET /api/message/badges collects them; BADGE_KEYS lists them) */
  badges?: Partial<Record<BadgeKey, BadgeCounter>>;
  /**
   * the module's routes add a live source (`app.live.add`) streaming these typed events (contract/live-events.ts) on
   * GET /api/events; the live registry refuses an undeclared source and the app a declared one never added
   */
  liveEvents?: LiveModule;
  /** record kinds whose records attach uploaded files: who may read such a file (server/modules/files/attachment-owners.ts) */
  attachmentOwners?: Record<string, AttachmentOwner>;
}

/** A module with routes only (no badge, no live events). */
export const routesOnly = (name: string, routes: ModuleManifest['routes']): ModuleManifest => ({ name, routes });
