/** Drives the 审批 module over HTTP as demo users: the one set of helpers every tests/api/flow-*.test.ts uses. */
import { expect } from 'vitest';
import type { FlowCounts, FlowListRow, InstanceDetail } from '../../contract/flow';
import { demoId } from '../../server/db/seed/demo-ids';
import type { ServerContext } from '../api/support/server';

export type FlowPage = { rows: FlowListRow[]; total: number };

/** The id of a seeded definition (leave, expense, seal, …). */
export const defId = (code: string) => demoId(`flow:${code}`);
/** The id of a demo user. */
export const userId = (username: string) => demoId(`user:${username}`);

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
      const answer = await (await as(user)).post<{ id: string; status: string }>('/api/flow/instances', { definitionId: defId(code), formData });
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
    /** up to 100 rows of a list, with extra query (`&keyword=…`) */
    list: (user: string, kind: string, query = '') => page(user, kind, `pageSize=100${query}`),
    counts: async (user: string) => (await (await as(user)).get<FlowCounts>('/api/flow/counts')).body.data,
    /** the actions of the trace, of one node or all */
    actions: (d: InstanceDetail, nodeName?: string) => d.trace.filter((e) => !nodeName || e.nodeName === nodeName).map((e) => e.action),
  };
}
