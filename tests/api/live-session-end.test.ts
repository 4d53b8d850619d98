import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { hashToken } from '../../server/modules/session/service';
import { listenLive } from '../factories/live-stream';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { drivers, useServer } from './support/server';
import { useTwoServers } from './support/two-servers';

const password = (username: string) => (username === 'admin' ? 'admin123' : '123456');

describe.each(drivers)('live streams end with their session (%s)', (driver) => {
  const ctx = useServer(driver);
  const base = () => ctx.server.baseUrl;
  const stream = (uid: string) => listenLive<unknown>(base(), uid, '*');

  it('ends the stream at logout, and only that session’s', async () => {
    const phone = await loginAs(base(), 'zhangsan', password('zhangsan'));
    const pad = await loginAs(base(), 'zhangsan', password('zhangsan'));
    const [onPhone, onPad] = await Promise.all([stream(phone), stream(pad)]);
    await expect.poll(() => onPhone.events.length).toBeGreaterThan(0);
    expect((await api(base(), phone).post('/api/oauth/logout')).status).toBe(200);
    await expect.poll(() => onPhone.endedByServer).toBe(true);
    // the other device's session lives on, and so does its stream
    expect((await api(base(), pad).get('/api/upms/user/current')).status).toBe(200);
    expect(onPad.endedByServer).toBe(false);
    onPad.close();
  });

  it('ends every stream of a person who is disabled', async () => {
    const uid = await loginAs(base(), 'zhaoliu', password('zhaoliu'));
    const live = await stream(uid);
    await expect.poll(() => live.events.length).toBeGreaterThan(0);
    await ctx.setStatus('zhaoliu', 'disabled');
    await expect.poll(() => live.endedByServer).toBe(true);
    await ctx.setStatus('zhaoliu', 'active');
  });

  it('ends the other sessions’ streams when the password changes, not the changing one', async () => {
    const here = await loginAs(base(), 'wangwu', password('wangwu'));
    const elsewhere = await loginAs(base(), 'wangwu', password('wangwu'));
    const [liveHere, liveElsewhere] = await Promise.all([stream(here), stream(elsewhere)]);
    const key = ((await (await fetch(`${base()}/api/oauth/publicKey`)).json()) as { data: string }).data;
    const changed = await api(base(), here).post('/api/my/password', {
      oldPassword: encryptPassword(key, '123456'),
      newPassword: encryptPassword(key, 'Abcdef123'),
    });
    expect(changed.status, changed.body.msg).toBe(200);
    await expect.poll(() => liveElsewhere.endedByServer).toBe(true);
    expect(liveHere.endedByServer).toBe(false);
    liveHere.close();
  });

  it('ends the stream when the session expires while it is open', async () => {
    const uid = await loginAs(base(), 'lisi', password('lisi'));
    const live = await stream(uid);
    await expect.poll(() => live.events.length).toBeGreaterThan(0);
    await ctx.server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(uid)));
    await expect.poll(() => live.endedByServer, { timeout: 15_000 }).toBe(true);
  });
});

describe('live streams end on every process', () => {
  const pair = useTwoServers();

  it('a logout and a disabled account on one server end the streams held by the other', async () => {
    const { first, second } = pair;
    const out = await loginAs(first.baseUrl, 'zhangsan', password('zhangsan'));
    const onSecond = await listenLive<unknown>(second.baseUrl, out, '*');
    await expect.poll(() => onSecond.events.length).toBeGreaterThan(0);
    expect((await api(first.baseUrl, out).post('/api/oauth/logout')).status).toBe(200);
    await expect.poll(() => onSecond.endedByServer).toBe(true);

    const disabled = await loginAs(first.baseUrl, 'zhaoliu', password('zhaoliu'));
    const heldOnSecond = await listenLive<unknown>(second.baseUrl, disabled, '*');
    await expect.poll(() => heldOnSecond.events.length).toBeGreaterThan(0);
    await first.database.db.execute(sql`update users set status = 'disabled' where username = 'zhaoliu'`);
    await expect.poll(() => heldOnSecond.endedByServer).toBe(true);
    await first.database.db.execute(sql`update users set status = 'active' where username = 'zhaoliu'`);
  });
});
