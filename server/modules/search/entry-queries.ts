import { and, desc, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchEntries as e } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';

/** A group's matches, newest first: the keys of at most `reach` rows. */
export interface Found {
  module: string;
  recordId: string;
  seq: number;
  at: Date;
}

/** How many of a module's newest rows the walk reads before a sparse keyword goes to the gram index. */
export const WALK_ROWS = 4000;
/** Callers who may open fewer records of a module than this are searched through their own records. */
export const FEW_VISIBLE = 1000;
/** A keyword the planner expects in fewer rows than this goes straight to the gram index, without a walk first. */
const SPARSE_ROWS = 2000;

/**
 * The keyword in the title, text or 拼音 keys, checked on the row. The keys are lower case and hold the letters and
 * digits of the whole text, so a keyword of letters and digits alone (拼音, initials, English) is looked for in the
 * keys and the title; the body's own case-blind match (lower() of 2,000 characters per row) only when it has other
 * characters. Chinese has no case: LIKE compares bytes.
 */
function textMatch(keyword: string): SQL {
  const pattern = likePattern(keyword);
  const folded = likePattern(keyword.toLowerCase());
  if (!/[a-z]/i.test(keyword))
    return or(sql`${e.title} like ${pattern}`, sql`${e.body} like ${pattern}`, sql`${e.keys} like ${folded}`)!;
  if (/^[a-z0-9]+$/i.test(keyword)) return or(sql`${e.keys} like ${folded}`, sql`${e.title} ilike ${pattern}`)!;
  return or(sql`${e.keys} like ${folded}`, sql`${e.title} ilike ${pattern}`, sql`${e.body} ilike ${pattern}`)!;
}

const newestFirst = [desc(e.at), desc(e.recordId), desc(e.seq)];
// a record's own rows all have seq 0: ordered as their index is, the walk needs no sort (not even an incremental one)
const recordsNewestFirst = [desc(e.at), desc(e.recordId)];

/**
 * The newest rows of the scope read back along the index of times, each checked on the row, no further than WALK_ROWS:
 * a common word fills the page within a few hundred rows. Null when the walk ran out first (a sparse word).
 *
 * The walk is a subquery named as the table, so the rule's SQL (written against search_entries) reads its rows, and
 * the rule is asked as `is true`: as a plain EXISTS the planner turned it into a join that read the caller's whole
 * mailbox (20,000 rows) before the first match, and sorted; this way each walked row is checked and the walk stops.
 */
export async function walkNewest(
  db: Db,
  scope: SQL,
  keyword: string,
  reach: number,
  visible: SQL,
  files: boolean,
): Promise<Found[] | null> {
  const order = files ? newestFirst : recordsNewestFirst;
  const newest = db
    .select({
      module: e.module,
      recordId: e.recordId,
      seq: e.seq,
      at: e.at,
      title: e.title,
      body: e.body,
      keys: e.keys,
    })
    .from(e)
    .where(scope)
    .orderBy(...order)
    .limit(WALK_ROWS);
  // the walk's columns by name: drizzle refuses a table's columns over a subquery it did not build
  const rows = await db
    .select({
      module: sql<string>`search_entries.module`,
      recordId: sql<string>`search_entries.record_id`,
      seq: sql<number>`search_entries.seq`,
      at: sql<Date>`search_entries.at`.mapWith(e.at),
    })
    .from(sql`(${newest}) as search_entries`)
    .where(and(textMatch(keyword), sql`(${visible}) is true`))
    .orderBy(...order)
    .limit(reach);
  return rows.length >= reach ? rows : null;
}

/**
 * 邮件 for a caller who holds many: their own mailbox walked back in time (the rule itself, as rows), each mail checked
 * on its search row, so a page costs the mails read until it is full, not the mails of everyone else passed on the way.
 * A mail in two of one's folders (sent to oneself) counts once, at its newest row.
 */
export async function walkOwnMail(
  db: Db,
  userId: string,
  keyword: string,
  reach: number,
  visible: SQL,
): Promise<Found[] | null> {
  const mine = sql`(select b.id, b.message_id, b.at from mailboxes b where b.user_id = ${userId} and not b.purged
    order by b.at desc, b.id desc limit ${WALK_ROWS}) as mine`;
  const rows = await db
    .select({ module: e.module, recordId: e.recordId, seq: e.seq, at: e.at })
    .from(mine)
    .innerJoin(e, sql`${e.module} = 'mail' and ${e.recordId} = mine.message_id and ${e.seq} = 0`)
    .where(
      and(
        textMatch(keyword),
        sql`(${visible}) is true`,
        sql`not exists (select 1 from mailboxes d where d.user_id = ${userId} and d.message_id = mine.message_id
          and not d.purged and (d.at, d.id) > (mine.at, mine.id) offset 0)`,
      ),
    )
    .orderBy(sql`mine.at desc, mine.id desc`)
    .limit(reach);
  return rows.length >= reach ? rows : null;
}

/** Rows of each 审批 source the first walk reads per match the page needs: a common word fills the page within them. */
const FLOW_ROWS_PER_MATCH = 5;
const FLOW_FIRST_ROWS = 100;
/** Walks of one search at most: the first, one sized by what the first found, and the whole window. */
const FLOW_WALKS = 3;

/**
 * 审批 for a caller who holds many: each way a request reaches them (flowSources) walked back in time off its own
 * index, the requests merged once each and checked on their search row, newest first. A source cut short at its
 * limit is complete only for requests newer than its last row (a task or read is never older than its request), so
 * matches at or before the latest such cut are dropped rather than shown out of order. The first walk is sized by the
 * page; one that falls short is followed by a longer one, sized by the matches per row it saw, then by the whole
 * window, then gives up (null) for the gram index. Every row comes from the caller's own sources: nothing else is read
 * or counted.
 */
export async function walkOwnFlow(
  db: Db,
  sources: { newest: (rows: number) => SQL }[],
  keyword: string,
  reach: number,
): Promise<Found[] | null> {
  let rows = Math.min(WALK_ROWS, Math.max(FLOW_FIRST_ROWS, reach * FLOW_ROWS_PER_MATCH));
  for (let walk = 1; walk <= FLOW_WALKS; walk += 1) {
    const found = await flowWalk(db, sources, keyword, reach, rows);
    if (found.length >= reach) return found;
    if (rows >= WALK_ROWS) break;
    // twice the rows the matches seen so far say the page needs; the window itself on the last walk
    const needed = Math.ceil((rows * reach * 2) / Math.max(found.length, 1));
    rows = walk === FLOW_WALKS - 1 ? WALK_ROWS : Math.min(WALK_ROWS, Math.max(rows * 2, needed));
  }
  return null;
}

/** One walk of walkOwnFlow: the newest `rows` of each source, at most `reach` matches newer than every cut. */
function flowWalk(
  db: Db,
  sources: { newest: (rows: number) => SQL }[],
  keyword: string,
  reach: number,
  rows: number,
): Promise<Found[]> {
  const walks = sources.map((s, n) => ({ name: sql.raw(`s${n}`), query: s.newest(rows) }));
  const cuts = walks.map((w) => sql`(select min(at) from ${w.name} having count(*) >= ${rows})`);
  const mine = sql`(with ${sql.join(
    walks.map((w) => sql`${w.name} as (${w.query})`),
    sql`, `,
  )}
    select ids.id, coalesce(greatest(${sql.join(cuts, sql`, `)}), '-infinity') as cut
    from (${sql.join(
      walks.map((w) => sql`select id from ${w.name}`),
      sql` union `,
    )}) as ids) as mine`;
  return db
    .select({ module: e.module, recordId: e.recordId, seq: e.seq, at: e.at })
    .from(mine)
    .innerJoin(e, sql`${e.module} = 'flow' and ${e.recordId} = mine.id and ${e.seq} = 0`)
    .where(and(sql`${e.at} > mine.cut`, textMatch(keyword)))
    .orderBy(...recordsNewestFirst)
    .limit(reach);
}

/**
 * Whether the planner's statistics of the grams (their most common elements) expect the keyword in few rows of the
 * scope: a rare word then skips the walk that would find nothing in its window (4,000 rows, 60–90 ms at a million).
 */
export async function looksSparse(db: Db, scope: SQL, keyword: string): Promise<boolean> {
  const grams = keywordGrams(keyword);
  if (!grams.length) return false;
  const result = await db.execute(
    sql`explain (format json) select 1 from ${e} where ${scope} and ${e.grams} @> ${sql.param(grams)}::text[]`,
  );
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const cell = Object.values((rows[0] ?? {}) as Record<string, unknown>)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const estimate = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && estimate < SPARSE_ROWS;
}

/**
 * Every match of the scope off the gram index (a sparse word: few rows carry all its grams), checked on the row and
 * against the rule, newest first. With `among`, only the caller's own records (a list of at most FEW_VISIBLE ids).
 */
export async function gramMatches(
  db: Db,
  scope: SQL,
  keyword: string,
  reach: number,
  visible: SQL,
  among?: SQL,
): Promise<Found[]> {
  const grams = keywordGrams(keyword);
  return db
    .select({ module: e.module, recordId: e.recordId, seq: e.seq, at: e.at })
    .from(e)
    .where(
      and(
        scope,
        among ? sql`${e.recordId} in (${among})` : undefined,
        grams.length && !among ? sql`${e.grams} @> ${sql.param(grams)}::text[]` : undefined,
        textMatch(keyword),
        visible,
      ),
    )
    .orderBy(...newestFirst)
    .limit(reach);
}
