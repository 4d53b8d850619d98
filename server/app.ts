import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ServerConfig } from './config';
import type { Database, Db } from './db/client';
import { frameworkErrors, registerErrors, registerJsonBody } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerAuth } from './plugins/auth';
import { registerIdempotency } from './plugins/idempotency';
import { registerAdmission } from './plugins/admission';
import { registerStaticSite } from './plugins/static-site';
import { registerZodSchemas } from './plugins/zod-schemas';
import { registerMetrics } from './plugins/metrics';
import { registerLifecycle } from './plugins/lifecycle';
import type { BadgeKey } from '@contract/message';
import { createBadgeRegistry, type BadgeCounter, type BadgeRegistry } from './modules/badges/registry';
import { createLiveRegistry, type LiveRegistry } from './modules/live/registry';
import { createKeyStore, type KeyStore } from './modules/oauth/rsa-keys';
import { sessionFromTicket } from './modules/oauth/link-ticket';
import { createAuthCache } from './modules/session/auth-cache';
import { modules } from './modules';
import { registerAttachmentOwner } from './modules/files/attachment-owners';
import { redactUrl } from './lib/redact-url';
import { createVapidKeys, type VapidKeyPair } from './modules/push/vapid-keys';
import { startDeliveryWorker } from './modules/delivery/worker';
import { startTimerWorker } from './modules/flow/timers/timer-worker';
import { configuredChannels, type ConfiguredChannels } from './modules/delivery/channels';
import { onDeliveryQueued } from './modules/delivery/wake';
import type { BlobStore } from './lib/storage';
import { createBlobStore } from './lib/storage-select';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Db;
    driver: Database['driver'];
    badges: BadgeRegistry;
    live: LiveRegistry;
    rsaKeys: KeyStore;
    vapidKeys: () => Promise<VapidKeyPair>;
    /** the bytes of uploaded files: local disk or an S3-compatible bucket (config.storage) */
    blobs: BlobStore;
    /** the reminder channels this server's settings let leave the app; every write that records a message passes it */
    deliverableChannels: ConfiguredChannels;
  }
}

/** What buildApp needs: the config and an open, migrated database. */
export interface BuildOptions {
  config: ServerConfig;
  database: Database;
  /** overrides config.logger (tests pass false) */
  logger?: boolean;
}

/** Builds the Fastify app (plugins, modules, static client) on an open, migrated database; does not listen. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      (logger ?? config.logger)
        ? {
            level: process.env.LOG_LEVEL ?? 'info',
            // links (SSE, previews, downloads) carry a uid or ticket in the query: it must never reach the log
            serializers: {
              req: (req: {
                method: string;
                url: string;
                host?: string;
                ip?: string;
                socket?: { remotePort?: number };
              }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          }
        : false,
    trustProxy: config.trustProxy,
    // long params must reach our validation (→ 400), not die in the router
    routerOptions: { maxParamLength: 2000 },
    frameworkErrors,
  });
  database.useLog(app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('deliverableChannels', configuredChannels(config, config.reminderEscalateSeconds));
  app.decorate('driver', database.driver);
  app.decorate('badges', createBadgeRegistry());
  app.decorate('live', createLiveRegistry(modules.flatMap((module) => (module.liveEvents ? [module.liveEvents] : []))));
  app.decorate('rsaKeys', createKeyStore(database.db));
  app.decorate('vapidKeys', createVapidKeys(database.db, config.push));
  app.decorate('blobs', createBlobStore(config.storage, config.dataDir));
  // reminders leave the app from the outbox once the server is up, and stop being claimed before the pool closes
  app.addHook('onReady', async () => {
    const worker = startDeliveryWorker({ db: database.db, log: app.log, config, vapid: app.vapidKeys });
    const unsubscribe = onDeliveryQueued(worker.wake);
    const timers = startTimerWorker({
      db: database.db,
      log: app.log,
      pollMs: config.flowTimerPollMs,
      configured: app.deliverableChannels,
      onFired: () => worker.wake(),
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await timers.stop();
      await worker.stop();
    });
  });

  registerJsonBody(app);
  await registerErrors(app);
  registerZodSchemas(app);
  await registerSecurityHeaders(app);
  if (config.admission) registerAdmission(app, config.admission);
  await registerAuth(app, {
    cache: await createAuthCache(app),
    fromTicket: (request) => sessionFromTicket(app, request),
  });
  registerIdempotency(app);
  registerLifecycle(app);
  registerMetrics(app);
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 20, fields: 20, fieldSize: 64 * 1024, parts: 60 },
  });

  for (const module of modules) {
    const badges = Object.entries(module.badges ?? {}) as [BadgeKey, BadgeCounter][];
    for (const [key, counter] of badges) app.badges.register(key, counter);
    for (const [kind, owner] of Object.entries(module.attachmentOwners ?? {})) registerAttachmentOwner(kind, owner);
    await app.register(module.routes);
  }
  await registerStaticSite(app, config.staticDir);
  // the routes are registered once the app loads its plugins: only then is it known what they provided
  app.addHook('onReady', async () => {
    const badges = app.badges.missing();
    if (badges.length) throw new Error(`no module manifest registers a counter for the badges ${badges.join(', ')}`);
    const live = app.live.missing();
    if (live.length) throw new Error(`module manifests declare live events their routes never add: ${live.join(', ')}`);
  });
  return app;
}
