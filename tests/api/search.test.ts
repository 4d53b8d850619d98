import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { namePinyin } from '../../server/lib/pinyin';
import { contract } from '../factories/custom-records';
import { flowClient, forms } from '../factories/flow-client';
import { mailClient, userId } from '../factories/mail-client';
import { at, meetingClient } from '../factories/meeting-client';
import { newsClient } from '../factories/news-client';
import { searchClient, uniqueHan } from '../factories/search-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 46: one search over every module. Each module's records are found by 汉字, full 拼音 and initials, and for
 * every searcher a record turns up exactly when its own detail opens for them (a bcc they are not, a request they
 * had no part in, a draft article, another company's model records never appear, not even as a count).
 */
describe.each(drivers)('search on %s', (driver) => {
  const ctx = useServer(driver);
  const flow = flowClient(ctx);
  const mail = mailClient(ctx);
  const news = newsClient(ctx);
  const meeting = meetingClient(ctx);
  const find = searchClient(ctx);
  const pinyinOf = (text: string) => namePinyin(text).pinyin;

  it('审批: the form text by 汉字 and 拼音, the process by initials; only its participants find it', async () => {
    const token = uniqueHan();
    const id = await flow.start('zhangsan', 'expense', forms.expense(100, `差旅${token}`));
    await find.expectFound('zhangsan', 'flow', id, [token.slice(1, 3), pinyinOf(token), '报销', 'baoxiao', 'bx']);
    const sides = await find.expectSearchFollowsDetail(token, 'flow', id, `/api/flow/instances/${id}`);
    expect(sides.hidden).toContain('wangwu');
  });

  it('邮件: subject, body and sender by 汉字, 拼音 and initials; a bcc finds it, nobody else outside the mail', async () => {
    const token = uniqueHan();
    const { id } = await mail.send('zhangsan', ['lisi'], {
      subject: `预算${token}`,
      bodyHtml: '<p>请查收差旅报销的明细</p>',
      bcc: [userId('zhaoliu')],
    });
    const initials = namePinyin(`预算${token}`).pinyinInitials;
    await find.expectFound('lisi', 'mail', id, [token, pinyinOf(token), initials, '报销的明细', 'mingxi']);
    await find.expectFound('zhaoliu', 'mail', id, [token]);
    const sides = await find.expectSearchFollowsDetail(token, 'mail', id, `/api/mail/messages/${id}`);
    expect(sides.opens).toEqual(expect.arrayContaining(['zhangsan', 'lisi', 'zhaoliu']));
    expect(sides.hidden).toContain('sunqi');
  });

  it('资讯: a draft is found by no one, not even its author; published, its readers find it', async () => {
    const token = uniqueHan();
    const id = await news.submit('lisi', { title: `通知${token}`, bodyHtml: `<p>年终${token}安排</p>` });
    for (const user of ['lisi', 'sunqi', 'admin']) expect(find.hitsFor(await find.search(user, token), id)).toEqual([]);
    const review = await news.review('sunqi', id, { decision: 'approve', opinion: '' });
    expect(review.status, review.body.msg).toBe(200);
    await find.expectFound('zhangsan', 'news', id, [token, pinyinOf(token), namePinyin(`通知${token}`).pinyinInitials]);
  });

  it('日程 and 会议: title by 汉字, 拼音 and initials; the owner, participants and invitees alone find them', async () => {
    const eventToken = uniqueHan();
    const event = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/schedule/events', {
      title: `回访${eventToken}`,
      startAt: at('2033-01-10', '14:00'),
      endAt: at('2033-01-10', '15:00'),
      participantIds: [userId('sunqi')],
    });
    expect(event.status, event.body.msg).toBe(200);
    const eventId = event.body.data.id;
    await find.expectFound('sunqi', 'schedule', eventId, [eventToken, pinyinOf(eventToken), 'hf']);
    await find.expectSearchFollowsDetail(eventToken, 'schedule', eventId, `/api/schedule/events/${eventId}`);

    const meetingToken = uniqueHan();
    const made = await meeting.create(
      'lisi',
      meeting.body({
        subject: `评审${meetingToken}`,
        startAt: at('2033-02-14', '10:00'),
        endAt: at('2033-02-14', '11:00'),
      }),
    );
    expect(made.status, made.body.msg).toBe(200);
    const meetingId = made.body.data.id;
    await find.expectFound('zhangsan', 'meeting', meetingId, [
      meetingToken,
      pinyinOf(meetingToken),
      namePinyin(`评审${meetingToken}`).pinyinInitials,
    ]);
    await find.expectSearchFollowsDetail(meetingToken, 'meeting', meetingId, `/api/meeting/${meetingId}`);
  });

  it("业务建模: a record's list fields by 汉字 and 拼音; another's contract stays hidden from staff", async () => {
    const token = uniqueHan();
    const made = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/custom/models/contract/records', {
      values: contract({ contractNo: `HT-2026-${900 + Math.floor(Math.random() * 99)}`, name: `采购合同${token}` }),
    });
    expect(made.status, made.body.msg).toBe(200);
    const id = made.body.data.id;
    await find.expectFound('zhaoliu', 'custom', id, [token, pinyinOf(token)]);
    const answer = await find.search('zhaoliu', token, 'custom');
    expect(find.hitsFor(answer, id)[0]!.open).toEqual({ module: 'custom', id, modelCode: 'contract' });
    const sides = await find.expectSearchFollowsDetail(token, 'custom', id, `/api/custom/records/${id}`);
    expect(sides.hidden).toContain('zhangsan');
  });

  it('附件: a file name by 汉字 and 拼音, opening its record, for those who may read the record alone', async () => {
    const token = uniqueHan();
    const data = new FormData();
    data.append('file', new Blob(['明细']), `${token}清单.txt`);
    const uploaded = await (await ctx.as('zhangsan')).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(uploaded.status, uploaded.body.msg).toBe(200);
    const { id } = await mail.send('zhangsan', ['lisi'], { attachments: uploaded.body.data });
    const answer = await find.search('lisi', pinyinOf(token), 'attachment');
    expect(find.hitsFor(answer, id).map((h) => [h.module, h.title, h.open.module])).toEqual([
      ['attachment', `${token}清单.txt`, 'mail'],
    ]);
    await find.expectFound('lisi', 'attachment', id, [token, `${token.slice(2)}清单`]);
    await find.expectSearchFollowsDetail(token, 'attachment', id, `/api/mail/messages/${id}`);
  });

  it('通讯录: a colleague by name, 拼音 and initials, grouped with every other module in one answer', async () => {
    for (const keyword of ['张三', 'zhangsan', 'zs']) {
      const answer = await find.search('lisi', keyword);
      const people = answer.groups.find((g) => g.module === 'contacts');
      expect(people?.label).toBe('通讯录');
      expect(
        people?.rows.some((r) => r.open.id === userId('zhangsan')),
        keyword,
      ).toBe(true);
    }
    // the groups come in the page's order, each labelled, none empty
    const answer = await find.search('zhangsan', '张三');
    expect(answer.groups.every((g) => g.total > 0 && g.rows.length > 0)).toBe(true);
    expect(answer.groups.map((g) => g.label)).toEqual(
      ['审批', '邮件', '资讯', '通讯录', '日程', '会议', '业务建模', '附件'].filter((l) =>
        answer.groups.some((g) => g.label === l),
      ),
    );
  });

  it('refuses a search without a keyword or with an unknown module (400), and without a session (401)', async () => {
    const empty = await find.raw('zhangsan', 'keyword=%20');
    expect([empty.status, empty.body.msg]).toEqual([400, '请输入搜索关键字']);
    const module = await find.raw('zhangsan', 'keyword=a&module=hr');
    expect([module.status, module.body.msg]).toEqual([400, '搜索范围不正确']);
    expect((await (await ctx.as(null)).get('/api/search?keyword=a')).status).toBe(401);
  });
});
