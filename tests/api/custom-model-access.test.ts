import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/envelope';
import type { CustomListRow, CustomMenuGroup, CustomRecordView } from '../../contract/custom';
import { users } from '../../server/db/schema';
import type { UploadedFile } from '../../contract/files';
import { contract } from '../factories/custom-records';
import { api } from '../factories/test-server';
import { drivers, useServer } from './support/server';

// Who reaches a business model's records: each model's own rules, the reader's scope, and the pop-up page call.
describe.each(drivers)('custom model access on %s', (driver) => {
  const ctx = useServer(driver);

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
