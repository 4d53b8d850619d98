import { describe, expect, it } from 'vitest';
import { defId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Drafts obey the submission's sizes and types, only not required-ness, and a user keeps a bounded number (issue 11 point 6). */
describe.each(drivers)('flow drafts on %s', (driver) => {
  const ctx = useServer(driver);
  const saveDraft = async (user: string, formData: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (await ctx.as(user)).post<{ id: string; serial: string }>('/api/flow/instances', {
      definitionId: defId('trip'),
      formData,
      draft: true,
      ...extra,
    });

  it('may leave required fields empty', async () => {
    const answer = await saveDraft('zhangsan', { destination: '上海' });
    expect(answer.status, answer.body.msg).toBe(200);
  });

  it('gets the same size and type limits as a submission', async () => {
    const long = await saveDraft('zhangsan', { reason: '长'.repeat(300_000) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('出差事由不能超过500字');
    const wrongType = await saveDraft('zhangsan', { budget: '很多' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toBe('预计费用必须是数字');
    const badDate = await saveDraft('zhangsan', { period: ['2026-12-05', '2026-12-01'] });
    expect(badDate.status).toBe(400);
    const people = await saveDraft('zhangsan', { companions: [{ nested: { deeper: [1, 2, 3] } }] });
    expect(people.status).toBe(400);
  });

  it('keeps the limits when a draft is saved again', async () => {
    const first = await saveDraft('zhangsan', { destination: '杭州' });
    const again = await saveDraft('zhangsan', { reason: 'x'.repeat(501) }, { draftId: first.body.data.id });
    expect(again.status).toBe(400);
  });

  it('bounds the drafts a user keeps, with a clear message', async () => {
    const statuses: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => saveDraft('zhoujie', { destination: '广州' })),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const over = await saveDraft('zhoujie', { destination: '深圳' });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe('草稿最多保存100份，请先提交已有的草稿');
    // another user is not affected
    expect((await saveDraft('zhaoliu', { destination: '深圳' })).status).toBe(200);
    // 101 writes, 20 at a time: past the 30 s default on a busy two-core machine
  }, 120_000);

  it('keeps the version a draft was started on when a new version is saved (issue 11 point 11)', async () => {
    const code = `overtime-draft-${driver}`;
    const definition = (hoursMax: number) => ({
      code,
      category: '人事',
      name: '加班',
      formSchema: [{ key: 'hours', label: '加班时长', type: 'number', required: true, min: 0.5, max: hoursMax }],
      graph: {
        nodes: [
          { id: 'start', type: 'start', name: '发起', next: 'dept' },
          { id: 'dept', type: 'approval', name: '部门负责人审批', assignee: { type: 'deptHead' }, next: 'end' },
          { id: 'end', type: 'end', name: '结束' },
        ],
      },
    });
    const admin = await ctx.as('admin');
    const v1 = (await admin.post<{ id: string }>('/api/flow/definitions', definition(24))).body.data.id;
    const zhangsan = await ctx.as('zhangsan');
    const draft = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: v1,
      formData: { hours: 2 },
      draft: true,
    });
    expect(draft.status, draft.body.msg).toBe(200);
    const v2 = (await admin.post<{ id: string }>('/api/flow/definitions', definition(12))).body.data.id;
    // the client sends the version it now shows (v2): the draft is still submitted on its own (v1)
    const submitted = await zhangsan.post<{ id: string; status: string }>('/api/flow/instances', {
      definitionId: v2,
      draftId: draft.body.data.id,
      formData: { hours: 2 },
    });
    expect([submitted.status, submitted.body.msg]).toEqual([200, '提交成功']);
    expect(submitted.body.data).toMatchObject({ id: draft.body.data.id, status: 'running' });
    const other = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: v1,
      formData: { hours: 2 },
      draft: true,
    });
    expect(other.status).toBe(404); // a new start takes the current version only
    const second = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: v2,
      formData: { hours: 3 },
      draft: true,
    });
    const mismatched = await zhangsan.post('/api/flow/instances', {
      definitionId: defId('trip'),
      draftId: second.body.data.id,
      formData: { hours: 3 },
    });
    expect(mismatched.status).toBe(400);
  });
});
