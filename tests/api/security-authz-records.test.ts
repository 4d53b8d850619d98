import { randomUUID } from 'node:crypto';
import { meetingLists } from '../../contract/meeting';
import { describe, expect, it } from 'vitest';
import { at, deptOf, roomOf, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';
import { expectRefused } from './support/authz';

/*
 * The per-record rules of the 通讯录, 业务建模 and 会议 modules: another staff member gets 403/404
 * on a record that is not theirs and changes nothing (the sweeps over every module route are in
 * security-authz-modules.test.ts).
 */

describe.each(drivers)('通讯录, 业务建模 and 会议 kept to their people on %s', (driver) => {
  const ctx = useServer(driver);

  it('keeps 通讯录 groups, personal contacts and favourites to their owner', async () => {
    const owner = await ctx.as('zhangsan');
    const outsider = await ctx.as('wangwu');
    const group = await owner.post<{ id: string }>('/api/contacts/groups', {
      name: '私人群组',
      memberIds: [userId('lisi')],
    });
    expect(group.status, group.body.msg).toBe(200);
    const g = `/api/contacts/groups/${group.body.data.id}`;
    await expectRefused(
      outsider,
      [
        ['GET', g],
        ['PUT', g, { name: '被改名' }],
        ['DELETE', g],
        ['POST', `${g}/members`, { userIds: [userId('wangwu')] }],
        ['DELETE', `${g}/members/${userId('lisi')}`],
      ],
      [403, 404],
    );
    const groups = await outsider.get<{ id: string }[]>('/api/contacts/groups');
    expect(groups.body.data.map((x) => x.id)).not.toContain(group.body.data.id);
    const kept = await owner.get<{ name: string; members: { id: string }[] }>(g);
    expect([kept.body.data.name, kept.body.data.members.map((m) => m.id)]).toEqual(['私人群组', [userId('lisi')]]);

    const contact = await owner.post<{ id: string }>('/api/contacts/personal', {
      name: '外部客户',
      mobile: '13800138000',
    });
    expect(contact.status, contact.body.msg).toBe(200);
    const c = `/api/contacts/personal/${contact.body.data.id}`;
    await expectRefused(
      outsider,
      [
        ['GET', c],
        ['PUT', c, { name: '被改', mobile: '13900139000' }],
        ['DELETE', c],
      ],
      [403, 404],
    );
    expect(
      (await outsider.get<{ total: number }>(`/api/contacts/personal?keyword=${encodeURIComponent('外部客户')}`)).body
        .data.total,
    ).toBe(0);
    expect((await owner.get<{ name: string }>(c)).body.data.name).toBe('外部客户');

    // favourites are per user: another's star or unstar never touches the owner's list
    expect((await owner.put(`/api/contacts/favourites/${userId('lisi')}`)).status).toBe(200);
    expect((await outsider.get<{ id: string }[]>('/api/contacts/favourites')).body.data.map((n) => n.id)).not.toContain(
      userId('lisi'),
    );
    expect((await outsider.delete(`/api/contacts/favourites/${userId('lisi')}`)).status).toBe(200); // their own list: nothing to remove
    await expectRefused(outsider, [['DELETE', `/api/contacts/favourites/${randomUUID()}`]], [404]);
    await expectRefused(outsider, [['PUT', `/api/contacts/favourites/${randomUUID()}`]], [400]); // 所选人员不存在或不可见, as every picker says
    expect((await owner.get<{ id: string }[]>('/api/contacts/favourites')).body.data.map((n) => n.id)).toContain(
      userId('lisi'),
    );
  });

  it('keeps a 业务建模 record from staff without the read right, and models to admins', async () => {
    const values = {
      contractNo: 'HT-2026-901',
      name: '越权测试合同',
      partyB: '测试供应商有限公司',
      category: 'purchase',
      amount: 100,
      signDate: '2026-06-01',
      owner: '综合管理部',
    };
    const made = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/custom/models/contract/records', { values });
    expect(made.status, made.body.msg).toBe(200);
    const r = `/api/custom/records/${made.body.data.id}`;
    // a record out of reach answers as a missing one, on every verb
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', r],
        ['PUT', r, { values }],
        ['DELETE', r],
      ],
      [404],
    );
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', '/api/custom/models/joinus'],
        ['GET', '/api/custom/models/joinus/records'],
        ['POST', '/api/custom/models/joinus/records', { values: {} }],
      ],
      [403],
    );
    const list = await (
      await ctx.as('wangwu')
    ).get<{ rows: { id: string }[] }>('/api/custom/models/contract/records?pageSize=100');
    expect(list.body.data.rows.map((row) => row.id)).not.toContain(made.body.data.id);
    expect((await (await ctx.as('zhaoliu')).get(r)).status).toBe(200);
  });

  it('keeps a 会议 from staff who are not invited, and its organiser actions to the organiser', async () => {
    const lisi = await ctx.as('lisi');
    const made = await lisi.post<{ id: string }>('/api/meeting', {
      subject: '保密评审会',
      roomId: roomOf('第二会议室'),
      startAt: at('2033-05-06', '10:00'),
      endAt: at('2033-05-06', '11:00'),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan')],
    });
    expect(made.status, made.body.msg).toBe(200);
    const m = `/api/meeting/${made.body.data.id}`;
    const edit = {
      subject: '被改',
      roomId: roomOf('第二会议室'),
      startAt: at('2033-05-06', '10:00'),
      endAt: at('2033-05-06', '11:00'),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('wangwu')],
    };
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', m],
        ['PUT', m, edit],
        ['POST', `${m}/cancel`, {}],
        ['POST', `${m}/response`, { response: 'accepted' }],
        ['POST', `${m}/minutes`, { minutes: '纪要' }],
        ['GET', `${m}/sign-in-token`],
        ['GET', `${m}/sign-ins`],
        ['POST', `${m}/manual-sign-in`, { userIds: [userId('wangwu')] }],
      ],
      [403, 404],
    );
    // an invitee reads it but runs none of the organiser's actions
    await expectRefused(
      await ctx.as('zhangsan'),
      [
        ['PUT', m, edit],
        ['POST', `${m}/cancel`, {}],
        ['GET', `${m}/sign-in-token`],
        ['GET', `${m}/sign-ins`],
        ['POST', `${m}/manual-sign-in`, { userIds: [userId('zhangsan')] }],
      ],
      [403],
    );
    for (const kind of Object.keys(meetingLists)) {
      const list = await (
        await ctx.as('wangwu')
      ).get<{ rows: { id: string }[] }>(`/api/meeting/list/${kind}?pageSize=100`);
      expect([kind, list.status]).toEqual([kind, 200]);
      expect(list.body.data.rows.map((row) => row.id)).not.toContain(made.body.data.id);
    }
    const detail = await lisi.get<{ subject: string; cancelled?: boolean; status?: string }>(m);
    expect(detail.body.data.subject).toBe('保密评审会');
    expect(detail.body.data.status).not.toBe('cancelled');
  });
});
