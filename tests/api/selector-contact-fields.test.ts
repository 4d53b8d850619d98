import { describe, expect, it } from 'vitest';
import type { SelectorNode } from '../../contract/upms';
import { drivers, useServer } from './support/server';

// The address book lists people from the selector trees: each user node carries post, mobile and e-mail.
describe.each(drivers)('selector user nodes carry address-book fields on %s', (driver) => {
  const ctx = useServer(driver);
  const tree = async (path: string) => (await (await ctx.as('zhangsan')).get<SelectorNode[]>(path)).body.data;

  it('gives a user found by name their post, mobile and e-mail', async () => {
    const [lisi] = await tree(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('李四')}`);
    expect(lisi).toMatchObject({
      realName: '李四',
      popCode: 'user',
      postName: '部门经理',
      email: 'lisi@huasheng.example.com',
    });
    expect(lisi!.mobile).toMatch(/^138\d{8}$/);
  });

  it('gives the same fields to the people of an org level, and none to the org nodes', async () => {
    const [top] = await tree('/api/upms/selector/tree/org/user/0');
    expect(top).not.toHaveProperty('mobile');
    const everyone = await tree(`/api/upms/user/org/all/${top!.id}`);
    expect(everyone.length).toBeGreaterThan(0);
    expect(
      everyone.every((u) => typeof u.postName === 'string' && u.postName.length > 0 && u.email?.includes('@')),
    ).toBe(true);
  });
});
