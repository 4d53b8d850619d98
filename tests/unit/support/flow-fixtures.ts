import type { FlowAbilities, FlowListRow, InstanceDetail, TraceEntry } from '@contract/flow';

/** The request and the signed-in handler's task that the follow tests open, unless a test needs two. */
export const INSTANCE = '11111111-1111-4111-8111-111111111111';
export const TASK = '22222222-2222-4222-8222-222222222222';
export const LEAVE = { instanceId: INSTANCE, taskId: TASK };

/** Abilities that allow nothing: a test turns on what its node allows. */
export const noAbilities = (): FlowAbilities => ({
  approve: false,
  reject: false,
  return: false,
  transfer: false,
  addSigner: false,
  withdraw: false,
  urge: false,
  opinionRequired: false,
  returnTargets: [],
  editableFields: [],
});

/** 张三's running 请假 at 部门审批, waiting on the signed-in handler's own task; 同意 and 驳回 allowed, nothing else. */
export function runningLeave(
  ids: { instanceId: string; taskId: string },
  { abilities, ...rest }: Partial<Omit<InstanceDetail, 'abilities'>> & { abilities?: Partial<FlowAbilities> } = {},
): InstanceDetail {
  return {
    id: ids.instanceId,
    title: '张三的请假申请',
    serial: 'QJ001',
    definition: { id: 'd1', name: '请假', category: '人事', isDocument: false } as InstanceDetail['definition'],
    formSchema: [],
    formData: {},
    initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
    status: 'running',
    currentNodeNames: ['部门审批'],
    currentHandlers: ['李四'],
    createdAt: '2026-11-20T08:00:00Z',
    trace: [],
    myTaskId: ids.taskId,
    myReadId: null,
    version: 1,
    abilities: { ...noAbilities(), approve: true, reject: true, ...abilities },
    ...rest,
  } as InstanceDetail;
}

/** A row of a 待办 list: a running 请假 of 张三's at 部门审批. */
export const todoRow = (id: string, title: string, extra: Partial<FlowListRow> = {}): FlowListRow => ({
  id,
  instanceId: `${id}-i`,
  title,
  serial: 'S',
  definitionName: '请假',
  category: '人事',
  initiatorName: '张三',
  nodeName: '部门审批',
  status: 'running',
  createdAt: '2026-11-20T08:00:00Z',
  handledAt: null,
  ...extra,
});

/** A step of the timeline: `actorName` took `action` at 部门审批 unless `extra` says otherwise. */
export const traceStep = (
  id: string,
  actorName: string,
  action: TraceEntry['action'],
  extra: Partial<TraceEntry> = {},
): TraceEntry => ({
  id,
  nodeName: '部门审批',
  actorName,
  actorSignImg: null,
  action,
  opinion: '',
  attachments: [],
  createdAt: '2026-11-20T08:00:00Z',
  ...extra,
});
