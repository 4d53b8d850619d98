import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import type { ConfiguredChannels } from '../delivery/channels';
import { recordMessage } from '../message/service';

/** A message this action recorded; the route hands it to its channels once the transaction committed. */
export interface Reminder {
  id: string;
  title: string;
  receiverIds: string[];
  channels: ReminderChannel[];
}

/**
 * 提醒方式 of 发起, 同意, 转办 and 加签: the people the action gave a new task hear of it through the channels the actor
 * chose (none chosen, no message). The actor never reminds themself (a returned application back at its initiator).
 */
export async function remindAssignees(
  tx: Db,
  configured: ConfiguredChannels,
  actorId: string,
  instance: { id: string; title: string },
  assigned: string[],
  channels: ReminderChannel[],
): Promise<Reminder | null> {
  const receiverIds = assigned.filter((id) => id !== actorId);
  if (channels.length === 0 || receiverIds.length === 0) return null;
  const message = await recordMessage(tx, configured, actorId, {
    title: `待办：${instance.title}`,
    content: `请处理「${instance.title}」`,
    receiverIds,
    channels,
    link: `/followWaitDetail?instanceId=${instance.id}`,
  });
  return { id: message.id, title: message.title, receiverIds: message.receiverIds, channels: message.channels };
}
