import { describe, expect, it } from 'vitest';
import type { DefinitionDetail } from '../../contract/flow';
import { defId, flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 抄送人 named on the start form, where the definition allows it: copied (待阅) when the request is submitted. */
describe.each(drivers)('抄送人 at 提交 on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, detail, list } = flowClient(ctx);
  const submit = async (code: string, formData: Record<string, unknown>, ccUserIds: unknown, draft = false) =>
    (await as('zhangsan')).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId(code),
      formData,
      ccUserIds,
      draft,
    });

  it('a 请假 submitted with 王五 and 赵六 as 抄送人 is in their 待阅, and the trace names them', async () => {
    const definition = await (await as('zhangsan')).get<DefinitionDetail>(`/api/flow/definitions/${defId('leave')}`);
    expect(definition.body.data.applicantCc).toBe(true);
    const sent = await submit('leave', forms.leave(2), [userId('wangwu'), userId('zhaoliu')]);
    expect(sent.status, sent.body.msg).toBe(200);
    const id = sent.body.data.id;
    for (const user of ['wangwu', 'zhaoliu'])
      expect((await list(user, 'unread')).rows.some((r) => r.instanceId === id)).toBe(true);
    const copied = (await detail('zhangsan', id)).trace.find((e) => e.action === 'copy');
    expect([copied?.actorName, copied?.opinion]).toEqual(['张三', '抄送：王五、赵六']);
  });

  it('a definition that does not allow it refuses 抄送人 and starts nothing; bad ids are refused in Chinese', async () => {
    const expense = await (await as('zhangsan')).get<DefinitionDetail>(`/api/flow/definitions/${defId('expense')}`);
    expect(expense.body.data.applicantCc).toBe(false);
    const before = (await list('zhangsan', 'mine')).total;
    const refused = await submit('expense', forms.expense(50), [userId('wangwu')]);
    expect([refused.status, refused.body.msg]).toEqual([400, '该流程不支持发起人添加抄送人']);
    expect((await list('zhangsan', 'mine')).total).toBe(before);
    const badId = await submit('leave', forms.leave(1), ['not-an-id']);
    expect([badId.status, badId.body.msg]).toEqual([400, 'ID格式不正确']);
    const tooMany = await submit(
      'leave',
      forms.leave(1),
      Array.from({ length: 21 }, () => userId('wangwu')),
    );
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, '抄送人员最多20人']);
    expect((await list('zhangsan', 'mine')).total).toBe(before);
  });
});
