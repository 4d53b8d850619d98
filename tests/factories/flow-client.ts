/** Drives the 审批 module over HTTP as demo users: the one set of helpers every tests/api/flow-*.test.ts uses. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FlowCounts, FlowListRow, InstanceDetail } from '../../contract/flow';
import { demoId } from '../../server/db/seed/demo-ids';
import type { ServerContext } from '../api/support/server';

export type FlowPage = { rows: FlowListRow[]; total: number };

/** The id of a seeded definition (leave, expense, seal, …). */
export const defId = (code: string) => demoId(`flow:${code}`);
/** The id of a demo user. */
export const userId = (username: string) => demoId(`user:${username}`);

const unique = () => randomUUID().slice(0, 8);

/** `days` working days from Monday 2026-11-30, so the period and the day count always agree */
function workingPeriod(days: number): [string, string] {
  const day = new Date(Date.UTC(2026, 10, 30));
  for (let left = Math.max(1, Math.ceil(days)) - 1; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() % 6 !== 0) left -= 1;
  }
  return ['2026-11-30', day.toISOString().slice(0, 10)];
}

/** Valid forms of the seeded definitions, each with a unique text so a keyword finds just that one. */
export const forms = {
  /** 请假 of `days` days (over 3 goes on to the general managers) */
  leave: (days = 2, reason = `事由-${unique()}`) => ({ leaveType: '3', period: workingPeriod(days), days, reason }),
  /** 报销 of `amount` yuan */
  expense: (amount = 100, description = `差旅-${unique()}`) => ({
    expenseType: 'travel',
    amount,
    occurredOn: '2026-11-12',
    description,
  }),
  /** 采购 (parallel 财务/信息部 review, then a 会签 of the leaders) */
  purchase: (amount = 2000) => ({ items: `显示器-${unique()}`, amount, neededBy: '2026-12-30' }),
  /** 发文 (ends in a 或签 of the leaders) */
  document: () => ({ docTitle: `签发-${unique()}`, urgency: '1', content: '正文' }),
};

export function flowClient(ctx: ServerContext) {
  const as = (user: string) => ctx.as(user);
  const detail = async (user: string, id: string) => {
    const answer = await (await as(user)).get<InstanceDetail>(`/api/flow/instances/${id}`);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  /** one page as asked (`query` without the leading ?) */
  const page = async (user: string, kind: string, query = '') => {
    const answer = await (await as(user)).get<FlowPage>(`/api/flow/task/${kind}?${query}`);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  return {
    as,
    detail,
    page,
    /** starts (submits) an instance; 200 expected, answers its id */
    async start(user: string, code: string, formData: Record<string, unknown>) {
      const answer = await (
        await as(user)
      ).post<{ id: string; status: string }>('/api/flow/instances', { definitionId: defId(code), formData });
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data.id;
    },
    /** the user's open task on the instance (it must exist) */
    async taskOf(user: string, id: string) {
      const task = (await detail(user, id)).myTaskId;
      expect(task, `${user} has a task on ${id}`).toBeTruthy();
      return task!;
    },
    /** a handler action; the raw answer, so refusals can be checked */
    act: async (user: string, taskId: string, action: string, body: Record<string, unknown> = {}) =>
      (await as(user)).post<{ instanceId: string }>(`/api/flow/tasks/${taskId}/${action}`, body),
    /** a handler action that must succeed */
    async actOk(user: string, taskId: string, action: string, body: Record<string, unknown> = {}) {
      const answer = await (await as(user)).post<{ instanceId: string }>(`/api/flow/tasks/${taskId}/${action}`, body);
      expect(answer.status, answer.body.msg).toBe(200);
      return answer;
    },
    /** the instance's status as its applicant sees it */
    status: async (id: string, applicant = 'zhangsan') => (await detail(applicant, id)).status,
    /** up to 100 rows of a list, with extra query (`&keyword=…`) */
    list: (user: string, kind: string, query = '') => page(user, kind, `pageSize=100${query}`),
    counts: async (user: string) => (await (await as(user)).get<FlowCounts>('/api/flow/counts')).body.data,
    /** the actions of the trace, of one node or all */
    actions: (d: InstanceDetail, nodeName?: string) =>
      d.trace.filter((e) => !nodeName || e.nodeName === nodeName).map((e) => e.action),
  };
}

/**
 * A process of one approval node ('check', 审核 unless `node` names it) handled by the named users, as an admin saves
 * it (POST /api/flow/definitions): `node` adds the node's rules (timeLimit, …), the form is one required 说明.
 */
export function oneNodeDefinition(
  code: string,
  name: string,
  handlerIds: string[],
  node: Record<string, unknown> = {},
) {
  return {
    code,
    category: '行政',
    name,
    formSchema: [{ key: 'note', label: '说明', type: 'text', required: true }],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'check' },
        {
          id: 'check',
          type: 'approval',
          name: '审核',
          assignee: { type: 'users', userIds: handlerIds },
          ...node,
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  };
}
