import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DictItem, SelectorNode, SiteConfig } from '../../contract/upms';
import type { PopOrg, PopUser } from '../../contract/poppage';
import { api, startTestServer } from '../factories/test-server';
import { drivers, useServer } from './support/server';

describe.each(drivers)('site config, dictionaries, selectors and pop pages on %s', (driver) => {
  const ctx = useServer(driver);
  const tree = async (username: string, path: string) =>
    (await (await ctx.as(username)).get<SelectorNode[]>(path)).body;

  it('serves the site config without a login', async () => {
    const res = await api(ctx.server.baseUrl).get<SiteConfig>('/api/upms/sys/config/info');
    expect(res.status).toBe(200);
    expect(res.body.data.webName).toBe('协同办公系统');
    // no channel besides the in-app one is configured here: only it is offered, whatever the stored list holds
    expect(res.body.data.tipConfig.mobileTip).toBe('app');
    expect(res.body.data.upload.maxSizeMb).toBe(ctx.server.config.uploadMaxMb);
  });

  it('lists a reminder channel once its settings are there', async () => {
    const configured = await startTestServer({
      driver,
      env: {
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMS_ACCESS_KEY_ID: 'key',
        SMS_ACCESS_KEY_SECRET: 'secret',
        SMS_SIGN_NAME: '协同办公',
        SMS_TEMPLATE_CODE: 'SMS_1',
        WECOM_CORP_ID: 'corp',
        WECOM_CORP_SECRET: 'secret',
      },
    });
    try {
      const res = await api(configured.baseUrl).get<SiteConfig>('/api/upms/sys/config/info');
      // in the stored order (app,sms,email,Wechat,DingTalk); WeCom without WECOM_AGENT_ID can sign pages, not send
      expect(res.body.data.tipConfig.mobileTip).toBe('app,sms,email');
    } finally {
      await configured.close();
    }
  });

  it('lists a dictionary in order and an unknown one as empty', async () => {
    const client = await ctx.as('zhangsan');
    const items = (await client.get<DictItem[]>('/api/upms/upms/dict/type/leave_type')).body.data;
    expect(items.map((i) => i.label).slice(0, 3)).toEqual(['事假', '病假', '年假']);
    expect(items.map((i) => i.sort)).toEqual([...items.map((i) => i.sort)].sort((a, b) => a - b));
    expect(Object.keys(items[0]!).sort()).toEqual(['cssClass', 'label', 'sort', 'value']);
    expect((await client.get('/api/upms/upms/dict/type/no_such_type')).body).toMatchObject({ code: 200, data: [] });
  });

  it('opens the org tree at the top and drills down with user counts', async () => {
    const top = (await tree('admin', '/api/upms/selector/tree/org/user/0')).data;
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ name: '华晟控股集团', popCode: 'org', parentId: null });
    expect(top[0]!.userCount).toBeGreaterThanOrEqual(40);
    const companies = (await tree('admin', `/api/upms/selector/tree/org/user/${top[0]!.id}`)).data;
    expect(companies.filter((n) => n.popCode === 'org').map((n) => n.name)).toEqual([
      '集团总部',
      '华晟科技有限公司',
      '华晟物流有限公司',
    ]);
    const sum = companies.reduce((s, n) => s + (n.userCount ?? 0), 0);
    expect(sum).toBe(top[0]!.userCount);
    const hq = companies.find((n) => n.name === '集团总部')!;
    const depts = (await tree('admin', `/api/upms/selector/tree/org/user/${hq.id}`)).data;
    const office = depts.find((n) => n.name === '综合管理部')!;
    const people = (await tree('admin', `/api/upms/selector/tree/org/user/${office.id}`)).data;
    expect(people.every((n) => n.popCode === 'user' && n.parentId === office.id)).toBe(true);
    expect(people.map((n) => n.realName)).toEqual(expect.arrayContaining(['张三', '李四']));
    expect(people).toHaveLength(office.userCount!);
    // the org node comes before the people of an org that has both
    const rd = (await tree('admin', `/api/upms/selector/tree/org/user/${companies[1]!.id}`)).data.find(
      (n) => n.name === '研发中心',
    )!;
    const rdLevel = (await tree('admin', `/api/upms/selector/tree/org/user/${rd.id}`)).data;
    expect(rdLevel.findIndex((n) => n.popCode === 'user')).toBeGreaterThan(
      rdLevel.findLastIndex((n) => n.popCode === 'org'),
    );
  });

  it('counts follow a move to another department and a departure at once', async () => {
    const { db } = ctx.server.database;
    // an org's count, as its parent's level shows it (the org's own level lists its children)
    const count = async (orgId: string) => {
      const parent = (
        (await db.execute(
          sql`select coalesce(parent_id::text, '0') as parent from orgs where id = ${orgId}`,
        )) as unknown as { rows: { parent: string }[] }
      ).rows[0]!.parent;
      return (await tree('admin', `/api/upms/selector/tree/org/user/${parent}`)).data.find((n) => n.id === orgId)!
        .userCount!;
    };
    const [top] = (await tree('admin', '/api/upms/selector/tree/org/user/0')).data;
    const [wangwu] = (
      await tree('admin', `/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('王五')}`)
    ).data;
    const from = wangwu!.parentId!;
    const [to] = (
      (await db.execute(
        sql`select id::text from orgs where type = 'dept' and id <> ${from} order by name limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const before = { top: top!.userCount!, from: await count(from), to: await count(to!.id) };
    try {
      await db.execute(sql`update users set org_id = ${to!.id} where id = ${wangwu!.id}`);
      expect([await count(from), await count(to!.id), await count(top!.id)]).toEqual([
        before.from - 1,
        before.to + 1,
        before.top,
      ]);
      await db.execute(sql`update users set status = 'disabled' where id = ${wangwu!.id}`);
      expect([await count(to!.id), await count(top!.id)]).toEqual([before.to, before.top - 1]);
    } finally {
      await db.execute(sql`update users set org_id = ${from}, status = 'active' where id = ${wangwu!.id}`);
    }
    expect([await count(from), await count(to!.id), await count(top!.id)]).toEqual([
      before.from,
      before.to,
      before.top,
    ]);
  });

  it('shows the whole group to staff by default: zhangsan finds 王五 and opens his department', async () => {
    const top = (await tree('zhangsan', '/api/upms/selector/tree/org/user/root')).data;
    expect(top.map((n) => n.name)).toEqual(['华晟控股集团']);
    const [wangwu] = (
      await tree('zhangsan', `/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('王五')}`)
    ).data;
    expect(wangwu).toMatchObject({ realName: '王五', orgName: '市场部' });
    const dept = await tree('zhangsan', `/api/upms/selector/tree/org/user/${wangwu!.parentId}`);
    expect(dept.data.map((n) => n.realName)).toContain('王五');
    expect(
      (await tree('zhangsan', `/api/upms/user/org/all/${wangwu!.parentId}`)).data.map((n) => n.realName),
    ).toContain('王五');
  });

  it('searches users by a 2-character Chinese name, user name and mobile, within scope', async () => {
    const q = (v: string) => `?queryValue=${encodeURIComponent(v)}`;
    const wangwu = (await tree('admin', `/api/upms/selector/tree/org/user/0${q('王五')}`)).data;
    expect(wangwu.map((n) => n.realName)).toEqual(['王五']);
    expect(wangwu[0]).toMatchObject({ popCode: 'user', orgName: '市场部' });
    const byUsername = (await tree('admin', `/api/upms/selector/tree/org/user/0${q('lisi')}`)).data;
    expect(byUsername.map((n) => n.realName)).toEqual(['李四']);
    const single = (await tree('admin', `/api/upms/selector/tree/org/user/0${q('张')}`)).data.map((n) => n.realName);
    expect(single).toEqual(expect.arrayContaining(['张三', '张伟']));
    expect((await tree('admin', `/api/upms/selector/tree/org/user/0${q('%_')}`)).data).toEqual([]);
    const mobile = (await tree('admin', `/api/upms/selector/tree/org/user/0${q('138')}`)).data;
    expect(mobile.length).toBeGreaterThan(1);
  });

  it('lists every user below an org for ticking it', async () => {
    const top = (await tree('admin', '/api/upms/selector/tree/org/user/0')).data[0]!;
    const everyone = (await tree('admin', `/api/upms/user/org/all/${top.id}`)).data;
    expect(everyone).toHaveLength(top.userCount!);
    expect(new Set(everyone.map((n) => n.id)).size).toBe(everyone.length);
    expect(everyone.every((n) => n.popCode === 'user')).toBe(true);
  });

  it('shows own and public groups, and a group members; private groups stay private', async () => {
    const mine = (await tree('zhangsan', '/api/upms/selector/tree/group/user/0')).data;
    expect(mine.every((n) => n.popCode === 'group')).toBe(true);
    expect(mine.map((n) => n.name)).toEqual(
      expect.arrayContaining(['常用联系人', '数字化转型项目组', '党支部委员会', '工会委员会']),
    );
    const favourites = mine.find((n) => n.name === '常用联系人')!;
    const members = (await tree('zhangsan', `/api/upms/selector/tree/group/user/${favourites.id}`)).data;
    expect(members.map((n) => n.realName).sort()).toEqual(['李四', '王五', '赵六'].sort());
    expect(members).toHaveLength(favourites.userCount!);
    const others = (await tree('wangwu', '/api/upms/selector/tree/group/user/0')).data;
    expect(others.map((n) => n.name)).not.toContain('常用联系人');
    expect((await (await ctx.as('wangwu')).get(`/api/upms/selector/tree/group/user/${favourites.id}`)).status).toBe(
      404,
    );
  });

  it('lists posts and a post holders', async () => {
    const postNodes = (await tree('zhangsan', '/api/upms/selector/tree/post/user/root')).data;
    expect(postNodes.map((n) => n.name)).toEqual(expect.arrayContaining(['总经理', '部门经理', '职员']));
    const managers = postNodes.find((n) => n.name === '部门经理')!;
    const holders = (await tree('zhangsan', `/api/upms/selector/tree/post/user/${managers.id}`)).data;
    expect(holders.map((n) => n.realName)).toContain('李四');
    expect(holders).toHaveLength(managers.userCount!);
  });

  it('presents pop-page records by code without secrets, 404 for unknown ids', async () => {
    const client = await ctx.as('zhangsan');
    const me = (
      await client.get<{ userVo: { id: string; orgId: string; postIds: string[] } }>('/api/upms/user/current')
    ).body.data.userVo;
    const user = await client.post<PopUser>('/api/form/poppage/getDataById', { code: 'user', id: me.id });
    expect(user.body.data).toMatchObject({
      username: 'zhangsan',
      realName: '张三',
      orgName: '综合管理部',
      postNames: ['职员'],
    });
    expect(JSON.stringify(user.body)).not.toMatch(/scrypt|password|searchGrams/i);
    const org = await client.post<PopOrg>('/api/form/poppage/getDataById', { code: 'org', id: me.orgId });
    expect(org.body.data).toMatchObject({ name: '综合管理部', leaderName: '李四', type: 'dept' });
    const post = await client.post('/api/form/poppage/getDataById', { code: 'post', id: me.postIds[0] });
    expect(post.body.data).toMatchObject({ code: 'staff', name: '职员' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await client.post('/api/form/poppage/getDataById', { code: 'dict', id });
      expect(missing.status).toBe(404);
      expect(missing.body.msg).toBe('数据不存在');
    }
  });
});
