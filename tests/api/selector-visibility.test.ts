import { describe, expect, it } from 'vitest';
import type { SelectorNode } from '../../contract/upms';
import { drivers, useServer } from './support/server';

// ORG_VISIBILITY=company: staff see only their own company, and every picker route agrees on it.
describe.each(drivers)('company visibility is one rule on every picker route on %s', (driver) => {
  const ctx = useServer(driver, { env: { ORG_VISIBILITY: 'company' } });
  const get = async (username: string, path: string) => (await (await ctx.as(username)).get<SelectorNode[]>(path)).body;
  const q = `?queryValue=${encodeURIComponent('王五')}`;
  const names = (nodes: SelectorNode[]) => nodes.map((n) => n.realName);

  it('limits both org trees to the caller company and refuses 王五 department everywhere', async () => {
    const [wangwu] = (await get('admin', `/api/upms/selector/tree/org/user/0${q}`)).data;
    const dept = wangwu!.parentId!;
    for (const tree of ['/api/upms/selector/tree/org/user', '/api/upms/selector/tree/org/user/nopermfilter']) {
      expect((await get('zhangsan', `${tree}/0`)).data.map((n) => n.name)).toEqual(['集团总部']);
      expect((await get('zhangsan', `${tree}/0${q}`)).data).toEqual([]);
      expect((await get('zhangsan', `${tree}/${dept}`)).code).toBe(403);
    }
    expect((await get('zhangsan', `/api/upms/user/org/all/${dept}`)).code).toBe(403);
    // the group above every company is as closed as the companies under it
    const [group] = (await get('admin', '/api/upms/selector/tree/org/user/0')).data;
    expect((await get('zhangsan', `/api/upms/user/org/all/${group!.id}`)).code).toBe(403);
    expect((await get('zhangsan', `/api/upms/selector/tree/org/user/${group!.id}`)).code).toBe(403);
  });

  it('leaves other-company people out of groups and posts, counts included', async () => {
    const groups = (await get('zhangsan', '/api/upms/selector/tree/group/user/0')).data;
    const favourites = groups.find((n) => n.name === '常用联系人')!;
    const members = (await get('zhangsan', `/api/upms/selector/tree/group/user/${favourites.id}`)).data;
    expect(names(members)).not.toContain('王五');
    expect(members).toHaveLength(favourites.userCount!);
    for (const post of (await get('zhangsan', '/api/upms/selector/tree/post/user/0')).data) {
      const holders = (await get('zhangsan', `/api/upms/selector/tree/post/user/${post.id}`)).data;
      expect(names(holders)).not.toContain('王五');
      expect(holders).toHaveLength(post.userCount!);
    }
  });

  it('still shows admins the whole group', async () => {
    expect(names((await get('admin', `/api/upms/selector/tree/org/user/0${q}`)).data)).toEqual(['王五']);
    const [group] = (await get('admin', '/api/upms/selector/tree/org/user/0')).data;
    expect(names((await get('admin', `/api/upms/user/org/all/${group!.id}`)).data)).toContain('王五');
  });
});
