import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/envelope';
import type { CustomListRow, CustomMenuGroup, CustomModelView, CustomRecordView } from '../../contract/custom';
import { customModels, users } from '../../server/db/schema';
import type { UploadedFile } from '../../contract/files';
import { api } from '../factories/test-server';
import { drivers, useServer } from './support/server';

const contract = (overrides: Record<string, unknown> = {}) => ({
  contractNo: 'HT-2026-101',
  name: '测试采购合同',
  partyB: '测试供应商有限公司',
  category: 'purchase',
  amount: 1234.5,
  signDate: '2026-06-01',
  ...overrides,
});

describe.each(drivers)('custom business models on %s', (driver) => {
  const ctx = useServer(driver);

  it('shows each user the menu of models they may read, by group, and the form with dictionary options', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const menu = (await zhangsan.get<CustomMenuGroup[]>('/api/custom/models')).body.data;
    const codes = menu.flatMap((g) => g.models.map((m) => m.code));
    expect(codes).toEqual(['vehicle', 'contract']);
    expect(menu[0]).toMatchObject({ group: '行政管理' });
    // zhangsan reads only his own contracts: the count says so
    expect(menu[0]!.models.find((m) => m.code === 'contract')!.total).toBe(2);
    const hr = (await (await ctx.as('xuli')).get<CustomMenuGroup[]>('/api/custom/models')).body.data;
    expect(hr.flatMap((g) => g.models.map((m) => m.code))).toContain('joinus');

    const model = (await zhangsan.get<CustomModelView>('/api/custom/models/vehicle')).body.data;
    expect(model.abilities.create).toBe(false);
    const type = model.fields.find((f) => f.key === 'vehicleType')!;
    expect(type).toMatchObject({ type: 'select', label: '车辆类型' });
    expect(type.options).toContainEqual({ label: '轿车', value: 'sedan' });
    expect(model.filters.map((f) => f.key)).toEqual(['vehicleType', 'status']);
  });

  it('lists records with keyword search and dictionary filters, scoped to what the reader may see', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const all = (await zhangsan.get<Page<CustomListRow>>('/api/custom/models/vehicle/records')).body.data;
    expect(all.total).toBe(4);
    expect(all.rows[0]!.columns.map((c) => c.label)).toEqual(['品牌型号', '车辆类型', '车辆状态']);
    const found = (
      await zhangsan.get<Page<CustomListRow>>(
        `/api/custom/models/vehicle/records?keyword=${encodeURIComponent('别克')}`,
      )
    ).body.data;
    expect(found.rows.map((r) => r.title)).toEqual(['京B66881']);
    const repair = (await zhangsan.get<Page<CustomListRow>>('/api/custom/models/vehicle/records?status=repair')).body
      .data;
    expect(repair.rows.map((r) => r.title)).toEqual(['京C90210']);
    expect(repair.rows[0]!.columns).toContainEqual({ label: '车辆状态', text: '维修中' });

    const own = (await zhangsan.get<Page<CustomListRow>>('/api/custom/models/contract/records')).body.data;
    expect(own.rows.map((r) => r.title).sort()).toEqual(['办公楼物业服务合同', '办公用品年度采购合同']);
    // the head of 综合管理部 reads its contracts (zhangsan's two and his own), not 财务部's
    const manager = (await (await ctx.as('lisi')).get<Page<CustomListRow>>('/api/custom/models/contract/records')).body
      .data;
    expect(manager.total).toBe(3);
    expect(manager.rows.map((r) => r.title)).not.toContain('数据中心机柜租赁合同');
  });

  it('validates records against the model on the server: required, types, ranges, patterns, dictionary items, users', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const create = (values: Record<string, unknown>) =>
      zhangsan.post('/api/custom/models/contract/records', { values });
    const cases: [Record<string, unknown>, string][] = [
      [contract({ name: '' }), '请填写合同名称'],
      [contract({ contractNo: '2026-1' }), '合同编号格式为 HT-年份-序号，例如：HT-2026-001'],
      [contract({ amount: 'abc' }), '合同金额必须是数字'],
      [contract({ amount: -1 }), '合同金额不能小于0'],
      [contract({ amount: 1.234 }), '合同金额最多两位小数'],
      [contract({ signDate: '2026/06/01' }), '签订日期日期格式不正确'],
      [contract({ category: 'nonsense' }), '合同类别选项无效'],
      [contract({ name: '合' }), '合同名称不能少于2字'],
      [contract({ handler: ['00000000-0000-4000-8000-000000000000'] }), '经办人中有不存在的人员'],
      [contract({ scan: [{ fileName: '00000000-0000-4000-8000-000000000000', attachName: 'x.pdf' }] }), '附件不存在'],
    ];
    for (const [values, msg] of cases) {
      const answer = await create(values);
      expect([answer.status, answer.body.msg]).toEqual([400, msg]);
    }
    const notAnObject = await zhangsan.post('/api/custom/models/contract/records', { values: 'x' });
    expect(notAnObject.status).toBe(400);

    const created = await create({ ...contract(), smuggled: 'kept out' });
    expect([created.status, created.body.msg]).toEqual([200, '保存成功']);
    const id = (created.body.data as { id: string }).id;
    const view = (await zhangsan.get<CustomRecordView>(`/api/custom/records/${id}`)).body.data;
    expect(view.values).toEqual(contract());
    expect(view).toMatchObject({ title: '测试采购合同', creatorName: '张三', abilities: { edit: true, delete: true } });
  });

  it("enforces each model's read, create, edit and delete rules", async () => {
    const zhangsan = await ctx.as('zhangsan');
    const lisi = await ctx.as('lisi');
    const vehicle = { plateNo: '京E77777', brand: '比亚迪汉', vehicleType: 'sedan', status: 'idle' };
    const refused = await zhangsan.post('/api/custom/models/vehicle/records', { values: vehicle });
    expect([refused.status, refused.body.msg]).toEqual([403, '无权新增该业务数据']);
    const made = await lisi.post<{ id: string }>('/api/custom/models/vehicle/records', { values: vehicle });
    expect(made.status).toBe(200);
    const noEdit = await zhangsan.put(`/api/custom/records/${made.body.data.id}`, {
      values: { ...vehicle, status: 'inuse' },
    });
    expect([noEdit.status, noEdit.body.msg]).toEqual([403, '无权修改该记录']);
    const noDelete = await lisi.delete(`/api/custom/records/${made.body.data.id}`);
    expect([noDelete.status, noDelete.body.msg]).toEqual([403, '无权删除该记录']);
    expect((await (await ctx.as('admin')).delete(`/api/custom/records/${made.body.data.id}`)).status).toBe(200);
    expect((await lisi.get(`/api/custom/records/${made.body.data.id}`)).status).toBe(404);

    // someone else's contract is invisible to staff, readable (not editable) by a manager
    const mine = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/custom/models/contract/records', { values: contract({ contractNo: 'HT-2026-201' }) });
    const other = `/api/custom/records/${mine.body.data.id}`;
    // a record one may not see answers as a missing one does, on every verb
    expect([(await zhangsan.get(other)).status, (await zhangsan.get(other)).body.msg]).toEqual([404, '记录不存在']);
    expect((await zhangsan.put(other, { values: contract() })).status).toBe(404);
    expect((await zhangsan.delete(other)).status).toBe(404);
    const managerView = await lisi.get<CustomRecordView>(other);
    expect(managerView.body.data.abilities).toEqual({ edit: false, delete: false });
    expect((await lisi.put(other, { values: contract() })).status).toBe(403);

    // 招聘报名 is HR's alone
    for (const path of ['/api/custom/models/joinus', '/api/custom/models/joinus/records'])
      expect((await zhangsan.get(path)).status).toBe(403);
    expect(
      (await (await ctx.as('xuli')).get<Page<CustomListRow>>('/api/custom/models/joinus/records')).body.data.total,
    ).toBeGreaterThanOrEqual(2);
    expect((await (await ctx.as('xuli')).post('/api/custom/models/joinus/records', { values: {} })).status).toBe(403);

    expect((await api(ctx.server.baseUrl).get('/api/custom/models')).status).toBe(401);
    expect(
      (await api(ctx.server.baseUrl).post('/api/custom/models/contract/records', { values: contract() })).status,
    ).toBe(401);
    expect((await zhangsan.get('/api/custom/models/nothing')).status).toBe(404);
    expect((await zhangsan.get('/api/custom/records/not-a-uuid')).status).toBe(400);
  });

  it("reaches a contract only in its reader's scope: the owner, their department head and admin; no other company's head", async () => {
    const zhangsan = await ctx.as('zhangsan');
    const data = new FormData();
    data.append('file', new Blob(['扫描件内容']), '合同扫描件.pdf');
    const scan = (await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', data)).body.data[0]!;
    const made = await zhangsan.post<{ id: string }>('/api/custom/models/contract/records', {
      values: contract({ contractNo: 'HT-2026-401', name: '保密咨询服务合同', scan: [scan] }),
    });
    expect(made.status, made.body.msg).toBe(200);
    const path = `/api/custom/records/${made.body.data.id}`;
    const download = async (user: string) =>
      (
        await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${scan.fileName}`, {
          headers: { uid: await ctx.uidOf(user) },
        })
      ).status;
    const titles = async (user: string, query = '') =>
      (
        await (await ctx.as(user)).get<Page<CustomListRow>>(`/api/custom/models/contract/records${query}`)
      ).body.data.rows.map((r) => r.title);
    const menuTotal = async (user: string) =>
      (await (await ctx.as(user)).get<CustomMenuGroup[]>('/api/custom/models')).body.data
        .flatMap((g) => g.models)
        .find((m) => m.code === 'contract')?.total;

    // 马骏 heads 研发中心 of 华晟科技, another company: none of the contracts, by list, search, count, detail, scan or write
    const majun = await ctx.as('majun');
    expect(await titles('majun')).toEqual([]);
    expect(await titles('majun', `?keyword=${encodeURIComponent('保密')}`)).toEqual([]);
    expect(await menuTotal('majun')).toBe(0);
    expect([(await majun.get(path)).status, (await majun.get(path)).body.msg]).toEqual([404, '记录不存在']);
    expect((await majun.put(path, { values: contract({ contractNo: 'HT-2026-401' }) })).status).toBe(404);
    expect((await majun.delete(path)).status).toBe(404);
    expect(await download('majun')).toBe(404);
    const seeded = (await (await ctx.as('lisi')).get<Page<CustomListRow>>('/api/custom/models/contract/records')).body
      .data.rows[0]!;
    expect((await majun.get(`/api/custom/records/${seeded.id}`)).status).toBe(404);
    // 杨帆 heads 财务部 of the same company: not 综合管理部's contracts either
    expect(await titles('yangfan')).toEqual(['数据中心机柜租赁合同']);
    expect((await (await ctx.as('yangfan')).get(path)).status).toBe(404);
    expect(await download('yangfan')).toBe(404);

    // the right people still reach it
    for (const user of ['zhangsan', 'lisi', 'admin']) {
      expect(await titles(user, `?keyword=${encodeURIComponent('保密')}`), user).toEqual(['保密咨询服务合同']);
      expect((await (await ctx.as(user)).get<CustomRecordView>(path)).body.data.title, user).toBe('保密咨询服务合同');
      expect(await download(user), user).toBe(200);
    }
    const lisiList = (await (await ctx.as('lisi')).get<Page<CustomListRow>>('/api/custom/models/contract/records')).body
      .data;
    expect(await menuTotal('lisi')).toBe(lisiList.total);
  });

  it('edits with the version it read, and refuses a stale version with 409', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const { body } = await zhangsan.post<{ id: string }>('/api/custom/models/contract/records', {
      values: contract({ contractNo: 'HT-2026-301' }),
    });
    const path = `/api/custom/records/${body.data.id}`;
    const first = await zhangsan.put(path, {
      values: contract({ contractNo: 'HT-2026-301', remark: '第一次修改' }),
      version: 0,
    });
    expect([first.status, first.body.msg]).toEqual([200, '保存成功']);
    const stale = await zhangsan.put(path, {
      values: contract({ contractNo: 'HT-2026-301', remark: '过时的修改' }),
      version: 0,
    });
    expect([stale.status, stale.body.msg]).toEqual([409, '该记录已被他人修改，请刷新后重试']);
    const view = (await zhangsan.get<CustomRecordView>(path)).body.data;
    expect([view.values.remark, view.version]).toEqual(['第一次修改', 1]);
  });

  it('keeps stored records readable after a model change, and lets admins alone change models', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const admin = await ctx.as('admin');
    const { body } = await zhangsan.post<{ id: string }>('/api/custom/models/contract/records', {
      values: contract({ contractNo: 'HT-2026-401', remark: '将被移除的字段' }),
    });
    const [row] = await ctx.server.database.db.select().from(customModels).where(eq(customModels.code, 'contract'));
    const changed = {
      code: 'contract',
      name: row!.name,
      groupName: row!.groupName,
      access: row!.access,
      listColumns: row!.listColumns,
      searchFields: row!.searchFields,
      filterFields: row!.filterFields,
      // amount becomes a dictionary, a new required field arrives, remark goes away
      fields: [
        ...row!.fields.filter((f) => f.key !== 'remark' && f.key !== 'amount'),
        { key: 'amount', label: '合同金额', type: 'dictionary', dict: 'urgency' },
        { key: 'owner', label: '归口部门', type: 'text', required: true },
      ],
    };
    expect((await zhangsan.post('/api/custom/models', changed)).status).toBe(403);
    const badModel = await admin.post('/api/custom/models', { ...changed, listColumns: ['nope'] });
    expect([badModel.status, badModel.body.msg]).toEqual([400, '列表字段不存在：nope']);
    const badDict = await admin.post('/api/custom/models', {
      ...changed,
      fields: [...changed.fields, { key: 'x', label: '未知', type: 'dictionary', dict: 'no_such' }],
    });
    expect([badDict.status, badDict.body.msg]).toEqual([400, '未知的字典不存在：no_such']);
    expect((await admin.post('/api/custom/models', changed)).status).toBe(200);

    const view = await zhangsan.get<CustomRecordView>(`/api/custom/records/${body.data.id}`);
    expect(view.status).toBe(200);
    expect(view.body.data.values).toMatchObject({ amount: 1234.5, name: '测试采购合同' });
    expect(view.body.data.values).not.toHaveProperty('remark');
    expect((await zhangsan.get('/api/custom/models/contract/records')).status).toBe(200);
    // saving now needs the new field; the removed field's value stays stored and returns with the field
    const missing = await zhangsan.put(`/api/custom/records/${body.data.id}`, {
      values: { ...contract({ contractNo: 'HT-2026-401' }), amount: '1' },
    });
    expect([missing.status, missing.body.msg]).toEqual([400, '请填写归口部门']);
    const saved = await zhangsan.put(`/api/custom/records/${body.data.id}`, {
      values: { ...contract({ contractNo: 'HT-2026-401' }), amount: '1', owner: '综合管理部' },
    });
    expect(saved.status).toBe(200);
    expect(
      (
        await admin.post('/api/custom/models', {
          ...changed,
          fields: [...changed.fields, { key: 'remark', label: '备注', type: 'textarea' }],
        })
      ).status,
    ).toBe(200);
    const back = (await zhangsan.get<CustomRecordView>(`/api/custom/records/${body.data.id}`)).body.data;
    expect(back.values).toMatchObject({ remark: '将被移除的字段', owner: '综合管理部', amount: '1' });
  });

  it('serves records through the pop-up page call under the same read rule', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const list = (await zhangsan.get<Page<CustomListRow>>('/api/custom/models/vehicle/records')).body.data;
    const pop = await zhangsan.post<CustomRecordView>('/api/form/poppage/getDataById', {
      code: 'custom',
      id: list.rows[0]!.id,
    });
    expect(pop.status).toBe(200);
    expect(pop.body.data.modelCode).toBe('vehicle');
    const hrList = (await (await ctx.as('xuli')).get<Page<CustomListRow>>('/api/custom/models/joinus/records')).body
      .data;
    const hidden = await zhangsan.post('/api/form/poppage/getDataById', { code: 'custom', id: hrList.rows[0]!.id });
    expect([hidden.status, hidden.body.msg]).toEqual([404, '记录不存在']);
    const missing = await zhangsan.post('/api/form/poppage/getDataById', {
      code: 'custom',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect([missing.status, missing.body.msg]).toEqual([404, '记录不存在']);
  });
});

describe('pop-up pages follow the org-visibility rule (ORG_VISIBILITY=company)', () => {
  const ctx = useServer('pglite', { env: { ORG_VISIBILITY: 'company' } });

  it("answers 404 for a user or an org outside the caller's company, and the record for one inside", async () => {
    const zhangsan = await ctx.as('zhangsan');
    const pop = (code: string, id: string) => zhangsan.post('/api/form/poppage/getDataById', { code, id });
    const { db } = ctx.server.database;
    const idOf = async (username: string) =>
      (await db.select({ id: users.id, orgId: users.orgId }).from(users).where(eq(users.username, username)))[0]!;
    const colleague = await idOf('lisi');
    const outsider = await idOf('wangqiang');
    expect((await pop('user', colleague.id)).status).toBe(200);
    expect((await pop('org', colleague.orgId)).status).toBe(200);
    expect([(await pop('user', outsider.id)).status, (await pop('user', outsider.id)).body.msg]).toEqual([
      404,
      '数据不存在',
    ]);
    expect((await pop('org', outsider.orgId)).status).toBe(404);
    expect(
      (await (await ctx.as('admin')).post('/api/form/poppage/getDataById', { code: 'user', id: outsider.id })).status,
    ).toBe(200);
  });
});
