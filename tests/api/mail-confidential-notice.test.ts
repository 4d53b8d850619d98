import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../contract/message';
import type { Page } from '../../contract/pagination';
import { mailClient } from '../factories/mail-client';
import { drivers, useServer } from './support/server';

// Issue 47 point 6: a 机密 mail's notification names the sender and the subject, never the body or attachments.

describe.each(drivers)('the notice of a 机密 mail on %s', (driver) => {
  const ctx = useServer(driver);
  const { send, detail, upload } = mailClient(ctx);
  const inbox = async (user: string) =>
    (await (await ctx.as(user)).get<Page<InboxMessage>>('/api/message/inbox?pageNum=1&pageSize=100')).body.data.rows;
  const noticeOf = async (user: string, subject: string) => {
    const found = (await inbox(user)).filter((m) => m.title === `新邮件：${subject}`);
    expect(found.length, subject).toBe(1);
    return found[0]!;
  };

  it('says in the in-app 消息 who sent it and what it is called, nothing of its body or attachments', async () => {
    const file = await upload('zhangsan', '裁员名单');
    const { subject } = await send('zhangsan', ['lisi'], {
      subject: `组织调整-${Date.now() % 100000}`,
      bodyHtml: '<p>拟于下月撤销市场二部，涉及十二人。</p>',
      attachments: [file],
      confidential: true,
      channels: ['app'],
    });
    const notice = await noticeOf('lisi', subject);
    expect([notice.content, notice.senderName]).toEqual([`张三发来机密邮件「${subject}」，请在系统内查看`, '张三']);
    for (const leak of ['撤销', '市场二部', '十二人', file.attachName])
      expect(JSON.stringify(notice)).not.toContain(leak);
  });

  it('keeps a reply in a 机密 thread 机密, so its notice does not quote the secret either', async () => {
    const secret = await send('zhangsan', ['lisi'], {
      subject: `薪酬方案-${Date.now() % 100000}`,
      bodyHtml: '<p>总监级年薪上调至一百二十万。</p>',
      confidential: true,
      channels: ['app'],
    });
    // 李四 answers with nothing of his own but the quoted mail, and does not tick 机密
    const reply = await send('lisi', ['zhangsan'], {
      subject: `回复：${secret.subject}`,
      bodyHtml: '<blockquote><p>总监级年薪上调至一百二十万。</p></blockquote>',
      parentId: secret.id,
      relation: 'reply',
      channels: ['app'],
    });
    expect((await detail('zhangsan', reply.id)).body.data.confidential).toBe(true);
    const notice = await noticeOf('zhangsan', reply.subject);
    expect(notice.content).toBe(`李四发来机密邮件「${reply.subject}」，请在系统内查看`);
    expect(notice.content).not.toContain('年薪');

    // a plain thread's reply still carries its short snippet
    const plain = await send('zhangsan', ['lisi'], { subject: `周报-${Date.now() % 100000}`, channels: ['app'] });
    const answer = await send('lisi', ['zhangsan'], {
      subject: `回复：${plain.subject}`,
      bodyHtml: '<p>收到，周五前补齐。</p>',
      parentId: plain.id,
      relation: 'reply',
      channels: ['app'],
    });
    expect((await detail('zhangsan', answer.id)).body.data.confidential).toBe(false);
    expect((await noticeOf('zhangsan', answer.subject)).content).toBe('李四：收到，周五前补齐。');
  });
});
