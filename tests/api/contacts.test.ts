import { beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { backfillPinyin } from '../../server/modules/contacts/pinyin-backfill';
import { contactsClient, userIdOf } from '../factories/contacts-client';
import { cjk, drivers, useServer } from './support/server';

describe.each(drivers)('通讯录 on %s', (driver) => {
  const ctx = useServer(driver);
  let lisiId = '';
  let wangwuId = '';
  let zhaoliuId = '';
  beforeAll(async () => {
    [lisiId, wangwuId, zhaoliuId] = await Promise.all(['李四', '王五', '赵六'].map((n) => userIdOf(ctx, n)));
  });

  describe('search', () => {
    it('finds colleagues by 拼音 initials, full 拼音, part of the name and phone', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      expect(await zhangsan.search('zs')).toContain('张三');
      expect(await zhangsan.search('ZS')).toContain('张三');
      expect(await zhangsan.search('lixiaoy')).toEqual([]);
      expect(await zhangsan.search('linxiaoy')).toContain('林晓雨');
      expect(await zhangsan.search('lxy')).toContain('林晓雨');
      expect(await zhangsan.search('晓雨')).toContain('林晓雨');
      const card = (await zhangsan.card(lisiId)).body.data;
      expect(await zhangsan.search(card.mobile!.slice(0, 7))).toContain('李四');
      expect(await zhangsan.search('zzzq')).toEqual([]);
    });

    it('fills in 拼音 a database seeded before the columns existed', async () => {
      const { db } = ctx.server.database;
      await db.update(users).set({ pinyin: '', pinyinInitials: '' }).where(eq(users.username, 'hejing'));
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      expect(await zhangsan.search('hj')).not.toContain('何静');
      expect(await backfillPinyin(db)).toBe(1);
      expect(await zhangsan.search('hj')).toContain('何静');
      expect(await backfillPinyin(db)).toBe(0);
    });

    it('fills in 拼音 for many staff at once, batch by batch', async () => {
      const { db } = ctx.server.database;
      const before = await db
        .select({ id: users.id, pinyin: users.pinyin, initials: users.pinyinInitials })
        .from(users)
        .where(ne(users.realName, ''));
      await db.update(users).set({ pinyin: '', pinyinInitials: '' }).where(ne(users.realName, ''));
      // batches of 7 over every demo user: several full batches and a short last one
      expect(await backfillPinyin(db, 7)).toBe(before.length);
      const after = await db
        .select({ id: users.id, pinyin: users.pinyin, initials: users.pinyinInitials })
        .from(users)
        .where(ne(users.realName, ''));
      expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.sort((a, b) => a.id.localeCompare(b.id)));
      expect(await (await contactsClient(ctx, 'zhangsan')).search('hj')).toContain('何静');
    });
  });

  describe('cards and favourites', () => {
    it('shows the organisation path and stars a colleague for the caller only', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      const card = await zhangsan.card(lisiId);
      expect(card.status).toBe(200);
      expect(card.body.data).toMatchObject({ realName: '李四', favourite: false });
      expect(card.body.data.orgFullName).toContain('/');
      expect((await zhangsan.star(lisiId)).body.msg).toBe('已加入常用联系人');
      expect((await zhangsan.card(lisiId)).body.data.favourite).toBe(true);
      expect((await zhangsan.favourites()).body.data.map((u) => u.realName)).toEqual(['李四']);
      // another user's list is their own
      const zhaoliu = await contactsClient(ctx, 'zhaoliu');
      expect((await zhaoliu.favourites()).body.data).toEqual([]);
      expect((await zhaoliu.card(lisiId)).body.data.favourite).toBe(false);
      await zhangsan.unstar(lisiId);
      expect((await zhangsan.favourites()).body.data).toEqual([]);
    });

    it('refuses unknown people, bad ids and starring oneself with Chinese messages', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      const bad = await zhangsan.card('not-a-uuid');
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(cjk);
      expect((await zhangsan.card('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await zhangsan.star('00000000-0000-4000-8000-000000000000')).status).toBe(400);
      const self = await userIdOf(ctx, '张三');
      expect((await zhangsan.star(self)).body.msg).toBe('不能收藏自己');
    });

    it('asks for a session first', async () => {
      const anonymous = await ctx.as(null);
      expect((await anonymous.get('/api/contacts/favourites')).status).toBe(401);
      expect((await anonymous.post('/api/contacts/groups', { name: '' })).status).toBe(401);
    });
  });

  describe('custom groups', () => {
    it('lets the owner create, rename, add and remove members, and delete', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      const created = await zhangsan.createGroup('  项目小组 ', [lisiId]);
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ name: '项目小组', memberCount: 1, mine: true });
      const id = created.body.data.id;
      expect((await zhangsan.renameGroup(id, '项目一组')).status).toBe(200);
      expect((await zhangsan.addMembers(id, [wangwuId, zhaoliuId, lisiId])).status).toBe(200);
      let detail = (await zhangsan.group(id)).body.data;
      expect(detail.name).toBe('项目一组');
      expect(detail.members.map((m) => m.realName).sort()).toEqual(['李四', '王五', '赵六'].sort());
      await zhangsan.removeMember(id, wangwuId);
      detail = (await zhangsan.group(id)).body.data;
      expect(detail.members.map((m) => m.realName).sort()).toEqual(['李四', '赵六'].sort());
      expect((await zhangsan.groups()).body.data.find((g) => g.id === id)).toMatchObject({
        memberCount: 2,
        mine: true,
      });
      expect((await zhangsan.deleteGroup(id)).status).toBe(200);
      expect((await zhangsan.group(id)).status).toBe(404);
    });

    it('hides a private group from everybody else and refuses their changes', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      const id = (await zhangsan.createGroup('私人小组', [lisiId])).body.data.id;
      const zhaoliu = await contactsClient(ctx, 'zhaoliu');
      expect((await zhaoliu.groups()).body.data.some((g) => g.id === id)).toBe(false);
      for (const answer of [
        await zhaoliu.group(id),
        await zhaoliu.renameGroup(id, '改名'),
        await zhaoliu.addMembers(id, [zhaoliuId]),
        await zhaoliu.removeMember(id, lisiId),
        await zhaoliu.deleteGroup(id),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.msg).toBe('群组不存在');
      }
      // even an administrator does not read another user's private group through the address book
      expect((await (await contactsClient(ctx, 'admin')).group(id)).status).toBe(404);
      expect((await zhangsan.group(id)).body.data.members.map((m) => m.realName)).toEqual(['李四']);
    });

    it('shows public groups read-only', async () => {
      const zhaoliu = await contactsClient(ctx, 'zhaoliu');
      const shared = (await zhaoliu.groups()).body.data.find((g) => !g.mine);
      expect(shared).toBeDefined();
      expect((await zhaoliu.group(shared!.id)).status).toBe(200);
      const rename = await zhaoliu.renameGroup(shared!.id, '改名');
      expect(rename.status).toBe(403);
      expect(rename.body.msg).toBe('公共群组不能修改');
    });

    it('answers bad input with 400 naming the problem', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      expect((await zhangsan.createGroup('   ')).body.msg).toBe('请输入群组名称');
      expect((await zhangsan.createGroup('x'.repeat(31))).body.msg).toBe('群组名称不能超过30字');
      const unknown = await zhangsan.createGroup('小组', ['00000000-0000-4000-8000-000000000000']);
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('所选人员不存在或不可见');
      const badId = await zhangsan.http.post('/api/contacts/groups', { name: '小组', memberIds: ['x'] });
      expect(badId.status).toBe(400);
      expect(badId.body.msg).toMatch(cjk);
    });
  });

  describe('personal contacts', () => {
    const contact = {
      name: '周老板',
      mobile: '13912345678',
      email: 'zhou@example.com',
      company: '甲方公司',
      post: '总经理',
      remark: '',
    };

    it('lets the owner add, search, edit and delete', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      const created = await zhangsan.addPersonal(contact);
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ name: '周老板', mobile: '13912345678', remark: null });
      const id = created.body.data.id;
      expect((await zhangsan.personal('甲方')).body.data.rows.map((r) => r.id)).toContain(id);
      expect((await zhangsan.personal('不存在的人')).body.data).toEqual({ rows: [], total: 0 });
      const edited = await zhangsan.editPersonal(id, { ...contact, mobile: '010-88886666' });
      expect(edited.body.data.mobile).toBe('010-88886666');
      expect((await zhangsan.getPersonal(id)).body.data.mobile).toBe('010-88886666');
      expect((await zhangsan.deletePersonal(id)).status).toBe(200);
      expect((await zhangsan.getPersonal(id)).status).toBe(404);
    });

    it('shows nobody else the contacts and refuses their edits', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      const id = (await zhangsan.addPersonal({ ...contact, name: '私人联系人' })).body.data.id;
      for (const other of ['zhaoliu', 'admin']) {
        const client = await contactsClient(ctx, other);
        expect((await client.personal()).body.data.rows.some((r) => r.id === id)).toBe(false);
        expect((await client.getPersonal(id)).status).toBe(404);
        expect((await client.editPersonal(id, contact)).status).toBe(404);
        expect((await client.deletePersonal(id)).status).toBe(404);
      }
      expect((await zhangsan.getPersonal(id)).body.data.name).toBe('私人联系人');
    });

    it('validates the phone, e-mail and lengths', async () => {
      const zhangsan = await contactsClient(ctx, 'zhangsan');
      for (const [body, msg] of [
        [{ ...contact, mobile: '12345' }, '请输入正确的手机号码或座机号码'],
        [{ ...contact, mobile: '' }, '请输入手机号码'],
        [{ ...contact, name: ' ' }, '请输入姓名'],
        [{ ...contact, email: 'not-mail' }, '请输入正确的邮箱地址'],
        [{ ...contact, remark: '长'.repeat(201) }, '备注不能超过200字'],
      ] as const) {
        const answer = await zhangsan.addPersonal(body);
        expect(answer.status).toBe(400);
        expect(answer.body.msg).toContain(msg);
      }
    });
  });
});
