import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { changeBox, type BoxAction } from '../../modules/mail/box-service';
import { writeMail } from '../../modules/mail/write-service';
import type { Principal } from '../../modules/session/service';
import { demoId } from './demo-ids';
import { demoPeople } from './people';

const uid = (username: string) => demoId(`user:${username}`);
const principal = (username: string): Principal => {
  const person = demoPeople.find(([name]) => name === username)!;
  return {
    id: uid(username),
    username,
    realName: person[1],
    orgId: demoId(`org:${person[2]}`),
    status: 'active',
    roles: ['staff'],
    permissions: [],
  };
};

interface DemoMail {
  from: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  body: string;
  hoursAgo: number;
  priority?: 'high' | 'normal' | 'low';
  receipt?: boolean;
  draft?: boolean;
  /** answers the demo mail at this index */
  replyTo?: number;
  /** what recipients did with it */
  then?: [string, BoxAction][];
}

const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

const demoMails: DemoMail[] = [
  {
    from: 'lisi',
    to: ['zhangsan'],
    cc: ['zhaoliu'],
    subject: '关于本周部门例会的安排',
    body: p('各位好：', '本周部门例会改在<b>周四下午3点</b>，地点三楼大会议室，请提前准备本月工作小结。', '李四'),
    hoursAgo: 2,
    priority: 'high',
    receipt: true,
  },
  {
    from: 'huangmin',
    to: ['zhangsan', 'lisi', 'zhaoliu', 'sunqi'],
    subject: '2026年度员工体检通知',
    body: p('各位同事：', '年度体检安排在12月上旬，请于本周五前在系统中选择体检时间。', '人力资源部'),
    hoursAgo: 20,
    then: [['lisi', 'read']],
  },
  {
    from: 'zhangsan',
    to: ['lisi'],
    subject: '第三季度工作总结',
    body: p('李经理：', '附上第三季度工作总结，请审阅。主要完成了档案数字化和会议室改造两项工作。', '张三'),
    hoursAgo: 30,
    then: [['lisi', 'read']],
  },
  {
    from: 'lisi',
    to: ['zhangsan'],
    subject: '回复：第三季度工作总结',
    body:
      p('已阅，总结写得很清楚。下季度请重点推进合同归档。') +
      '<blockquote>李经理：附上第三季度工作总结，请审阅。</blockquote>',
    hoursAgo: 26,
    replyTo: 2,
    then: [
      ['zhangsan', 'read'],
      ['zhangsan', 'star'],
    ],
  },
  {
    from: 'wuhao',
    to: ['zhangsan', 'lisi'],
    bcc: ['zhaoliu'],
    subject: '办公系统升级维护通知',
    body: p('本周六 22:00 至周日 02:00 办公系统升级维护，期间无法登录，请提前保存工作。', '信息技术部'),
    hoursAgo: 48,
    then: [
      ['zhangsan', 'read'],
      ['lisi', 'read'],
    ],
  },
  {
    from: 'yangfan',
    to: ['zhangsan'],
    subject: '报销单据提交截止提醒',
    body: p('本月报销单据请于25日前提交财务部，逾期顺延至下月处理。'),
    hoursAgo: 72,
    priority: 'low',
    then: [['zhangsan', 'read']],
  },
  {
    from: 'fengtao',
    to: ['zhangsan'],
    subject: '打印机耗材更换记录',
    body: p('三楼打印机硒鼓已更换，旧耗材已回收。'),
    hoursAgo: 96,
    then: [
      ['zhangsan', 'read'],
      ['zhangsan', 'delete'],
    ],
  },
  {
    from: 'zhangsan',
    to: ['yangfan'],
    cc: ['lisi'],
    subject: '采购申请补充说明',
    body: p('杨经理：', '关于办公用品采购申请，补充说明如下：'),
    hoursAgo: 1,
    draft: true,
  },
  {
    from: 'lisi',
    to: ['zhangsan', 'zhaoliu'],
    subject: '年终评优材料准备',
    body: p('请各位在下周一前提交个人年终总结和评优材料。'),
    hoursAgo: 5,
  },
];

/** Demo mail for the demo accounts (张三, 李四): unread, read, starred, replied, deleted, a bcc and a draft. */
export async function seedMail(tx: Db): Promise<void> {
  const ids: string[] = [];
  for (const mail of demoMails) {
    const parentId = mail.replyTo === undefined ? undefined : ids[mail.replyTo];
    const { id } = await writeMail(tx, principal(mail.from), {
      to: mail.to.map(uid),
      cc: (mail.cc ?? []).map(uid),
      bcc: (mail.bcc ?? []).map(uid),
      subject: mail.subject,
      bodyHtml: mail.body,
      priority: mail.priority ?? 'normal',
      receipt: mail.receipt ?? false,
      attachments: [],
      parentId,
      relation: parentId ? 'reply' : undefined,
      send: !mail.draft,
    });
    ids.push(id);
    // spread the demo over the last days, so the lists have an order
    const at = new Date(Date.now() - mail.hoursAgo * 3600_000);
    await tx
      .update(t.mailMessages)
      .set({ sentAt: mail.draft ? null : at, updatedAt: at })
      .where(eq(t.mailMessages.id, id));
    await tx.update(t.mailboxes).set({ at }).where(eq(t.mailboxes.messageId, id));
    for (const [username, action] of mail.then ?? []) await changeBox(tx, principal(username), id, action);
  }
}
