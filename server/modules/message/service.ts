import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { messageSourceOf, type MessageSource, type SendMessageBody } from '@contract/message';
import { preparedStatementDb, toCount, type Db } from '../../db/client';
import { messageDeliveries, messageInboxCounts, messages, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid, likePattern } from '../../lib/validate';
import { enqueueOutbound, type SendManner } from '../delivery/outbox';
import { CHANNEL_ROUTES, deliveryStatusOf, type ConfiguredChannels } from '../delivery/channels';
import { deliveriesQueued } from '../delivery/wake';
import { STOPPED, stopLadder } from '../delivery/escalation';
import { afterCommit } from '../../plugins/write-transaction';
import { presentInboxMessage } from './presenter';

/**
 * Records a message and one delivery per receiver per channel (call inside a transaction); what can leave the app on a
 * channel in `configured` is queued in the outbox in the same transaction, and dispatched once a write transaction
 * (server/plugins/write-transaction.ts) commits.
 */
export async function recordMessage(
  tx: Db,
  configured: ConfiguredChannels,
  senderId: string,
  body: SendMessageBody,
  manner: SendManner = {},
) {
  const receiverIds = [...new Set(body.receiverIds.map((id) => id.toLowerCase()))];
  if (!receiverIds.every(isUuid)) throw new AppError(400, '接收人不存在');
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, receiverIds));
  if (found.length !== receiverIds.length) throw new AppError(400, '接收人不存在');
  const channels = [...new Set(body.channels)];
  const [message] = await tx
    .insert(messages)
    .values({
      senderId,
      title: body.title,
      content: body.content,
      link: body.link ?? null,
      channels,
      source: messageSourceOf(body.link),
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  const rows = receiverIds.flatMap((receiverId) =>
    channels.map((channel) => ({
      messageId: message!.id,
      receiverId,
      channel,
      status: deliveryStatusOf(channel, configured),
    })),
  );
  const recorded = await tx.insert(messageDeliveries).values(rows).returning({
    id: messageDeliveries.id,
    receiverId: messageDeliveries.receiverId,
    channel: messageDeliveries.channel,
  });
  await enqueueOutbound(tx, configured, recorded, manner);
  afterCommit((log) => dispatchMessage(log, { id: message!.id, title: body.title, receiverIds, channels }));
  return {
    id: message!.id,
    title: body.title,
    receiverIds,
    channels,
    deliveries: rows.length,
    createdAt: message!.createdAt.toISOString(),
  };
}

/**
 * After the commit: logs the deliveries no server can send yet (a channel outside the channel table), and wakes this
 * process's delivery worker for what recordMessage queued in the outbox (a rollback cannot undo a call out).
 */
function dispatchMessage(
  log: FastifyBaseLogger,
  message: { id: string; title: string; receiverIds: string[]; channels: SendMessageBody['channels'] },
): void {
  for (const channel of message.channels.filter((c) => !CHANNEL_ROUTES[c]))
    for (const receiverId of message.receiverIds)
      log.info(
        { channel, messageId: message.id, receiverId, title: message.title },
        'message channel not configured: delivery logged only',
      );
  deliveriesQueued();
}

const appChannel = (userId: string) =>
  and(eq(messageDeliveries.receiverId, userId), eq(messageDeliveries.channel, 'app'));

const inboxColumns = {
  id: messages.id,
  title: messages.title,
  content: messages.content,
  link: messages.link,
  senderName: users.realName,
  read: messageDeliveries.read,
  createdAt: messageDeliveries.createdAt,
  source: messages.source,
};

type InboxRow = Parameters<typeof presentInboxMessage>[0];
type InboxStatement = {
  execute(values: { userId: string; limit: number; offset: number }): Promise<(InboxRow & { total: number | null })[]>;
};
const preparedInbox = new WeakMap<Db, InboxStatement>();

/**
 * The inbox without a keyword, opened from every home screen: one named statement that walks the inbox page index
 * backward and reads the total from the kept count (message_inbox_counts). Counting it joined every message of a long
 * inbox on each request (5,000 for the admin of the bench). 'app' is a literal so the one plan uses the partial index.
 */
function prepareInboxPage(db: Db): InboxStatement {
  const userId = sql.placeholder('userId');
  const query = preparedStatementDb(db)
    .select({
      ...inboxColumns,
      total: sql<
        number | null
      >`(select ${messageInboxCounts.total} from ${messageInboxCounts} where ${messageInboxCounts.userId} = ${userId})`,
    })
    .from(messageDeliveries)
    .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messageDeliveries.receiverId, userId), sql`${messageDeliveries.channel} = 'app'`))
    .orderBy(desc(messageDeliveries.createdAt), desc(messageDeliveries.id))
    .limit(sql.placeholder('limit') as unknown as number)
    .offset(sql.placeholder('offset') as unknown as number);
  return query.prepare('message_inbox_page') as unknown as InboxStatement;
}

/** What the inbox is narrowed to: a title keyword, one source module, only the unread. */
export interface InboxFilters {
  keyword?: string;
  source?: MessageSource;
  unread?: boolean;
}

/** One page of the caller's in-app messages, newest first, optionally narrowed by keyword, source and unread. */
export async function listInbox(db: Db, userId: string, page: { pageNum: number; pageSize: number } & InboxFilters) {
  const offset = (page.pageNum - 1) * page.pageSize;
  if (!page.keyword && !page.source && !page.unread) {
    let statement = preparedInbox.get(db);
    if (!statement) preparedInbox.set(db, (statement = prepareInboxPage(db)));
    const rows = await statement.execute({ userId, limit: page.pageSize, offset });
    const total = rows.length
      ? rows[0]!.total
      : (
          await db
            .select({ n: messageInboxCounts.total })
            .from(messageInboxCounts)
            .where(eq(messageInboxCounts.userId, userId))
        )[0]?.n;
    return { rows: rows.map(({ total: _, ...row }) => presentInboxMessage(row)), total: toCount(total ?? 0) };
  }
  const where = and(
    appChannel(userId),
    page.keyword ? ilike(messages.title, likePattern(page.keyword)) : undefined,
    page.source ? eq(messages.source, page.source) : undefined,
    page.unread ? eq(messageDeliveries.read, false) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(messageDeliveries)
    .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
    .where(where);
  const rows = await db
    .select(inboxColumns)
    .from(messageDeliveries)
    .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(where)
    .orderBy(desc(messageDeliveries.createdAt), desc(messageDeliveries.id))
    .limit(page.pageSize)
    .offset(offset);
  return { rows: rows.map(presentInboxMessage), total: toCount(total?.n) };
}

/** Marks the caller's app delivery of a message read (again is fine), which stops its escalation; 404 when not theirs. */
export async function markRead(tx: Db, userId: string, messageId: string) {
  const updated = await tx
    .update(messageDeliveries)
    .set({ read: true, readAt: sql`coalesce(${messageDeliveries.readAt}, now())` })
    .where(and(appChannel(userId), eq(messageDeliveries.messageId, messageId)))
    .returning({ id: messageDeliveries.id });
  if (!updated.length) throw new AppError(404, '消息不存在');
  await stopLadder(tx, messageId, userId, STOPPED.read);
  return { id: messageId, read: true };
}

/** Unread in-app messages (the `message` badge), served by a partial index. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageDeliveries)
    .where(and(appChannel(userId), eq(messageDeliveries.read, false)));
  return toCount(row?.n);
}
