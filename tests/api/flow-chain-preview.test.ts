import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChainPreview } from '../../contract/flow-chain';
import { defId, flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** The start form's 审批流程: what a submit would walk through with the values as they stand, asked before 提交. */
describe.each(drivers)('chain preview on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail } = flowClient(ctx);
  const chain = async (user: string, code: string, formData: Record<string, unknown>) =>
    (await ctx.as(user)).post<ChainPreview>(`/api/flow/definitions/${defId(code)}/chain`, { formData });

  it('a 2-day leave goes to 部门负责人 李四 only; 5 days adds the 或签 of the general managers', async () => {
    const short = await chain('zhangsan', 'leave', forms.leave(2));
    expect(short.status, short.body.msg).toBe(200);
    expect(short.body.data.steps).toEqual([
      { nodeName: '部门负责人审批', signMode: 'any', handlers: ['李四'], chosenLater: false },
    ]);
    const long = await chain('zhangsan', 'leave', forms.leave(5));
    const [head, gm, ...rest] = long.body.data.steps;
    expect(rest).toEqual([]);
    expect(head).toEqual({ nodeName: '部门负责人审批', signMode: 'any', handlers: ['李四'], chosenLater: false });
    expect(gm).toMatchObject({ nodeName: '总经理审批', signMode: 'any', chosenLater: false });
    expect(gm!.handlers).toEqual(expect.arrayContaining(['陈建国', '王强', '张伟']));
  });

  it('an empty form previews the default branch, and the preview matches where the submit goes', async () => {
    const empty = await chain('zhangsan', 'leave', {});
    expect(empty.body.data.steps.map((s) => s.nodeName)).toEqual(['部门负责人审批']);
    const values = forms.leave(5, `链路-${randomUUID().slice(0, 8)}`);
    const previewed = (await chain('zhangsan', 'leave', values)).body.data.steps;
    const id = await start('zhangsan', 'leave', values);
    const submitted = await detail('zhangsan', id);
    expect(submitted.currentHandlers).toEqual(previewed[0]!.handlers);
    expect(submitted.routeAhead).toEqual(previewed.slice(1));
  });

  it('names the handlers for the caller: lisi, who heads his department, goes to the head above', async () => {
    const lisi = (await chain('lisi', 'leave', forms.leave(2))).body.data.steps;
    expect(lisi).toHaveLength(1);
    expect(lisi[0]!.handlers).not.toContain('李四');
  });

  it('refuses a missing definition and a malformed form with Chinese messages, and anonymous callers', async () => {
    const missing = await (
      await ctx.as('zhangsan')
    ).post(`/api/flow/definitions/${randomUUID()}/chain`, { formData: {} });
    expect([missing.status, missing.body.msg]).toEqual([404, '流程不存在或已停用']);
    const bad = await (
      await ctx.as('zhangsan')
    ).post(`/api/flow/definitions/${defId('leave')}/chain`, {
      formData: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const anonymous = await (
      await ctx.as(null)
    ).post(`/api/flow/definitions/${defId('leave')}/chain`, { formData: {} });
    expect(anonymous.status).toBe(401);
  });
});
