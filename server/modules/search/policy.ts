import { asc, or, sql, type SQL } from 'drizzle-orm';
import type { SearchModule } from '@contract/search';
import type { Db } from '../../db/client';
import { customModels, customRecords, searchEntries } from '../../db/schema';
import type { Principal } from '../session/service';
import { scopeOf } from '../custom/policy';
import { readerOf, scopeCondition } from '../custom/reader';
import { readableChannel } from '../news/list-service';

/** The modules whose records (and their files) live in search_entries; 通讯录 is searched on the users table. */
export type IndexedModule = Exclude<SearchModule, 'contacts' | 'attachment'>;
export const INDEXED_MODULES: IndexedModule[] = ['flow', 'mail', 'news', 'schedule', 'meeting', 'custom'];

const e = searchEntries;
const isAdmin = (user: Principal) => user.roles.includes('admin');

/*
 * Which search rows the caller may open, per module, as a condition on search_entries: each is the module's own
 * rule (flow/policy.ts viewRefusal, the mailbox rows of mail, news' published and readable channels, schedule's
 * owner and participants, meeting/policy.ts, custom/policy.ts scopes), written in SQL so that nothing outside it is
 * read, listed or counted. A file follows its record.
 *
 * `offset 0` keeps a probe a probe: without it the planner may hash every row the caller holds (a mailbox of 20,000)
 * to check the first few rows of a walk (entry-queries.ts).
 */
export async function visibleConditions(db: Db, user: Principal): Promise<Record<IndexedModule, SQL>> {
  const me = user.id;
  return {
    flow: isAdmin(user)
      ? sql`true`
      : sql`exists (select 1 from flow_instances i where i.id = ${e.recordId} and (i.initiator_id = ${me}
          or exists (select 1 from flow_tasks t where t.instance_id = i.id and (t.assignee_id = ${me} or t.on_behalf_of_id = ${me}) offset 0)
          or exists (select 1 from flow_reads r where r.instance_id = i.id and r.user_id = ${me} offset 0)) offset 0)`,
    // a bcc sees the mail only as its own recipient row: whoever has no mailbox row of it never finds it
    mail: sql`exists (select 1 from mailboxes b where b.message_id = ${e.recordId} and b.user_id = ${me} and not b.purged offset 0)`,
    news: sql`exists (select 1 from news_articles a join news_channels on news_channels.id = a.channel_id
      where a.id = ${e.recordId} and a.status = 'published' and ${readableChannel(user)})`,
    schedule: sql`exists (select 1 from schedule_events s where s.id = ${e.recordId} and (s.owner_id = ${me} or ${me} = any(s.participant_ids)))`,
    meeting: isAdmin(user)
      ? sql`true`
      : sql`exists (select 1 from meetings m where m.id = ${e.recordId} and (m.organizer_id = ${me}
          or exists (select 1 from meeting_invitees v where v.meeting_id = m.id and v.user_id = ${me})))`,
    custom: await customCondition(db, user),
  };
}

/**
 * The ways a request reaches a person who is not an admin (flow/policy.ts viewRefusal): started it, holds a task of it,
 * a stand-in holds one meant for them, or was sent it to read. One list, so the ids below and the walk of
 * entry-queries.ts walkOwnFlow cannot disagree with the rule. Each part has an index by person and time (migration
 * 0051); a task or read is made at or after its request, which that walk relies on.
 */
export function flowSources(me: string): { ids: SQL; newest: (rows: number) => SQL }[] {
  const parts = [
    { table: sql`flow_instances`, id: sql`id`, who: sql`initiator_id = ${me}` },
    { table: sql`flow_tasks`, id: sql`instance_id`, who: sql`assignee_id = ${me}` },
    { table: sql`flow_tasks`, id: sql`instance_id`, who: sql`on_behalf_of_id = ${me}` },
    { table: sql`flow_reads`, id: sql`instance_id`, who: sql`user_id = ${me}` },
  ];
  return parts.map(({ table, id, who }) => ({
    ids: sql`select ${id} from ${table} where ${who}`,
    newest: (rows) =>
      sql`select ${id} as id, created_at as at from ${table} where ${who} order by created_at desc limit ${rows}`,
  }));
}

/**
 * The same rule for 审批 and 邮件 as a list of the record ids the caller holds, for the callers who hold few of a
 * million: their search reads their own records rather than walking everyone's. Null where the caller sees every record.
 */
export function visibleIds(user: Principal): Partial<Record<IndexedModule, SQL>> {
  const me = user.id;
  const mail = sql`select message_id from mailboxes where user_id = ${me} and not purged`;
  if (isAdmin(user)) return { mail };
  return {
    mail,
    flow: sql.join(
      flowSources(me).map((s) => s.ids),
      sql` union all `,
    ),
  };
}

/** 业务建模: per model the widest read scope the caller holds (models with none add nothing). */
async function customCondition(db: Db, user: Principal): Promise<SQL> {
  const models = await db
    .select({ id: customModels.id, access: customModels.access })
    .from(customModels)
    .orderBy(asc(customModels.sort));
  const readable = models.flatMap((m) => {
    const scope = scopeOf(m.access, user, 'read');
    return scope ? [{ id: m.id, scope }] : [];
  });
  if (!readable.length) return sql`false`;
  const reader = await readerOf(db, user);
  const perModel = readable.map(({ id, scope }) => {
    const reach = scopeCondition(db, scope, reader);
    return reach ? sql`(${customRecords.modelId} = ${id} and ${reach})` : sql`${customRecords.modelId} = ${id}`;
  });
  return sql`exists (select 1 from ${customRecords} where ${customRecords.id} = ${e.recordId} and ${or(...perModel)})`;
}
