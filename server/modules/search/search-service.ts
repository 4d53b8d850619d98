import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_GROUP_SIZE,
  SEARCH_MODULES,
  type SearchAnswer,
  type SearchGroup,
  type SearchModule,
} from '@contract/search';
import type { SearchQueryInput } from '@contract/search-schemas';
import { toCount, type Db } from '../../db/client';
import { searchEntries as e } from '../../db/schema';
import type { Principal } from '../session/service';
import { searchUsers } from '../selector/user-queries';
import {
  FEW_VISIBLE,
  gramMatches,
  looksSparse,
  walkNewest,
  walkOwnFlow,
  walkOwnMail,
  type Found,
} from './entry-queries';
import { flowSources, INDEXED_MODULES, visibleConditions, visibleIds, type IndexedModule } from './policy';
import { contactHit, entryHit, group, type EntryRow } from './presenter';

// written out qualified: drizzle names a selected column bare, which inside these subqueries would mean their own
const recordTitle = sql<string | null>`(select p.title from search_entries p
  where p.module = search_entries.module and p.record_id = search_entries.record_id and p.seq = 0)`;
const modelCode = sql<string | null>`(select m.code from custom_records r join custom_models m on m.id = r.model_id
  where search_entries.module = 'custom' and r.id = search_entries.record_id)`;

/** Matches counted per group at least (a later page counts past its own end): past it the total is a floor. */
const SEARCH_COUNT_AHEAD = 20;

interface Window {
  limit: number;
  offset: number;
}

/**
 * GET /api/search: every module at once (the first hits of each group that has any) or one module paged. Titles that
 * newest first (a paged list cannot afford to rank a million matches).
 */
export async function search(
  db: Db,
  user: Principal,
  query: SearchQueryInput,
  contactsRoot: string | null,
): Promise<SearchAnswer> {
  const keyword = query.keyword;
  const window: Window = query.module
    ? { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }
    : { limit: SEARCH_GROUP_SIZE, offset: 0 };
  const rules = await visibleConditions(db, user);
  const lists = visibleIds(user);
  const modules: readonly SearchModule[] = query.module ? [query.module] : SEARCH_MODULES;
  const found = await inLanes(modules, (module) =>
    module === 'contacts'
      ? contactsGroup(db, keyword, contactsRoot, window)
      : entriesGroup(db, module, keyword, { userId: user.id, rules, lists }, window),
  );
  return { keyword, groups: found.filter((g) => g.total > 0 || query.module) };
}

/** Groups read at once by one answer: the every-module answer then costs about half the sum of its groups. */
const SEARCH_LANES = 2;

/**
 * Each item through `read`, SEARCH_LANES at a time, answers in the items' order. Not every group at once: an answer of
 * eight groups would hold most of the pool (10 connections) while other requests wait.
 */
async function inLanes<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await read(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEARCH_LANES, items.length) }, lane));
  return out;
}

/** The rows of one group (a module's records, or 附件: the files of every record the caller may open) and its rule. */
function entryScope(module: Exclude<SearchModule, 'contacts'>, rules: Record<IndexedModule, SQL>) {
  if (module !== 'attachment') return { scope: and(eq(e.module, module), eq(e.seq, 0))!, visible: rules[module] };
  return {
    scope: sql`${e.seq} > 0`,
    visible: or(...INDEXED_MODULES.map((m) => and(eq(e.module, m), rules[m])))!,
  };
}

/** Whether the list names fewer than FEW_VISIBLE records (read no further than that). */
async function holdsFew(db: Db, ids: SQL): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(sql`(${ids} limit ${FEW_VISIBLE}) as held`);
  return toCount(row?.n) < FEW_VISIBLE;
}

/**
 * A group's newest visible matches, no further than the page and a count ahead, by the cheapest of three reads: the
 * caller's own records when they hold few; else the module's newest rows walked back (a common word); else the gram
 * index (a sparse one). Then the page's own columns for its rows alone. Sorting every match by relevance cost 161 ms
 * over 200,000 rows.
 */
async function entriesGroup(
  db: Db,
  module: Exclude<SearchModule, 'contacts'>,
  keyword: string,
  caller: { userId: string; rules: Record<IndexedModule, SQL>; lists: Partial<Record<IndexedModule, SQL>> },
  window: Window,
): Promise<SearchGroup> {
  const { userId, rules, lists } = caller;
  const { scope, visible } = entryScope(module, rules);
  const reach = Math.max(window.offset + window.limit + 1, SEARCH_COUNT_AHEAD);
  const own = module === 'attachment' ? undefined : lists[module];
  const few = own ? await holdsFew(db, own) : false;
  const walked =
    few || (await looksSparse(db, scope, keyword))
      ? null
      : await walk(db, module, keyword, reach, { userId, scope, visible, own });
  const found = few
    ? await gramMatches(db, scope, keyword, reach, visible, own)
    : (walked ?? (await gramMatches(db, scope, keyword, reach, visible)));
  const shown = found.slice(window.offset, window.offset + window.limit);
  return group(
    module,
    found.length,
    (await details(db, shown)).map((row) => entryHit(row, keyword)),
    found.length >= reach,
  );
}

/**
 * A common word's newest matches: the caller's own mails or requests walked back in time (a page costs what they hold
 * until it is full, not everyone else's rows passed on the way); else, and for an admin who sees every request, the
 * module's newest rows each checked against the rule.
 */
function walk(
  db: Db,
  module: Exclude<SearchModule, 'contacts'>,
  keyword: string,
  reach: number,
  where: { userId: string; scope: SQL; visible: SQL; own: SQL | undefined },
): Promise<Found[] | null> {
  const { userId, scope, visible, own } = where;
  if (module === 'mail') return walkOwnMail(db, userId, keyword, reach, visible);
  if (module === 'flow' && own) return walkOwnFlow(db, flowSources(userId), keyword, reach);
  return walkNewest(db, scope, keyword, reach, visible, module === 'attachment');
}

/** Title, text and the record a file belongs to, for the page's rows, in their order. */
async function details(db: Db, shown: Found[]): Promise<EntryRow[]> {
  if (!shown.length) return [];
  const keys = sql.join(
    shown.map((f) => sql`(${f.module}, ${f.recordId}::uuid, ${f.seq}::integer)`),
    sql`, `,
  );
  const rows = await db
    .select({
      module: e.module,
      recordId: e.recordId,
      seq: e.seq,
      title: e.title,
      body: e.body,
      at: e.at,
      recordTitle,
      modelCode,
    })
    .from(e)
    .where(sql`(${e.module}, ${e.recordId}, ${e.seq}) in (${keys})`);
  const key = (r: { module: string; recordId: string; seq: number }) => `${r.module}:${r.recordId}:${r.seq}`;
  const byKey = new Map(rows.map((r) => [key(r), r]));
  return shown.flatMap((f) => byKey.get(key(f)) ?? []);
}

/** 通讯录: the people search of every picker (汉字, 拼音 and initials), within the caller's visible org tree. */
async function contactsGroup(db: Db, keyword: string, root: string | null, window: Window): Promise<SearchGroup> {
  const people = await searchUsers(db, keyword, root);
  return group('contacts', people.length, people.slice(window.offset, window.offset + window.limit).map(contactHit));
}
