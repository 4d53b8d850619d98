import MiniSearch, { type Query } from 'minisearch';
import {
  SEARCH_GROUP_SIZE,
  SEARCH_MODULES,
  SEARCH_MODULE_LABELS,
  type SearchAnswer,
  type SearchHit,
  type SearchModule,
} from '@contract/search';
import type { OfflineRecord } from './record-extractors';
import { hanTokens, normalise, pinyinTokens, planKeyword, wordTokens } from './search-tokens';

type Field = 'han' | 'word' | 'py';
const FIELDS: Field[] = ['han', 'word', 'py'];
/** a title's or a name's match counts more than the same words deep in a body */
const BOOST = { py: 2, han: 1, word: 1 };
/** the text around a match in a body, when the title does not show it */
const SNIPPET_CHARS = 16;

/**
 * The offline index of one person's cached records: MiniSearch over 汉字 bigrams, words and 拼音 keys. It is kept per
 * source (a cached query): a changed query replaces its own records only, so a refetch never rebuilds the whole index.
 */
export interface OfflineIndex {
  /** distinct records indexed (a list row and its cached detail are one) */
  readonly size: number;
  /** replaces what a source (a query's hash) contributes; no records removes it */
  set(source: string, records: OfflineRecord[]): void;
  /** every module at once: a group per module that found something, its first hits and its total */
  search(keyword: string): SearchAnswer;
  /** every hit of one module, best first */
  moduleHits(keyword: string, module: SearchModule): SearchHit[];
}

interface Doc {
  record: OfflineRecord;
  text: string;
}

export function createOfflineIndex(): OfflineIndex {
  const docs = new Map<number, Doc>();
  const bySource = new Map<string, number[]>();
  const keyCount = new Map<string, number>();
  let nextId = 0;
  const index = new MiniSearch<{ id: number }>({
    fields: FIELDS,
    storeFields: [],
    extractField: (doc, field) => {
      if (field === 'id') return doc.id;
      const { record, text } = docs.get(doc.id)!;
      return field === 'py' ? record.names.join('\n') : text;
    },
    tokenize: (text, field) =>
      field === 'han' ? hanTokens(text) : field === 'word' ? wordTokens(text) : text.split('\n').flatMap(pinyinTokens),
    // tokens are made lower case and whole by the tokenizer above; MiniSearch's own processing would split them again
    processTerm: (term) => term,
    searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
  });

  const count = (key: string, by: number) => {
    const next = (keyCount.get(key) ?? 0) + by;
    if (next > 0) keyCount.set(key, next);
    else keyCount.delete(key);
  };

  /** Matching records, best first, each once (a row and its detail share a key): 汉字 as substrings, letters by prefix. */
  function matching(keyword: string): Doc[] {
    const plan = planKeyword(keyword);
    if (!plan.han.length && !plan.latin.length) return [];
    const parts: Query[] = [
      ...plan.han.map((term) => ({ queries: [term], fields: ['han'], prefix: term.length === 1 })),
      ...plan.latin.map((term) => ({ queries: [term], fields: ['py', 'word'], prefix: true })),
    ];
    const runs = plan.keyword.match(/\p{Script=Han}+/gu) ?? [];
    const seen = new Set<string>();
    const found: Doc[] = [];
    for (const result of index.search({ combineWith: 'AND', queries: parts }, { boost: BOOST })) {
      const doc = docs.get(result.id as number);
      if (!doc || seen.has(doc.record.key) || !runs.every((run) => doc.text.includes(run))) continue;
      seen.add(doc.record.key);
      found.push(doc);
    }
    return found;
  }

  function hitOf({ record, text }: Doc, keyword: string): SearchHit {
    const needle = normalise(keyword);
    let summary = record.summary;
    if (!normalise(record.title).includes(needle) && !normalise(summary).includes(needle)) {
      const at = text.indexOf(needle);
      if (at >= 0)
        summary = `…${record.text.slice(Math.max(0, at - SNIPPET_CHARS), at + needle.length + SNIPPET_CHARS)}…`;
    }
    return { key: record.key, module: record.module, title: record.title, summary, at: record.at, open: record.open };
  }

  return {
    get size() {
      return keyCount.size;
    },
    set(source, records) {
      for (const id of bySource.get(source) ?? []) {
        count(docs.get(id)!.record.key, -1);
        index.discard(id);
        docs.delete(id);
      }
      const ids = records.map((record) => {
        const id = nextId++;
        docs.set(id, { record, text: normalise(record.text) });
        count(record.key, 1);
        return id;
      });
      if (ids.length) bySource.set(source, ids);
      else bySource.delete(source);
      index.addAll(ids.map((id) => ({ id })));
    },
    search(keyword) {
      const byModule = new Map<SearchModule, Doc[]>();
      for (const doc of matching(keyword)) {
        const group = byModule.get(doc.record.module);
        if (group) group.push(doc);
        else byModule.set(doc.record.module, [doc]);
      }
      const groups = SEARCH_MODULES.filter((m) => byModule.has(m)).map((module) => {
        const found = byModule.get(module)!;
        return {
          module,
          label: SEARCH_MODULE_LABELS[module],
          total: found.length,
          rows: found.slice(0, SEARCH_GROUP_SIZE).map((doc) => hitOf(doc, keyword)),
        };
      });
      return { keyword, groups };
    },
    moduleHits(keyword, module) {
      return matching(keyword)
        .filter((doc) => doc.record.module === module)
        .map((doc) => hitOf(doc, keyword));
    },
  };
}

/** An index of these records alone (tests, the bench's comparison). */
export function buildOfflineIndex(records: OfflineRecord[]): OfflineIndex {
  const index = createOfflineIndex();
  index.set('records', records);
  return index;
}
