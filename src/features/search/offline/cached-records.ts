import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { InstanceDetail } from '@contract/flow';
import type { SelectorNode } from '@contract/upms';
import { storedFilesIn } from '@/components/file-preview/kept-preview-address';
import * as pick from './record-extractors';
import type { OfflineRecord } from './record-extractors';

/*
 * What the device can search offline is exactly what its query cache holds: the lists and details the screens read,
 * filled by 离线同步 and by browsing. Nothing else is fetched or kept, so a record is found offline only if the server
 * showed it to this person (rights are the server's, inherited through the cache).
 */

type Rows = unknown[];

/** The rows of a cached answer: a paged list (infinite query), a page, or a plain array. */
function rowsOf(data: unknown): Rows {
  if (Array.isArray(data)) return data;
  if (!data || typeof data !== 'object') return [];
  const paged = data as { pages?: unknown; rows?: unknown };
  if (Array.isArray(paged.pages))
    return paged.pages.flatMap((page) =>
      Array.isArray((page as { rows?: unknown })?.rows) ? (page as { rows: Rows }).rows : [],
    );
  return Array.isArray(paged.rows) ? paged.rows : [];
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';
const has = (value: unknown, ...fields: string[]): boolean =>
  isObject(value) && fields.every((field) => value[field] !== undefined && value[field] !== null);

/** The records of one cached query, by its key's root; an answer of an unexpected shape adds nothing. */
function recordsOf(key: QueryKey, data: unknown): { record: OfflineRecord; files?: unknown }[] {
  const [root, kind, third] = key as unknown[];
  const rows = (test: (row: unknown) => boolean) => rowsOf(data).filter(test);
  switch (`${String(root)}/${String(kind)}`) {
    case 'flow/list':
      return rows((r) => has(r, 'instanceId', 'title')).map((r) => ({ record: pick.flowRow(r as never) }));
    case 'flow/instance':
      return has(data, 'id', 'title', 'initiator', 'definition', 'formData')
        ? [
            {
              record: pick.flowDetail(data as never),
              files: [(data as InstanceDetail).formData, (data as InstanceDetail).trace],
            },
          ]
        : [];
    case 'mail/list':
      // a draft opens in the editor, not the reader: it is found from 草稿箱, not here
      return third === 'drafts'
        ? []
        : rows((r) => has(r, 'id', 'subject', 'sender')).map((r) => ({ record: pick.mailRow(r as never) }));
    case 'mail/message':
      return has(data, 'id', 'subject', 'sender', 'bodyHtml') && (data as { status?: string }).status !== 'draft'
        ? [{ record: pick.mailDetail(data as never), files: (data as { attachments?: unknown }).attachments }]
        : [];
    case 'news/list':
    case 'news/headlines':
      return rows((r) => has(r, 'id', 'title', 'channelName')).map((r) => ({ record: pick.newsRecord(r as never) }));
    case 'news/article':
      return has(data, 'id', 'title', 'bodyHtml')
        ? [{ record: pick.newsRecord(data as never), files: (data as { attachments?: unknown }).attachments }]
        : [];
    case 'upms/selector':
    case 'contacts/favourites':
    case 'contacts/group':
      return rows((r) => has(r, 'id', 'realName') && (r as SelectorNode).popCode === 'user').map((r) => ({
        record: pick.person(r as SelectorNode),
      }));
    case 'meeting/list':
      return rows((r) => has(r, 'id', 'subject', 'startAt')).map((r) => ({ record: pick.meetingRecord(r as never) }));
    case 'meeting/detail':
      return has(data, 'id', 'subject', 'startAt')
        ? [{ record: pick.meetingRecord(data as never), files: (data as { materials?: unknown }).materials }]
        : [];
    case 'schedule/range':
      // a meeting on the calendar is found as the meeting itself
      return rows((r) => has(r, 'eventId', 'title', 'startAt') && (r as { source?: string }).source !== 'meeting').map(
        (r) => ({ record: pick.scheduleRecord(r as never) }),
      );
    case 'custom/list':
      return typeof third === 'string'
        ? rows((r) => has(r, 'id', 'title')).map((r) => ({ record: pick.customRecord(r as never, third) }))
        : [];
    case 'custom/record':
      return has(data, 'id', 'title', 'modelCode', 'values')
        ? [{ record: pick.customRecord(data as never, (data as { modelCode: string }).modelCode) }]
        : [];
    default:
      return [];
  }
}

/** File names of a record: stored files ({ fileName, attachName }) and meeting materials ({ fileName }). */
function fileNamesIn(files: unknown): pick.NamedFile[] {
  if (!files) return [];
  const stored = storedFilesIn(files).map((f) => ({ attachName: f.attachName }));
  const materials = (Array.isArray(files) ? files : [])
    .filter((f) => has(f, 'fileName') && !has(f, 'attachName'))
    .map((f) => ({ attachName: (f as { fileName: string }).fileName }));
  return [...stored, ...materials];
}

/** The records of one cached query with the files they name: what the index keeps under that query. */
export function queryRecords(key: QueryKey, data: unknown): OfflineRecord[] {
  if (data === undefined || key[0] === 'search') return [];
  return recordsOf(key, data).flatMap(({ record, files }) => [
    record,
    ...fileNamesIn(files).map((file, index) => pick.fileRecord(record, file, index)),
  ]);
}

/** Every cached query's records, by the query they came from (a row and its detail are two, with one key). */
export function cachedSources(queryClient: QueryClient): [string, OfflineRecord[]][] {
  return queryClient
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryHash, queryRecords(query.queryKey, query.state.data)] as [string, OfflineRecord[]])
    .filter(([, records]) => records.length > 0);
}
