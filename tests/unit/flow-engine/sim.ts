import type { FlowGraph, FlowNode, FormField } from '@contract/flow';
import type { Effect, EngineState, EngineTask } from '../../../server/modules/flow/engine/state';
import { planSubmit } from '../../../server/modules/flow/engine/move-on';

export const INITIATOR = 'zhangsan';

export const leaveSchema: FormField[] = [
  { key: 'days', label: '请假天数', type: 'number', required: true, min: 0.5, max: 365 },
  { key: 'reason', label: '请假事由', type: 'textarea', required: true },
  { key: 'note', label: '备注', type: 'text' },
];

/** 请假: head of department; more than 3 days also the general manager; then a copy to HR. */
export const leave: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'dept' },
    {
      id: 'dept',
      type: 'approval',
      name: '部门负责人',
      assignee: { type: 'deptHead' },
      branches: [{ when: { field: 'days', op: '>', value: 3 }, next: 'gm' }],
      next: 'hr',
      editableFields: ['note'],
    },
    {
      id: 'gm',
      type: 'approval',
      name: '总经理',
      assignee: { type: 'post', post: 'gm' },
      next: 'hr',
      opinionRequired: true,
    },
    { id: 'hr', type: 'copy', name: '抄送人事', copyTo: { type: 'role', role: 'hr' }, next: 'end' },
    { id: 'end', type: 'end', name: '结束' },
  ],
};

/** 采购: finance (或签) and legal review in parallel, then both bosses (会签). */
export const purchase: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'split' },
    { id: 'split', type: 'parallel', name: '并行审核', parallel: ['fin', 'legal'] },
    {
      id: 'fin',
      type: 'approval',
      name: '财务',
      assignee: { type: 'users', userIds: ['f1', 'f2'] },
      signMode: 'any',
      next: 'join',
    },
    { id: 'legal', type: 'approval', name: '法务', assignee: { type: 'users', userIds: ['l1'] }, next: 'join' },
    { id: 'join', type: 'join', name: '汇聚', next: 'boss' },
    {
      id: 'boss',
      type: 'approval',
      name: '总经理办公会',
      assignee: { type: 'users', userIds: ['b1', 'b2'] },
      signMode: 'all',
      next: 'end',
    },
    { id: 'end', type: 'end', name: '结束' },
  ],
};

/** 用印: the first handler chooses who keeps the seal. */
export const seal: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'dept' },
    { id: 'dept', type: 'approval', name: '部门负责人', assignee: { type: 'deptHead' }, next: 'keeper' },
    { id: 'keeper', type: 'approval', name: '印章管理员', assignee: { type: 'chosen' }, next: 'end' },
    { id: 'end', type: 'end', name: '结束' },
  ],
};

/** Who an assignee rule names in these tests (the service asks the database instead). */
function resolve(node: FlowNode, chosen: string[]): string[] {
  const rule = node.type === 'copy' ? node.copyTo! : node.assignee!;
  switch (rule.type) {
    case 'users':
      return rule.userIds;
    case 'chosen':
      return chosen;
    case 'deptHead':
      return ['lisi'];
    case 'post':
      return rule.post === 'gm' ? ['wangwu'] : [];
    case 'role':
      return rule.role === 'hr' ? ['hr1', 'hr2'] : [];
  }
}

/** An instance kept in memory: applies the engine's effects the way the service applies them to the tables. */
export class Sim {
  state: EngineState;
  /** 待阅 / 收文 receivers so far */
  copiedTo: string[] = [];
  private seq = 0;

  constructor(graph: FlowGraph, formData: Record<string, unknown> = { days: 2, reason: '家中有事' }) {
    this.state = {
      graph,
      formSchema: leaveSchema,
      status: 'draft',
      initiatorId: INITIATOR,
      formData,
      tasks: [],
      actions: [],
    };
  }

  /** Submits the draft. */
  submit(chosen: string[] = []): this {
    return this.apply(planSubmit(this.state, INITIATOR), chosen);
  }

  apply(effects: Effect[], chosen: string[] = []): this {
    const s = this.state;
    const addTasks = (nodeId: string, ids: string[], group: EngineTask['group'] = null) =>
      ids.forEach((assigneeId) => s.tasks.push({ id: `t${++this.seq}`, nodeId, assigneeId, status: 'pending', group }));
    const setStatus = (taskId: string, status: EngineTask['status']) =>
      (s.tasks.find((t) => t.id === taskId)!.status = status);
    const open = (t: EngineTask) => t.status === 'pending' || t.status === 'waiting';
    for (const e of effects) {
      if (e.type === 'close') s.tasks.find((t) => t.id === e.taskId)!.status = e.status;
      else if (e.type === 'cancel-node')
        s.tasks.filter((t) => t.nodeId === e.nodeId && open(t)).forEach((t) => (t.status = 'cancelled'));
      else if (e.type === 'cancel-all') s.tasks.filter(open).forEach((t) => (t.status = 'cancelled'));
      else if (e.type === 'close-tasks')
        s.tasks.filter((t) => e.taskIds.includes(t.id) && open(t)).forEach((t) => (t.status = 'cancelled'));
      else if (e.type === 'wait') setStatus(e.taskId, 'waiting');
      else if (e.type === 'resume') setStatus(e.taskId, 'pending');
      else if (e.type === 'settle') setStatus(e.taskId, 'done');
      else if (e.type === 'remove') setStatus(e.taskId, 'cancelled');
      else if (e.type === 'copy') this.copiedTo.push(...resolve(e.node, chosen));
      else if (e.type === 'open') {
        const ids = e.userIds ?? resolve(e.node, chosen);
        if (ids.length === 0) throw new Error(`nobody to open ${e.node.id}`);
        addTasks(e.node.id, ids);
        s.status = e.node.type === 'start' ? 'returned' : 'running';
      } else if (e.type === 'add') addTasks(e.node.id, e.userIds, e.group ?? null);
      else if (e.type === 'form') s.formData = e.formData;
      else if (e.type === 'finish') s.status = e.status;
      else if (e.type === 'log') s.actions.push(e.action);
    }
    return this;
  }

  /** The pending task of a user (throws when there is none, so a test cannot pass by accident). */
  taskOf(userId: string): string {
    const task = this.state.tasks.find((t) => t.assigneeId === userId && t.status === 'pending');
    if (!task) throw new Error(`${userId} has no pending task`);
    return task.id;
  }

  /** Who has open work, node by node, e.g. { fin: ['f1','f2'] }. */
  pending(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const t of this.state.tasks) if (t.status === 'pending') (out[t.nodeId] ??= []).push(t.assigneeId);
    return out;
  }
}
