import type {
  DefinitionDetail,
  DefinitionSummary,
  FlowAbilities,
  FlowAction,
  FlowOutcome,
  FormField,
  InstanceDetail,
  InstanceStatus,
  TraceEntry,
} from '@contract/flow';
import type { flowComments, flowDefinitions, flowInstances, flowLogs } from '../../db/schema';

type DefinitionRow = typeof flowDefinitions.$inferSelect;
type InstanceRow = typeof flowInstances.$inferSelect;
type LogRow = typeof flowLogs.$inferSelect;
type CommentRow = typeof flowComments.$inferSelect;

/** A catalogue entry. */
export function presentDefinition(d: DefinitionRow): DefinitionSummary {
  return {
    id: d.id,
    code: d.code,
    category: d.category,
    name: d.name,
    icon: d.icon,
    version: d.version,
    isDocument: d.isDocument,
  };
}

/** The 发起 page: the form, and whether the first approval node wants the initiator to choose its handlers. */
export function presentDefinitionDetail(d: DefinitionRow): DefinitionDetail {
  const start = d.graph.nodes.find((n) => n.type === 'start');
  const first = d.graph.nodes.find((n) => n.id === start?.next);
  return {
    ...presentDefinition(d),
    formSchema: d.formSchema as FormField[],
    firstNodeChosen: first?.type === 'approval' && first.assignee?.type === 'chosen',
    applicantCc: d.graph.applicantCc === true,
  };
}

// a signature image belongs to a decision, not to a transfer or a reminder
const SIGNED_ACTIONS: FlowAction[] = ['approve', 'reject', 'return'];

/** A finished request's last node: 审批通过 or 已驳回, and when (a request finished before finished_at was kept: its last change). */
export function presentOutcome(instance: Pick<InstanceRow, 'status' | 'finishedAt' | 'updatedAt'>): FlowOutcome | null {
  if (instance.status !== 'approved' && instance.status !== 'rejected') return null;
  return { status: instance.status, finishedAt: (instance.finishedAt ?? instance.updatedAt).toISOString() };
}

/** A 评论 as the trace shows it: no signature, no attachments. */
export function presentComment(
  row: Pick<CommentRow, 'id' | 'nodeName' | 'content' | 'createdAt'>,
  actorName: string,
): TraceEntry {
  return {
    id: row.id,
    nodeName: row.nodeName,
    actorName,
    actorSignImg: null,
    action: 'comment',
    opinion: row.content,
    attachments: [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The steps and the comments in one timeline, oldest first (a step and a comment at the same instant: the step). */
export function mergeTrace(steps: TraceEntry[], comments: TraceEntry[]): TraceEntry[] {
  if (comments.length === 0) return steps;
  return [
    ...steps.map((entry, i) => ({ entry, i, comment: 0 })),
    ...comments.map((entry, i) => ({ entry, i, comment: 1 })),
  ]
    .sort((a, b) => a.entry.createdAt.localeCompare(b.entry.createdAt) || a.comment - b.comment || a.i - b.i)
    .map(({ entry }) => entry);
}

/** Everything the detail page shows, from the rows the service loaded. */
export function presentDetail(parts: {
  instance: InstanceRow;
  definition: DefinitionRow;
  initiator: { id: string; realName: string; orgName: string };
  logs: {
    log: Pick<LogRow, 'id' | 'nodeName' | 'action' | 'opinion' | 'attachments' | 'signImg' | 'createdAt'> &
      Partial<Pick<LogRow, 'actorId' | 'messageId'>>;
    actorName: string;
    onBehalfOfName: string | null;
    signImg: string | null;
  }[];
  /** 评论 (comment-service presentComment), oldest first */
  comments?: TraceEntry[];
  pending: { nodeName: string; name: string }[];
  myTaskId: string | null;
  myReadId: string | null;
  abilities: FlowAbilities;
  /** who reads it: a 催办 step names its reminder only to its sender (or an admin), who may read how it went */
  reader?: { id: string; isAdmin: boolean };
}): InstanceDetail {
  const { instance, definition, reader } = parts;
  const reportOf = (log: Partial<Pick<LogRow, 'actorId' | 'messageId'>>) =>
    log.messageId && reader && (reader.isAdmin || log.actorId === reader.id) ? { messageId: log.messageId } : {};
  return {
    id: instance.id,
    title: instance.title,
    serial: instance.serial,
    definition: presentDefinition(definition),
    formSchema: definition.formSchema as FormField[],
    formData: instance.formData,
    initiator: parts.initiator,
    status: instance.status as InstanceStatus,
    currentNodeNames: [...new Set(parts.pending.map((p) => p.nodeName))],
    currentHandlers: [...new Set(parts.pending.map((p) => p.name))],
    createdAt: instance.createdAt.toISOString(),
    trace: mergeTrace(
      parts.logs.map(({ log, actorName, onBehalfOfName, signImg }) => ({
        id: log.id,
        nodeName: log.nodeName,
        actorName,
        onBehalfOfName,
        // the signature the decision was signed with; older steps show the actor's current one
        actorSignImg: log.signImg ?? (SIGNED_ACTIONS.includes(log.action as FlowAction) ? signImg : null),
        action: log.action as FlowAction,
        opinion: log.opinion,
        attachments: log.attachments,
        createdAt: log.createdAt.toISOString(),
        ...reportOf(log),
      })),
      parts.comments ?? [],
    ),
    myTaskId: parts.myTaskId,
    myReadId: parts.myReadId,
    abilities: parts.abilities,
    version: instance.version,
    outcome: presentOutcome(instance),
  };
}

// list rows: list-presenter.ts
