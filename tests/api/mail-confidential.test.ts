import { describe, expect, it } from 'vitest';
import { mailClient, userId } from '../factories/mail-client';
import { drivers, useServer } from './support/server';

/** Issue 47.6: a 机密 mail stays with the people it was sent to. */
describe.each(drivers)('confidential mail on %s', (driver) => {
  const ctx = useServer(driver);
  const { send, write, list } = mailClient(ctx);

  it('nobody forwards a 机密 mail, not even its sender; replying stays possible and a plain mail forwards', async () => {
    const secret = await send('zhangsan', ['lisi'], { confidential: true });
    for (const user of ['lisi', 'zhangsan']) {
      const subject = `转发：${secret.subject}`;
      const answer = await write(user, {
        to: [userId('wangwu')],
        subject,
        bodyHtml: '<p>请看</p>',
        parentId: secret.id,
        relation: 'forward',
        send: true,
      });
      expect(answer.status, user).toBe(403);
      expect(answer.body.msg).toBe('机密邮件不能转发');
      // refused as a draft too, and nothing was written
      const draft = await write(user, { to: [], subject, parentId: secret.id, relation: 'forward', send: false });
      expect(draft.status, user).toBe(403);
      expect((await list(user, 'draft')).rows.some((r) => r.subject === subject)).toBe(false);
    }
    expect((await list('wangwu', 'inbox')).rows.some((r) => r.subject.includes(secret.subject))).toBe(false);

    await send('lisi', ['zhangsan'], { parentId: secret.id, relation: 'reply', subject: `回复：${secret.subject}` });
    const plain = await send('zhangsan', ['lisi']);
    await send('lisi', ['wangwu'], { parentId: plain.id, relation: 'forward' });
  });
});
