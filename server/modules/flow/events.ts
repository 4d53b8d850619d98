import type { FastifyInstance } from 'fastify';
import { createEventHub, textField, type EventHub } from '../../lib/event-hub';

/** What changed, as the live event tells it (contract/live-events.ts): the instance and the request that caused it. */
export interface FlowChange {
  instanceId: string | null;
  /** the Idempotency-Key of the write, so its own client can ignore the echo */
  origin: string | null;
}

/** Tells live connections that a user's flow lists or counts changed, across every server process. */
export type FlowEventHub = EventHub<FlowChange>;

export const createFlowEventHub = (app: FastifyInstance): Promise<FlowEventHub> =>
  createEventHub<FlowChange>(app, { channel: 'flow_events', parse: (p) => ({ instanceId: textField(p.instanceId), origin: textField(p.origin) }) });
