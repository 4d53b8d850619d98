import { z } from 'zod';
import { keywordField, pageFields } from './pagination-schemas';
import { MAIL_FOLDERS, MAIL_PRIORITIES, mailSendRules as rule } from './mail';
import { reminderChannel } from './message-schemas';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userIds = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label}格式不正确` })
        .regex(uuid, `${label}格式不正确`)
        .transform((id) => id.toLowerCase()),
      { error: `${label}格式不正确` },
    )
    .max(200, `${label}不能超过200人`)
    .default([]);

const attachment = z.object({
  fileName: z
    .string({ error: '附件不存在' })
    .regex(uuid, '附件不存在')
    .transform((id) => id.toLowerCase()),
  attachName: z.string().max(255, '附件名称过长').default(''),
  size: z.number().int().min(0).default(0),
  mime: z.string().max(255).default(''),
});

/** POST /api/mail/messages: save a draft (send false) or send; `id` continues a draft, `parentId` answers a mail. */
export const mailWriteBody = z
  .object({
    id: z
      .string()
      .regex(uuid, '草稿ID格式不正确')
      .transform((id) => id.toLowerCase())
      .optional(),
    to: userIds('收件人'),
    cc: userIds('抄送人'),
    bcc: userIds('密送人'),
    subject: z.string({ error: '主题格式不正确' }).trim().max(rule.subject.max, rule.subject.tooLong).default(''),
    bodyHtml: z.string({ error: '正文格式不正确' }).max(200_000, '正文过长').default(''),
    priority: z.enum(MAIL_PRIORITIES, { error: '优先级不正确' }).default('normal'),
    receipt: z.boolean({ error: '已读回执格式不正确' }).default(false),
    /** 机密: reminders outside the mail carry only the sender and the subject */
    confidential: z.boolean({ error: '机密标记格式不正确' }).default(false),
    /** 提醒方式 of a send: the recipients are reminded on these; left out, the sender's 我的 → 提醒方式 applies */
    channels: z.array(reminderChannel, { error: '提醒方式不正确' }).max(10, '提醒方式不正确').optional(),
    attachments: z.array(attachment, { error: '附件格式不正确' }).max(20, '附件不能超过20个').default([]),
    parentId: z
      .string()
      .regex(uuid, '原邮件ID格式不正确')
      .transform((id) => id.toLowerCase())
      .optional(),
    relation: z.enum(['reply', 'forward'], { error: '回复方式不正确' }).optional(),
    send: z.boolean({ error: '发送标记格式不正确' }).default(false),
  })
  .superRefine((body, ctx) => {
    if (!body.send) return;
    if (body.to.length + body.cc.length + body.bcc.length === 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: rule.recipients });
    if (!body.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: rule.subject.required });
  });
export type MailWriteBody = z.input<typeof mailWriteBody>;
export type MailWrite = z.output<typeof mailWriteBody>;

export const mailListParams = z.object({ folder: z.enum(MAIL_FOLDERS, { error: '邮件夹不存在' }) });

export const mailListQuery = z.object({
  ...pageFields,
  keyword: keywordField(100),
  /** 未读邮件 only: the mail being read stays listed after opening it marked it read */
  keep: z.string().uuid('邮件编号格式不正确').optional(),
});
