import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/envelope';
import type { CustomListRow, CustomMenuGroup, CustomModelView, CustomRecordView } from '../../contract/custom';
import { customModels } from '../../server/db/schema';
import { contract } from '../factories/custom-records';
import { drivers, useServer } from './support/server';

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
});
