import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import type { DefinitionDetail } from '../../contract/flow';
import { defId, flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const OTHER_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** 审批 forms (issue 10 point 9) and the signature a node asks for (point 8): what the server accepts and keeps. */
describe.each(drivers)('审批 forms and signatures on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, detail, taskOf, act, actOk, list } = flowClient(ctx);

  const upload = async (user: string) => {
    const data = new FormData();
    data.append('file', new Blob([`病假条 ${randomUUID()}`]), '病假条.txt');
    const answer = await (await as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data[0]!;
  };
  const startLeave = async (formData: Record<string, unknown>) =>
    (await as('zhangsan')).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { leaveType: '3', reason: `事由-${randomUUID().slice(0, 8)}`, ...formData },
    });

  it('every process that needs papers has an attachment field in its definition', async () => {
    const zhangsan = await as('zhangsan');
    const attachmentsOf = async (code: string) =>
      (await zhangsan.get<DefinitionDetail>(`/api/flow/definitions/${defId(code)}`)).body.data.formSchema
        .filter((f) => f.type === 'attachment')
        .map((f) => f.label);
    expect(await attachmentsOf('leave')).toEqual(['病假证明']);
    expect(await attachmentsOf('seal')).toEqual(['待盖章文件']);
    expect(await attachmentsOf('document')).toEqual(['正文']);
    expect(await attachmentsOf('expense')).toEqual(['票据附件']);
  });

  it("a 病假 needs its sick note, which must be the applicant's own upload", async () => {
    const sick = { leaveType: '2', period: ['2026-11-30', '2026-12-01'], days: 2 };
    const without = await startLeave(sick);
    expect([without.status, without.body.msg]).toEqual([400, '请假类型为病假时请上传病假证明']);
    const foreign = await startLeave({ ...sick, sickNote: [await upload('wangwu')] });
    expect(foreign.status).toBe(403);
    const note = await upload('zhangsan');
    const ok = await startLeave({ ...sick, sickNote: [note] });
    expect(ok.status, ok.body.msg).toBe(200);
    const shown = await detail('lisi', ok.body.data.id);
    expect(shown.formData.sickNote).toEqual([
      expect.objectContaining({ fileName: note.fileName, attachName: '病假条.txt' }),
    ]);
    // other leave types need no note; a draft may keep it for later
    expect((await startLeave({ ...sick, leaveType: '1' })).status).toBe(200);
  });

  it('请假天数 is checked against the dates: working or calendar days, less a half day at each end', async () => {
    // Monday and Tuesday: two days, whichever way they are counted
    const mismatch = await startLeave({ period: ['2026-11-30', '2026-12-01'], days: 5 });
    expect([mismatch.status, mismatch.body.msg]).toEqual([400, '请假天数与请假时间不符：所选时段共2天，其中工作日2天']);
    expect((await startLeave({ period: ['2026-11-30', '2026-12-01'], days: 0.75 })).status).toBe(400);
    // Friday to Monday: 2 working days (事假) or 4 calendar days (婚假, 产假); a half day off either end
    for (const days of [2, 1.5, 4, 3.5])
      expect((await startLeave({ period: ['2026-12-04', '2026-12-07'], days })).status, `${days}天`).toBe(200);
    expect((await startLeave({ period: ['2026-12-04', '2026-12-07'], days: 0.5 })).body.msg).toBe(
      '请假天数与请假时间不符：所选时段共4天，其中工作日2天',
    );
    // a handler who may edit the form is held to the same rule: the returned applicant resubmitting a wrong count
    const id = (await startLeave({ period: ['2026-11-30', '2026-12-01'], days: 2 })).body.data.id;
    await actOk('lisi', await taskOf('lisi', id), 'return', { opinion: '请核对天数', targetNodeId: 'start' });
    const wrong = await act('zhangsan', await taskOf('zhangsan', id), 'approve', { formData: { days: 4 } });
    expect([wrong.status, wrong.body.msg]).toEqual([400, '请假天数与请假时间不符：所选时段共2天，其中工作日2天']);
    expect(
      (
        await act('zhangsan', await taskOf('zhangsan', id), 'approve', {
          formData: { days: 1.5, period: ['2026-11-30', '2026-12-01'] },
        })
      ).status,
    ).toBe(200);
  });

  it("a saved definition's computed and conditional fields must refer to fields of its form", async () => {
    const admin = await as('admin');
    const graph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'dept' },
        {
          id: 'dept',
          type: 'approval',
          name: '部门负责人审批',
          assignee: { type: 'deptHead' },
          needSign: true,
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    };
    const save = (formSchema: unknown[]) =>
      admin.post('/api/flow/definitions', {
        code: 'overtime-forms',
        category: '人事',
        name: '加班',
        formSchema,
        graph,
      });
    const hours = { key: 'hours', label: '加班天数', type: 'number', computed: { kind: 'leaveDays', from: 'period' } };
    expect((await save([hours])).body.msg).toBe('字段「加班天数」须为数字，并按表单中的日期范围计算');
    const proof = {
      key: 'proof',
      label: '证明材料',
      type: 'attachment',
      requiredWhen: { field: 'kind', op: '==', value: '2' },
    };
    expect((await save([proof])).body.msg).toBe('字段「证明材料」的必填条件字段不存在');
    const saved = await save([{ key: 'period', label: '加班日期', type: 'daterange', required: true }, hours]);
    expect(saved.status, saved.body.msg).toBe(200);
  });

  it('a node that asks for a signature refuses a handler without one, and keeps the one signed with in the trace', async () => {
    const start = await (
      await as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('seal'),
      formData: { sealType: 'contract', documentName: `合同-${randomUUID().slice(0, 8)}`, copies: 1, reason: '续签' },
      chosenAssignees: [userId('wangwu')],
    });
    expect(start.status, start.body.msg).toBe(200);
    const id = start.body.data.id;
    // 审核人审批 asks for none
    expect((await detail('wangwu', id)).abilities.needSign).toBe(false);
    await actOk('wangwu', await taskOf('wangwu', id), 'approve', { opinion: '同意' });
    const atOffice = await detail('lisi', id);
    expect(atOffice.abilities.needSign).toBe(true);
    // 同意 here needs the signature, so batch 同意 may not offer the row
    expect((await list('lisi', 'todo')).rows.find((r) => r.instanceId === id)).toMatchObject({ quickApprove: false });
    const lisi = await as('lisi');
    const refused = await act('lisi', atOffice.myTaskId!, 'approve', { opinion: '同意盖章' });
    expect([refused.status, refused.body.msg]).toEqual([400, '该环节需要签名，请先在「我的」中设置签名']);
    expect((await detail('zhangsan', id)).status).toBe('running');

    expect((await lisi.put('/api/my/profile/signature', { image: PNG })).status).toBe(200);
    await actOk('lisi', atOffice.myTaskId!, 'approve', { opinion: '同意盖章' });
    // a later change of signature in 我的 does not change what was signed
    expect((await lisi.put('/api/my/profile/signature', { image: OTHER_PNG })).status).toBe(200);
    const done = await detail('zhangsan', id);
    expect(done.status).toBe('approved');
    const signed = done.trace.find((e) => e.nodeName === '综合管理部盖章' && e.action === 'approve');
    expect(signed?.actorSignImg).toBe(PNG);
    expect((await lisi.put('/api/my/profile/signature', { image: null })).status).toBe(200);
    expect((await detail('zhangsan', id)).trace.find((e) => e.id === signed!.id)?.actorSignImg).toBe(PNG);
  });
});
