import { inArray } from 'drizzle-orm';
import type { RouteStep } from '@contract/flow';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { resolveAssignees } from './assignees';
import { nodesAhead } from './engine/route-ahead';
import type { EngineState } from './engine/state';

/** The detail's 后续节点: each approval still to come with the people its rule names now and its sign mode. */
export async function routeAhead(db: Db, state: EngineState): Promise<RouteStep[]> {
  const nodes = nodesAhead(state);
  const ids = await Promise.all(nodes.map((n) => resolveAssignees(db, n.assignee!, state.initiatorId, [])));
  const all = [...new Set(ids.flat())];
  const names = new Map(
    all.length > 0
      ? (await db.select({ id: users.id, realName: users.realName }).from(users).where(inArray(users.id, all))).map(
          (u) => [u.id, u.realName],
        )
      : [],
  );
  return nodes.map((node, i) => ({
    nodeName: node.name,
    signMode: node.signMode === 'any' ? 'any' : 'all',
    // a 'chosen' node names nobody until the handler before it chooses
    handlers: ids[i]!.map((id) => names.get(id) ?? ''),
    chosenLater: node.assignee?.type === 'chosen',
  }));
}
