import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { IN_APP_ONLY } from '../delivery/channels';
import { requireActiveUsers } from '../upms/service';
import { recordMessage } from './service';

/** A person a comment @mentions. */
export interface MentionedPerson {
  id: string;
  realName: string;
}

/**
 * The people a comment @mentions (the writer left out), each active and allowed to see what is commented on: a
 * mention reminds, it never shares the record with someone it was not shown to. `refusalOf` answers why a person may
 * not be mentioned, in Chinese, or null; the first refusal fails the whole comment (400), so nothing is kept.
 */
export async function mentionablePeople(
  tx: Db,
  writerId: string,
  ids: readonly string[],
  refusalOf: (person: MentionedPerson) => string | null | Promise<string | null>,
): Promise<MentionedPerson[]> {
  const others = ids.filter((id) => id !== writerId);
  if (others.length === 0) return [];
  const people = await requireActiveUsers(tx, others);
  for (const person of people) {
    const refusal = await refusalOf(person);
    if (refusal) throw new AppError(400, refusal);
  }
  return people;
}

/**
 * Reminds the mentioned people in 消息, linking the record: the in-app inbox only, as the applicant is told of
 * decisions — a mention asks for attention, it is no call-out on every channel.
 */
export async function remindMentioned(
  tx: Db,
  writer: { id: string; realName: string },
  people: readonly MentionedPerson[],
  message: { subject: string; content: string; link: string },
): Promise<void> {
  if (people.length === 0) return;
  await recordMessage(tx, IN_APP_ONLY, writer.id, {
    title: `${writer.realName}在评论中提到了你：${message.subject}`,
    content: message.content,
    receiverIds: people.map((p) => p.id),
    channels: ['app'],
    link: message.link,
  });
}
