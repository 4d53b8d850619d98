import { SEARCH_MODULE_LABELS, type SearchGroup, type SearchHit, type SearchModule } from '@contract/search';
import type { UserRowForNode } from '../selector/presenter';
import type { IndexedModule } from './policy';

const SNIPPET_BEFORE = 16;
const SNIPPET_LENGTH = 60;

export interface EntryRow {
  module: string;
  recordId: string;
  seq: number;
  title: string;
  body: string;
  at: Date;
  recordTitle: string | null;
  modelCode: string | null;
}

/** The text around the keyword (or the start when it matched by 拼音 or in the title), on one line. */
export function snippet(body: string, keyword: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(keyword.toLowerCase());
  const from = at > SNIPPET_BEFORE ? at - SNIPPET_BEFORE : 0;
  const cut = flat.slice(from, from + SNIPPET_LENGTH);
  return (from > 0 ? '…' : '') + cut + (from + SNIPPET_LENGTH < flat.length ? '…' : '');
}

/** A record or one of its files (seq > 0, shown in 附件 and opening the record). */
export function entryHit(row: EntryRow, keyword: string): SearchHit {
  const module = row.module as IndexedModule;
  const file = row.seq > 0;
  return {
    key: `${row.module}:${row.recordId}:${row.seq}`,
    module: file ? 'attachment' : module,
    title: row.title,
    summary: file ? `${SEARCH_MODULE_LABELS[module]}：${row.recordTitle ?? ''}` : snippet(row.body, keyword),
    at: row.at.toISOString(),
    open: { module, id: row.recordId, ...(row.modelCode ? { modelCode: row.modelCode } : {}) },
  };
}

/** A colleague: name, department and post. */
export function contactHit(user: UserRowForNode): SearchHit {
  return {
    key: `contacts:${user.id}`,
    module: 'contacts',
    title: user.realName,
    summary: [user.orgName, user.postName].filter(Boolean).join(' · '),
    at: null,
    open: { module: 'contacts', id: user.id },
  };
}

/** A group; `capped` when there are more matches than were counted (total is then a floor). */
export function group(module: SearchModule, total: number, rows: SearchHit[], capped = false): SearchGroup {
  return { module, label: SEARCH_MODULE_LABELS[module], total, rows, ...(capped ? { capped } : {}) };
}
