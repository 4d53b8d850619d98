import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentUserData } from '../../contract/auth';
import { users } from '../../server/db/schema';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { drivers, useServer } from './support/server';

describe.each(drivers)('an initial password must be changed first on %s', (driver) => {
  const ctx = useServer(driver);
  const current = async (uid: string) =>
    (await api(ctx.server.baseUrl, uid).get<CurrentUserData>('/api/upms/user/current')).body.data;

  it('tells the signed-in client until the password is changed, and only about its own account', async () => {
    // what npm run org:import gives a new person (tests/api/org-import.test.ts runs the import itself)
    await ctx.server.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'wangwu'));
    const uid = await loginAs(ctx.server.baseUrl, 'wangwu', '123456');
    expect((await current(uid)).mustChangePassword).toBe(true);
    expect((await current(await loginAs(ctx.server.baseUrl, 'zhangsan', '123456'))).mustChangePassword).toBe(false);

    const key = (await api(ctx.server.baseUrl).get<string>('/api/oauth/publicKey')).body.data;
    const changed = await api(ctx.server.baseUrl, uid).post('/api/my/password', {
      oldPassword: encryptPassword(key, '123456'),
      newPassword: encryptPassword(key, 'Wangwu2026'),
    });
    expect(changed.status, changed.body.msg).toBe(200);
    expect((await current(uid)).mustChangePassword).toBe(false);
    expect((await current(await loginAs(ctx.server.baseUrl, 'wangwu', 'Wangwu2026'))).mustChangePassword).toBe(false);
  });
});
