import type { CustomListRow, CustomRecordView } from '@contract/custom';
import type { FlowListRow, InstanceDetail } from '@contract/flow';
import type { MailDetail, MailListRow } from '@contract/mail';
import type { MeetingDetail, MeetingListRow } from '@contract/meeting';
import type { NewsDetail, NewsListRow } from '@contract/news';
import type { ScheduleOccurrence } from '@contract/schedule';
import type { SearchModule, SearchTarget } from '@contract/search';
import type { SelectorNode } from '@contract/upms';

/** One thing the device can find offline: what a hit shows, what it opens, and the text it is found by. */
export interface OfflineRecord {
  key: string;
  module: SearchModule;
  title: string;
  summary: string;
  at: string | null;
  open: SearchTarget;
  /** short texts whose 拼音 is indexed: the title and the people it names */
  names: string[];
  /** everything searched by 汉字 and words: title, summary, form values, the start of a body */
  text: string;
}

/** A stored file named in a record (form values, trace, mail, meeting, news): found by its name. */
export interface NamedFile {
  attachName: string;
}

/** The start of a body is enough to find a mail or an article by; bounded so 5,000 records stay a small index. */
const BODY_CHARS = 300;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
const bodyText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, BODY_CHARS);

/** Display text of form values: strings and numbers, and the names inside arrays and objects (people, options). */
function valueTexts(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value.startsWith('http') ? [] : [value];
  if (typeof value === 'number') return [String(value)];
  if (depth > 3 || !value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v) => valueTexts(v, depth + 1));
  const named = value as { realName?: unknown; name?: unknown; label?: unknown; attachName?: unknown };
  const own = [named.realName, named.name, named.label, named.attachName].filter((v) => typeof v === 'string');
  return own.length ? (own as string[]) : Object.values(value).flatMap((v) => valueTexts(v, depth + 1));
}

export function flowRow(row: FlowListRow): OfflineRecord {
  const summary = (row.summary ?? []).map((s) => `${s.label}：${s.text}`);
  return {
    key: `flow:${row.instanceId}`,
    module: 'flow',
    title: row.title,
    summary: joined(row.initiatorName, row.definitionName, row.nodeName),
    at: row.sortedAt ?? row.createdAt,
    open: { module: 'flow', id: row.instanceId },
    names: [row.title, row.initiatorName],
    text: [row.title, row.serial, row.definitionName, row.initiatorName, ...summary].join(' '),
  };
}

export function flowDetail(detail: InstanceDetail): OfflineRecord {
  return {
    key: `flow:${detail.id}`,
    module: 'flow',
    title: detail.title,
    summary: joined(detail.initiator.realName, detail.definition.name, detail.currentNodeNames.join('、')),
    at: detail.createdAt,
    open: { module: 'flow', id: detail.id },
    names: [detail.title, detail.initiator.realName],
    text: [detail.title, detail.serial, detail.definition.name, ...valueTexts(detail.formData)].join(' ').slice(0, 600),
  };
}

export function mailRow(row: MailListRow): OfflineRecord {
  return {
    key: `mail:${row.id}`,
    module: 'mail',
    title: row.subject,
    summary: joined(row.sender.name, row.summary),
    at: row.at,
    open: { module: 'mail', id: row.id },
    names: [row.subject, row.sender.name],
    text: [row.subject, row.sender.name, row.summary].join(' '),
  };
}

export function mailDetail(mail: MailDetail): OfflineRecord {
  const body = bodyText(mail.bodyHtml);
  return {
    key: `mail:${mail.id}`,
    module: 'mail',
    title: mail.subject,
    summary: joined(mail.sender.name, body.slice(0, 40)),
    at: mail.sentAt ?? mail.updatedAt,
    open: { module: 'mail', id: mail.id },
    names: [mail.subject, mail.sender.name],
    text: [mail.subject, mail.sender.name, body].join(' '),
  };
}

export function newsRecord(row: NewsListRow | NewsDetail): OfflineRecord {
  const body = 'bodyHtml' in row ? bodyText(row.bodyHtml) : '';
  return {
    key: `news:${row.id}`,
    module: 'news',
    title: row.title,
    summary: joined(row.channelName, row.authorName),
    at: row.publishedAt ?? row.updatedAt,
    open: { module: 'news', id: row.id },
    names: [row.title, row.authorName],
    text: [row.title, row.summary, row.authorName, body].join(' '),
  };
}

export function person(node: SelectorNode): OfflineRecord {
  return {
    key: `contacts:${node.id}`,
    module: 'contacts',
    title: node.realName,
    summary: joined(node.orgName, node.postName),
    at: null,
    open: { module: 'contacts', id: node.id },
    names: [node.realName],
    text: [node.realName, node.name, node.orgName, node.postName, node.mobile].join(' '),
  };
}

export function meetingRecord(row: MeetingListRow | MeetingDetail): OfflineRecord {
  const agenda = 'agenda' in row ? row.agenda.slice(0, BODY_CHARS) : '';
  return {
    key: `meeting:${row.id}`,
    module: 'meeting',
    title: row.subject,
    summary: joined(row.organizerName, row.roomName),
    at: row.startAt,
    open: { module: 'meeting', id: row.id },
    names: [row.subject, row.organizerName],
    text: [row.subject, row.organizerName, row.roomName, agenda].join(' '),
  };
}

export function scheduleRecord(event: ScheduleOccurrence): OfflineRecord {
  return {
    key: `schedule:${event.eventId}:${event.occurrenceDate ?? ''}`,
    module: 'schedule',
    title: event.title,
    summary: event.location,
    at: event.startAt,
    open: { module: 'schedule', id: event.eventId },
    names: [event.title],
    text: [event.title, event.location].join(' '),
  };
}

export function customRecord(row: CustomListRow | CustomRecordView, modelCode: string): OfflineRecord {
  const columns = 'columns' in row ? row.columns.map((c) => `${c.label}：${c.text}`) : valueTexts(row.values);
  return {
    key: `custom:${row.id}`,
    module: 'custom',
    title: row.title,
    summary: joined(...('columns' in row ? row.columns.slice(0, 2).map((c) => c.text) : [row.creatorName])),
    at: 'updatedAt' in row ? row.updatedAt : null,
    open: { module: 'custom', id: row.id, modelCode },
    names: [row.title],
    text: [row.title, ...columns].join(' '),
  };
}

/** A file named in a record: found by its name, opens the record it belongs to. */
export function fileRecord(owner: OfflineRecord, file: NamedFile, index: number): OfflineRecord {
  return {
    key: `attachment:${owner.open.id}:${index}`,
    module: 'attachment',
    title: file.attachName,
    summary: `${owner.title}`,
    at: owner.at,
    open: owner.open,
    names: [],
    text: file.attachName,
  };
}
