import { describe, expect, it } from 'vitest';
import type { MyPreferences } from '../../contract/my';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { cjk, drivers, useServer } from './support/server';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe.each(drivers)('我的 on %s', (driver) => {
  const ctx = useServer(driver);
  const publicKey = async () =>
    ((await (await fetch(`${ctx.server.baseUrl}/api/oauth/publicKey`)).json()) as { data: string }).data;
  const change = async (uid: string, oldPassword: string, newPassword: string) => {
    const key = await publicKey();
    const http = api(ctx.server.baseUrl, uid);
    return http.post('/api/my/password', {
      oldPassword: encryptPassword(key, oldPassword),
      newPassword: encryptPassword(key, newPassword),
    });
  };

  it('changes the password: old one checked, strength enforced, other sessions end, new one logs in', async () => {
    const base = ctx.server.baseUrl;
    const phone = await loginAs(base, 'zhaoliu', '123456');
    const laptop = await loginAs(base, 'zhaoliu', '123456');
    const wrong = await change(phone, 'not-it-1', 'newpass2026');
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('原密码不正确');
    for (const weak of ['short1', 'onlyletters', '12345678901']) {
      const answer = await change(phone, '123456', weak);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('新密码须为8-32位，且同时包含字母和数字');
    }
    const done = await change(phone, '123456', 'newpass2026');
    expect(done.status).toBe(200);
    expect(done.body.msg).toBe('密码已修改');
    expect((await api(base, phone).get('/api/upms/user/current')).status).toBe(200);
    expect((await api(base, laptop).get('/api/upms/user/current')).status).toBe(401);
    await expect(loginAs(base, 'zhaoliu', '123456')).rejects.toThrow(/用户名或密码错误/);
    expect(await loginAs(base, 'zhaoliu', 'newpass2026')).toMatch(/.+/);
  });

  it('refuses undecryptable or missing passwords with Chinese messages and needs a session', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const garbled = await zhangsan.post('/api/my/password', { oldPassword: 'abc', newPassword: 'abc' });
    expect(garbled.status).toBe(400);
    expect(garbled.body.msg).toMatch(cjk);
    expect((await zhangsan.post('/api/my/password', {})).body.msg).toBe('请输入原密码');
    expect((await (await ctx.as(null)).post('/api/my/password', {})).status).toBe(401);
  });

  it('keeps reminder channels and opinion phrases per user', async () => {
    const lisi = await ctx.as('lisi');
    const fresh = (await lisi.get<MyPreferences>('/api/my/preferences')).body.data;
    expect(fresh.reminderChannels).toBeNull();
    expect(fresh.opinionPhrases.length).toBeGreaterThan(0);
    expect((await lisi.put('/api/my/preferences/channels', { channels: ['sms', 'email'] })).status).toBe(200);
    expect(
      (await lisi.put('/api/my/preferences/phrases', { phrases: [' 同意，请尽快办理 ', '退回修改', '退回修改'] }))
        .status,
    ).toBe(200);
    expect((await lisi.get<MyPreferences>('/api/my/preferences')).body.data).toEqual({
      reminderChannels: ['sms', 'email'],
      opinionPhrases: ['同意，请尽快办理', '退回修改'],
      // the escalation order and 免打扰 (reach-escalation.test.ts): the defaults until saved
      channelOrder: ['Wechat', 'DingTalk', 'sms', 'email'],
      quietHours: null,
    });
    const other = (await (await ctx.as('sunqi')).get<MyPreferences>('/api/my/preferences')).body.data;
    expect(other.reminderChannels).toBeNull();
    const badChannel = await lisi.put('/api/my/preferences/channels', { channels: ['pigeon'] });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.msg).toBe('提醒方式不正确');
    const tooLong = await lisi.put('/api/my/preferences/phrases', { phrases: ['长'.repeat(101)] });
    expect(tooLong.body.msg).toBe('常用意见不能超过100字');
  });

  it('stores the avatar and signature images the current user answer returns', async () => {
    const sunqi = await ctx.as('sunqi');
    expect((await sunqi.put('/api/my/profile/signature', { image: PNG })).body.msg).toBe('签名已更新');
    expect((await sunqi.put('/api/my/profile/avatar', { image: PNG })).status).toBe(200);
    const current = (await sunqi.get<{ signImg: string; userVo: { avatar: string } }>('/api/upms/user/current')).body
      .data;
    expect(current.signImg).toBe(PNG);
    expect(current.userVo.avatar).toBe(PNG);
    const script = await sunqi.put('/api/my/profile/avatar', { image: 'data:text/html;base64,PHNjcmlwdD4=' });
    expect(script.status).toBe(400);
    expect(script.body.msg).toBe('图片格式不正确，仅支持PNG、JPEG、WEBP');
    expect(
      (await sunqi.put('/api/my/profile/avatar', { image: `data:image/png;base64,${'A'.repeat(200_000)}` })).body.msg,
    ).toBe('图片过大，请换一张较小的图片');
    expect((await sunqi.put('/api/my/profile/signature', { image: null })).body.msg).toBe('签名已移除');
  });
});
