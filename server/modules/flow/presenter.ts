import type { DefinitionDetail, DefinitionSummary, FlowAbilities, FlowAction, FormField, InstanceDetail, InstanceStatus } from '@contract/flow';
import type { flowDefinitions, flowInstances, flowLogs } from '../../db/schema';

type DefinitionRow = typeof flowDefinitions.$inferSelect;
type InstanceRow = typeof flowInstances.$inferSelect;
type LogRow = typeof flowLogs.$inferSelect;

/** A catalogue entry. */
export function presentDefinition(d: DefinitionRow): DefinitionSummary {
  return { id: d.id, code: d.code, category: d.category, name: d.name, icon: d.icon, version: d.version, isDocument: d.isDocument };
}

/** The 发起 page: the form, and whether the first approval node wants the initiator to choose its handlers. */
export function presentDefinitionDetail(d: DefinitionRow): DefinitionDetail {
  const start = d.graph.nodes.find((n) => n.type === 'start');
  const first = d.graph.nodes.find((n) => n.id === start?.next);
  return { ...presentDefinition(d), formSchema: d.formSchema as FormField[], firstNodeChosen: first?.type === 'approval' && first.assignee?.type === 'chosen' };
}

// a signature image belongs to a decision, not to a transfer or a reminder
const SIGNED_ACTIONS: FlowAction[] = ['approve', 'reject', 'return'];

/** Everything the detail page shows, from the rows the service loaded. */
export function presentDetail(parts: {
  instance: InstanceRow;
  definition: DefinitionRow;
  initiator: { id: string; realName: string; orgName: string };
  logs: { log: LogRow; actorName: string; signImg: string | null }[];
  pending: { nodeName: string; name: string }[];
  myTaskId: string | null;
  myReadId: string | null;
  abilities: FlowAbilities;
}): InstanceDetail {
  const { instance, definition } = parts;
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
    trace: parts.logs.map(({ log, actorName, signImg }) => ({
      id: log.id,
      nodeName: log.nodeName,
      actorName,
      // the signature the decision was signed with; older steps show the actor's current one
      actorSignImg: log.signImg ?? (SIGNED_ACTIONS.includes(log.action as FlowAction) ? signImg : null),
      action: log.action as FlowAction,
      opinion: log.opinion,
      attachments: log.attachments,
      createdAt: log.createdAt.toISOString(),
    })),
    myTaskId: parts.myTaskId,
    myReadId: parts.myReadId,
    abilities: parts.abilities,
    version: instance.version,
  };
}

// list rows: list-presenter.ts
