import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defId, flowClient, forms, type FlowPage } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 404s, validation 400s that change nothing, Idempotency-Key replays and keyword search. */
describe.each(drivers)('flow requests on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail, taskOf, list, counts } = flowClient(ctx);

  it('answers 404 for unknown instances, tasks, reads, definitions and lists', async () => {
    const zhangsan = await as('zhangsan');
    const ghost = randomUUID();
    expect(await zhangsan.get(`/api/flow/instances/${ghost}`).then((r) => [r.status, r.body.msg])).toEqual([
      404,
      '流程不存在',
    ]);
    expect(
      await zhangsan.post(`/api/flow/tasks/${ghost}/approve`, { opinion: '同意' }).then((r) => [r.status, r.body.msg]),
    ).toEqual([404, '待办不存在']);
    expect((await zhangsan.post(`/api/flow/tasks/${ghost}/reject`, { opinion: '不同意' })).status).toBe(404);
    expect((await zhangsan.post(`/api/flow/instances/${ghost}/withdraw`)).status).toBe(404);
    expect((await zhangsan.post(`/api/flow/instances/${ghost}/urge`, { channels: ['app'] })).status).toBe(404);
    expect(await zhangsan.post(`/api/flow/reads/${ghost}/read`).then((r) => [r.status, r.body.msg])).toEqual([
      404,
      '待阅不存在',
    ]);
    expect((await zhangsan.get(`/api/flow/definitions/${ghost}`)).status).toBe(404);
    expect(await zhangsan.get('/api/flow/task/nope').then((r) => [r.status, r.body.msg])).toEqual([404, '列表不存在']);
    const noDef = await zhangsan.post('/api/flow/instances', { definitionId: ghost, formData: forms.leave() });
    expect([noDef.status, noDef.body.msg]).toEqual([404, '流程不存在或已停用']);
  });

  it('refuses bad bodies with a Chinese 400 and changes nothing', async () => {
    const zhangsan = await as('zhangsan');
    const mineBefore = (await list('zhangsan', 'mine')).total;
    const todoBefore = (await counts('lisi')).todo;
    const cases: [unknown, string | RegExp][] = [
      [{ formData: forms.leave() }, /[\u4e00-\u9fa5]/],
      [{ definitionId: 'not-a-uuid', formData: forms.leave() }, 'ID格式不正确'],
      [{ definitionId: defId('leave') }, /[\u4e00-\u9fa5]/],
      [{ definitionId: defId('leave'), formData: { ...forms.leave(), days: undefined } }, '请填写请假天数'],
      [{ definitionId: defId('leave'), formData: { ...forms.leave(), days: 'x' } }, '请假天数必须是数字'],
      [{ definitionId: defId('leave'), formData: { ...forms.leave(), days: 400 } }, '请假天数不能大于365'],
      [
        { definitionId: defId('leave'), formData: { ...forms.leave(), period: ['2026-12-05', '2026-12-01'] } },
        '请假时间结束日期不能早于开始日期',
      ],
      [
        { definitionId: defId('leave'), formData: { ...forms.leave(), reason: '长'.repeat(501) } },
        '请假事由不能超过500字',
      ],
      [
        {
          definitionId: defId('seal'),
          formData: { sealType: 'bogus', documentName: '合同', copies: 1, reason: '盖章' },
        },
        '印章类型选项无效',
      ],
      [
        {
          definitionId: defId('expense'),
          formData: { expenseType: 'travel', amount: 1, occurredOn: '2026/11/12', description: 'x' },
        },
        '发生日期日期格式不正确',
      ],
      [
        {
          definitionId: defId('seal'),
          formData: { sealType: 'official', documentName: '合同', copies: 1, reason: '盖章' },
        },
        '请选择「审核人审批」的处理人',
      ],
    ];
    for (const [body, msg] of cases) {
      const answer = await zhangsan.post('/api/flow/instances', body as Record<string, unknown>);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
      else expect(answer.body.msg).toMatch(msg);
    }
    expect((await zhangsan.post('/api/flow/instances', 'not json')).status).toBe(400);
    expect((await zhangsan.get('/api/flow/instances/not-a-uuid')).body.msg).toBe('流程ID格式不正确');
    expect((await zhangsan.post('/api/flow/tasks/not-a-uuid/approve', {})).body.msg).toBe('待办ID格式不正确');
    expect((await list('zhangsan', 'mine')).total).toBe(mineBefore);
    expect((await counts('lisi')).todo).toBe(todoBefore);
  });

  it('drops unknown form keys on start', async () => {
    const id = await start('zhangsan', 'leave', { ...forms.leave(), status: 'approved', injected: '<script>' });
    const d = await detail('zhangsan', id);
    expect(Object.keys(d.formData).sort()).toEqual(['days', 'leaveType', 'period', 'reason']);
    expect(d.status).toBe('running');
  });

  it('an approve replayed with the same Idempotency-Key gives the same answer and one effect', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const task = await taskOf('lisi', id);
    const lisi = await as('lisi');
    const key = `flow-approve-${randomUUID()}`;
    const first = await lisi.post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' }, { 'Idempotency-Key': key });
    const second = await lisi.post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' }, { 'Idempotency-Key': key });
    expect(first.status, first.body.msg).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const d = await detail('zhangsan', id);
    expect(d.status).toBe('approved');
    expect(d.trace.filter((e) => e.action === 'approve')).toHaveLength(1);
    // xuli gets exactly one copy
    expect((await list('xuli', 'unread')).rows.filter((r) => r.instanceId === id)).toHaveLength(1);
    // without the key, the repeat is a conflict
    expect((await lisi.post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' })).status).toBe(409);
  });

  it('searches by a two-character keyword, a one-character keyword and by category', async () => {
    const leaveId = await start('zhangsan', 'leave', forms.leave());
    const expenseId = await start('zhangsan', 'expense', {
      expenseType: 'travel',
      amount: 66,
      occurredOn: '2026-11-12',
      description: '午餐',
    });
    const byLeave = await list('zhangsan', 'search', `&keyword=${encodeURIComponent('请假')}`);
    expect(byLeave.rows.some((r) => r.instanceId === leaveId)).toBe(true);
    expect(byLeave.rows.some((r) => r.instanceId === expenseId)).toBe(false);
    expect(byLeave.rows.every((r) => r.definitionName === '请假' || r.title.includes('请假'))).toBe(true);
    expect(byLeave.total).toBe(byLeave.rows.length);
    const byZhang = await list('zhangsan', 'search', `&keyword=${encodeURIComponent('张')}`);
    expect(byZhang.rows.some((r) => r.instanceId === leaveId)).toBe(true);
    expect(byZhang.rows.some((r) => r.instanceId === expenseId)).toBe(true);
    const byCategory = await list('zhangsan', 'search', `&category=${encodeURIComponent('人事')}`);
    expect(byCategory.rows.length).toBeGreaterThan(0);
    expect(byCategory.rows.every((r) => r.category === '人事')).toBe(true);
    expect(byCategory.rows.some((r) => r.instanceId === leaveId)).toBe(true);
    const finance = await list(
      'zhangsan',
      'search',
      `&category=${encodeURIComponent('财务')}&keyword=${encodeURIComponent('报销')}`,
    );
    expect(finance.rows.some((r) => r.instanceId === expenseId)).toBe(true);
    expect(finance.rows.every((r) => r.category === '财务')).toBe(true);
    const none = await list('zhangsan', 'search', `&keyword=${encodeURIComponent('不存在的关键字')}`);
    expect(none).toEqual({ rows: [], total: 0 });
    // the handler finds it in his 待办 by keyword too, an outsider does not find it at all
    expect(
      (await list('lisi', 'todo', `&keyword=${encodeURIComponent('请假')}`)).rows.some((r) => r.instanceId === leaveId),
    ).toBe(true);
    expect(
      (await list('wangwu', 'search', `&keyword=${encodeURIComponent('张三')}`)).rows.some(
        (r) => r.instanceId === leaveId,
      ),
    ).toBe(false);
    // LIKE wildcards are literal
    expect((await list('zhangsan', 'search', `&keyword=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('searches inside the form: the label of the chosen option (病假) and words of the reason (发烧), 1 and 2 characters', async () => {
    const marker = randomUUID().slice(0, 8);
    // a 病假 carries its sick note (an upload of the applicant's own)
    const upload = new FormData();
    upload.append('file', new Blob(['诊断证明']), '诊断证明.txt');
    const sickNote = (
      await (
        await as('zhangsan')
      ).post<{ fileName: string; attachName: string }[]>('/api/form/common/file/upload', upload)
    ).body.data;
    const sick = await start('zhangsan', 'leave', {
      leaveType: '2',
      period: ['2026-12-07', '2026-12-08'],
      days: 2,
      reason: `发烧需要休息 ${marker}`,
      sickNote,
    });
    const annual = await start('zhangsan', 'leave', forms.leave(2, `年底休假 ${marker}`));
    const ids = (page: FlowPage) => page.rows.map((r) => r.instanceId);
    const search = (user: string, kind: string, keyword: string) =>
      list(user, kind, `&keyword=${encodeURIComponent(keyword)}`);

    const bySick = await search('zhangsan', 'search', '病假');
    expect(ids(bySick)).toContain(sick);
    expect(ids(bySick)).not.toContain(annual); // 年假's code is in its form, not 病假
    expect(ids(await search('zhangsan', 'search', '发烧'))).toContain(sick);
    expect(ids(await search('zhangsan', 'search', '烧'))).toContain(sick);
    expect(ids(await search('zhangsan', 'mine', '发烧'))).toEqual(expect.arrayContaining([sick]));
    expect(ids(await search('zhangsan', 'mine', '发烧'))).not.toContain(annual);
    // the approver finds it in 待办 by what the applicant wrote
    const todo = await search('lisi', 'todo', '发烧');
    expect(ids(todo)).toContain(sick);
    expect(todo.total).toBe(todo.rows.length);
    // both by the marker inside the reason; grams of a field's key (reason) are not content
    expect(ids(await search('zhangsan', 'search', marker)).sort()).toEqual([sick, annual].sort());
    expect(ids(await search('zhangsan', 'search', 'reason'))).not.toContain(sick);
    // an outsider does not find it by its content either
    expect((await search('wangwu', 'search', '发烧')).rows.some((r) => r.instanceId === sick)).toBe(false);
  });
});
