import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { namePinyin } from '../../server/lib/pinyin';
import { contract } from '../factories/custom-records';
import { flowClient, forms } from '../factories/flow-client';
import { mailClient } from '../factories/mail-client';
import { at, meetingClient } from '../factories/meeting-client';
import { newsClient } from '../factories/news-client';
import { searchClient, uniqueHan } from '../factories/search-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 46 points 2–3: 拼音 as people type it. A polyphone is found by each of its readings (差旅 by chailv and chalv,
 * 重庆 by chongqing), bodies by full 拼音 and by initials as titles are, in every module; what the searcher may not open
 * stays out whichever way the keyword is typed; a module's hits come newest first, paged, with their exact count.
 */
describe.each(drivers)('search by 拼音 on %s', (driver) => {
  const ctx = useServer(driver);
  const flow = flowClient(ctx);
  const mail = mailClient(ctx);
  const news = newsClient(ctx);
  const meeting = meetingClient(ctx);
  const find = searchClient(ctx);
  const spelled = (text: string) => namePinyin(text).pinyin;
  const initials = (text: string) => namePinyin(text).pinyinInitials;

  it('a polyphone by each reading: 差旅 by chailv and chalv, 重庆 by chongqing and zhongqing, in titles and bodies', async () => {
    const token = uniqueHan();
    const { id } = await mail.send('zhangsan', ['lisi'], {
      subject: `重庆${token}`,
      bodyHtml: `<p>请查收本月的差旅${token}明细</p>`,
    });
    // a reading other than the first is matched within three characters either side of its polyphone
    const near = spelled(token.slice(0, 2));
    await find.expectFound('lisi', 'mail', id, ['chongqing', 'zhongqing', `chongqing${near}`, 'cq']);
    await find.expectFound('lisi', 'mail', id, [
      `chailv${near}`,
      `chalv${spelled(token)}`,
      'chailv',
      `cl${initials(token)}`,
    ]);
    // the other readings are added, not swapped in: a 拼音 nobody wrote finds nothing
    const none = await find.search('lisi', `cilv${spelled(token)}x`, 'mail');
    expect(find.hitsFor(none, id)).toEqual([]);
    const sides = await find.expectSearchFollowsDetail(`chailv${near}`, 'mail', id, `/api/mail/messages/${id}`);
    expect(sides.hidden).toContain('sunqi');
  });

  const inBody = (token: string) => [token, spelled(token), initials(token)];

  it('审批 and 邮件 bodies by 汉字, 拼音 and initials, and nobody outside the record finds them so', async () => {
    const token = uniqueHan();
    const flowId = await flow.start('zhangsan', 'expense', forms.expense(100, `说明${token}费用`));
    await find.expectFound('zhangsan', 'flow', flowId, inBody(token));
    await find.expectSearchFollowsDetail(initials(token), 'flow', flowId, `/api/flow/instances/${flowId}`);

    const { id: mailId } = await mail.send('zhangsan', ['lisi'], { bodyHtml: `<p>请于明天提交${token}的材料</p>` });
    await find.expectFound('lisi', 'mail', mailId, inBody(token));
    await find.expectSearchFollowsDetail(initials(token), 'mail', mailId, `/api/mail/messages/${mailId}`);
  });

  it('资讯 and 日程 bodies by 汉字, 拼音 and initials, for their readers alone', async () => {
    const token = uniqueHan();
    const newsId = await news.submit('lisi', { title: `通知${uniqueHan()}`, bodyHtml: `<p>年终${token}安排</p>` });
    expect((await news.review('sunqi', newsId, { decision: 'approve', opinion: '' })).status).toBe(200);
    await find.expectFound('zhangsan', 'news', newsId, inBody(token));

    const event = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/schedule/events', {
      title: '客户回访',
      notes: `带上${token}资料`,
      startAt: at('2033-03-10', '14:00'),
      endAt: at('2033-03-10', '15:00'),
    });
    expect(event.status, event.body.msg).toBe(200);
    await find.expectFound('zhaoliu', 'schedule', event.body.data.id, inBody(token));
    await find.expectSearchFollowsDetail(
      initials(token),
      'schedule',
      event.body.data.id,
      `/api/schedule/events/${event.body.data.id}`,
    );
  });

  it('会议 agendas by 汉字, 拼音 and initials, for the organiser and invitees alone', async () => {
    const token = uniqueHan();
    const made = await meeting.create(
      'lisi',
      meeting.body({
        subject: '季度评审',
        agenda: `讨论${token}议题`,
        startAt: at('2033-03-14', '10:00'),
        endAt: at('2033-03-14', '11:00'),
      }),
    );
    expect(made.status, made.body.msg).toBe(200);
    await find.expectFound('zhangsan', 'meeting', made.body.data.id, inBody(token));
    await find.expectSearchFollowsDetail(
      initials(token),
      'meeting',
      made.body.data.id,
      `/api/meeting/${made.body.data.id}`,
    );
  });

  it('业务建模 and 附件 by initials too, each only for those who may open the record', async () => {
    const token = uniqueHan();
    const made = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/custom/models/contract/records', {
      values: contract({ contractNo: `HT-2027-${100 + Math.floor(Math.random() * 800)}`, name: `服务合同${token}` }),
    });
    expect(made.status, made.body.msg).toBe(200);
    const recordId = made.body.data.id;
    await find.expectFound('zhaoliu', 'custom', recordId, [initials(token), `fwht${initials(token)}`]);
    await find.expectSearchFollowsDetail(initials(token), 'custom', recordId, `/api/custom/records/${recordId}`);

    const file = uniqueHan();
    const data = new FormData();
    data.append('file', new Blob(['明细']), `${file}清单.txt`);
    const uploaded = await (await ctx.as('zhangsan')).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(uploaded.status, uploaded.body.msg).toBe(200);
    const { id: mailId } = await mail.send('zhangsan', ['lisi'], { attachments: uploaded.body.data });
    await find.expectFound('lisi', 'attachment', mailId, [`${initials(file)}qd`, spelled(file)]);
    await find.expectSearchFollowsDetail(`${initials(file)}qd`, 'attachment', mailId, `/api/mail/messages/${mailId}`);
  });

  it("a module's hits come newest first and page on with an exact count when there are few", async () => {
    const token = uniqueHan();
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1)
      ids.push((await mail.send('zhangsan', ['lisi'], { subject: `周报${token}第${i}期` })).id);
    const page = async (pageNum: number) => {
      const answer = await find.raw('lisi', `keyword=${spelled(token)}&module=mail&pageNum=${pageNum}&pageSize=3`);
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data.groups[0]!;
    };
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((g) => [g.total, g.capped ?? false])).toEqual(Array.from({ length: 4 }, () => [7, false]));
    expect(pages.flatMap((g) => g.rows.map((r) => r.open.id))).toEqual([...ids].reverse());
    // nobody else is counted: sunqi has none of them
    const other = await find.raw('sunqi', `keyword=${spelled(token)}&module=mail`);
    expect([other.body.data.groups[0]!.total, other.body.data.groups[0]!.rows]).toEqual([0, []]);
  });
});
