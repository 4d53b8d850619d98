import { describe, expect, it } from 'vitest';
import type { MailLiveEvent } from '../../contract/live-events';
import type { MailFolder } from '../../contract/mail';
import { listenLive } from '../factories/live-stream';
import { mailClient, userId } from '../factories/mail-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 27.1: bcc is the sender's alone. Whatever a recipient (to, cc or bcc) can ask the API for — every folder, the
 * search, the detail (from which the client prefills 回复全部 and 转发), the counts and the live events — carries no
 * bcc name or id; the sender sees the bcc recipients on their own sent copy.
 */
describe.each(drivers)('mail bcc on %s', (driver) => {
  const ctx = useServer(driver);
  const { send, detail, list, act, counts } = mailClient(ctx);

  it('no recipient learns a bcc name or id from any list, search, detail, count or live event; the sender sees bcc on the sent copy', async () => {
    const viewers = ['lisi', 'wangwu', 'zhaoliu'] as const; // to, cc, bcc
    const streams = await Promise.all(
      viewers.map(async (user) => listenLive<MailLiveEvent>(ctx.server.baseUrl, await ctx.uidOf(user), 'mail')),
    );
    try {
      const subject = `密送测试-${Date.now()}`;
      const { id } = await send('zhangsan', ['lisi'], {
        cc: [userId('wangwu')],
        bcc: [userId('zhaoliu'), userId('sunqi')],
        subject,
        bodyHtml: '<p>预算数据</p>',
      });

      // the sender: bcc on the sent copy, in the folder, the search and the detail
      const own = (await detail('zhangsan', id)).body.data;
      expect(own.bcc.map((r) => r.id).sort()).toEqual([userId('zhaoliu'), userId('sunqi')].sort());
      const bccNames = own.bcc.map((r) => r.name);
      expect(bccNames).toHaveLength(2);
      const sentRow = (await list('zhangsan', 'sent')).rows.find((r) => r.id === id)!;
      expect(sentRow.recipientNames).toEqual(
        expect.arrayContaining([...own.to, ...own.cc, ...own.bcc].map((r) => r.name)),
      );
      const sentFound = (await list('zhangsan', 'all', subject)).rows.find((r) => r.id === id)!;
      expect(sentFound.recipientNames).toEqual(expect.arrayContaining(bccNames));

      const secrets = [...bccNames, userId('zhaoliu'), userId('sunqi')];
      const leaks = (what: string, answer: unknown) => {
        const text = JSON.stringify(answer);
        return secrets.filter((secret) => text.includes(secret)).map((secret) => `${what}: ${secret}`);
      };

      for (const user of viewers) {
        const seen: string[] = [];
        const rowIn = async (folder: MailFolder, keyword = '') => {
          const row = (await list(user, folder, keyword)).rows.find((r) => r.id === id);
          expect(row, `${user} ${folder} ${keyword}`).toBeTruthy();
          seen.push(...leaks(`${folder} ${keyword}`, row));
          return row!;
        };
        const inboxRow = await rowIn('inbox');
        // to and cc are everyone's to see
        expect(inboxRow.recipientNames).toEqual(expect.arrayContaining([...own.to, ...own.cc].map((r) => r.name)));
        await rowIn('unread');
        await rowIn('all');
        await rowIn('all', subject);
        await rowIn('all', '预算');
        await rowIn('inbox', subject);
        expect(seen, `${user}: the lists`).toEqual([]);

        const opened = await detail(user, id);
        expect(opened.status).toBe(200);
        expect(leaks('detail', opened.body.data), `${user}: the detail`).toEqual([]);
        expect(opened.body.data.bcc).toEqual([]);
        expect(opened.body.data.receivedAs).toBe(user === 'lisi' ? 'to' : user === 'wangwu' ? 'cc' : 'bcc');

        expect((await act(user, id, 'read')).status).toBe(200);
        expect((await act(user, id, 'star')).status).toBe(200);
        await rowIn('star');
        expect((await act(user, id, 'delete')).status).toBe(200);
        await rowIn('trash');
        await rowIn('trash', subject);
        seen.push(...leaks('counts', await counts(user)));
        expect(seen, user).toEqual([]);
      }

      // every live event a recipient got about this mail is free of bcc too
      for (const [i, stream] of streams.entries()) {
        await expect
          .poll(() => stream.events.filter((e) => e.messageId === id).length, { timeout: 10_000 })
          .toBeGreaterThan(0);
        expect(leaks(`${viewers[i]} live events`, stream.events), viewers[i]).toEqual([]);
      }

      // the sender's copy still shows them, after the recipients' reads and deletes
      expect((await list('zhangsan', 'sent')).rows.find((r) => r.id === id)?.recipientNames).toEqual(
        expect.arrayContaining(bccNames),
      );
      expect((await detail('zhangsan', id)).body.data.receivedAs).toBeNull();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('a bcc recipient’s reply reaches whom it is addressed to, not the thread of the other recipients', async () => {
    const first = await send('zhangsan', ['lisi'], { bcc: [userId('zhaoliu'), userId('sunqi')] });
    const reply = await send('zhaoliu', ['zhangsan'], { subject: '回复：密送', parentId: first.id, relation: 'reply' });
    // the thread of the answer, as its recipient (the first mail's sender) and as the to recipient of the first mail
    const thread = (await detail('zhangsan', reply.id)).body.data.thread;
    expect(thread.map((t) => t.id)).toEqual([first.id, reply.id]);
    expect((await detail('lisi', first.id)).body.data.thread.map((t) => t.id)).toEqual([first.id]);
    expect((await detail('sunqi', first.id)).body.data.bcc).toEqual([]);
  });
});
