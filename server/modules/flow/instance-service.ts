import { and, eq, isNull } from 'drizzle-orm';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { flowReads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordMessage } from '../message/service';
import type { ConfiguredChannels } from '../delivery/channels';
import { nodeById } from './engine/graph';
import { planWithdraw, urgeTargets } from './engine/plan-actions';
import { pendingTasks } from './engine/state';
import { applyEffects } from './apply-effects';
import { lockInstance, writeLog } from './load';
import { urgeableHandlers } from './urge-throttle';

/** 撤回: the initiator takes the instance back while no handler has acted yet. */
export async function withdrawInstance(tx: Db, userId: string, instanceId: string) {
  const { instance, state } = await lockInstance(tx, instanceId);
  const applied = await applyEffects(tx, { instance, actorId: userId }, planWithdraw(state, userId));
  return { instanceId, notified: applied.notified };
}

/** 催办: the initiator reminds the current handlers through the chosen channels (the message module delivers). */
export async function urgeInstance(
  tx: Db,
  configured: ConfiguredChannels,
  userId: string,
  instanceId: string,
  body: { channels: ReminderChannel[]; opinion: string; allAtOnce?: boolean },
) {
  const { instance, state } = await lockInstance(tx, instanceId);
  const receiverIds = await urgeableHandlers(tx, instanceId, urgeTargets(state, userId));
  const message = await recordMessage(
    tx,
    configured,
    userId,
    {
      title: `催办：${instance.title}`,
      content: body.opinion || `请尽快处理「${instance.title}」`,
      receiverIds,
      channels: body.channels,
      // tapping the message opens the to-do it is about
      link: `/followWaitDetail?instanceId=${instanceId}`,
    },
    // 催办 is urgent (免打扰 does not hold it) and may ask for every chosen channel at once instead of escalating
    { urgent: true, allAtOnce: body.allAtOnce },
  );
  const node = nodeById(state.graph, pendingTasks(state)[0]!.nodeId);
  await writeLog(tx, {
    instanceId,
    nodeId: node.id,
    nodeName: node.name,
    actorId: userId,
    action: 'urge',
    opinion: body.opinion,
    messageId: message.id,
  });
  return {
    instanceId,
    messageId: message.id,
    notified: message.receiverIds,
    reminder: { id: message.id, title: message.title, receiverIds: message.receiverIds, channels: message.channels },
  };
}

/** Opening a 待阅 / 收文 item marks it read (已阅); only its own receiver may. */
export async function markReadItem(tx: Db, userId: string, readId: string) {
  const [item] = await tx.select().from(flowReads).where(eq(flowReads.id, readId));
  // someone else's item is as missing as an unknown one: a 403 would confirm the id exists
  if (!item || item.userId !== userId) throw new AppError(404, '待阅不存在');
  if (!item.readAt)
    await tx
      .update(flowReads)
      .set({ readAt: new Date() })
      .where(and(eq(flowReads.id, readId), isNull(flowReads.readAt)));
  return { instanceId: item.instanceId, read: true };
}
