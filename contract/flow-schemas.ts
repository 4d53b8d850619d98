import { z } from 'zod';

/** Request bodies and list queries of the flow calls (contract/flow.ts lists them): validated on the server; the client imports only their types, so zod stays out of the app bundle. */

const id = z.string().uuid('ID格式不正确');
const opinion = z.string().trim().max(2000, '意见不能超过2000字').default('');
const attachments = z.array(z.object({ fileName: z.string().min(1).max(200), attachName: z.string().min(1).max(255) })).max(20, '附件最多20个').default([]);
const channels = z.array(z.string().max(32)).max(10).default([]);

export const startBody = z.object({
  definitionId: id,
  formData: z.record(z.string(), z.unknown()),
  draft: z.boolean().default(false),
  chosenAssignees: z.array(id).max(20).default([]),
  channels,
  attachments,
});
export type StartBody = z.input<typeof startBody>;

export const approveBody = z.object({ opinion, attachments, formData: z.record(z.string(), z.unknown()).optional(), chosenAssignees: z.array(id).max(20).default([]), channels });
export const rejectBody = z.object({ opinion, attachments });
export const returnBody = z.object({ opinion, attachments, targetNodeId: z.string().min(1, '请选择退回节点').max(64) });
export const transferBody = z.object({ opinion, toUserId: id });
export const addSignerBody = z.object({ opinion, userIds: z.array(id).min(1, '请选择加签人员').max(10) });
export const urgeBody = z.object({ channels: z.array(z.string().max(32)).min(1, '请选择提醒方式').max(10), opinion });

export type ApproveBody = z.input<typeof approveBody>;
export type ReturnBody = z.input<typeof returnBody>;
export type TransferBody = z.input<typeof transferBody>;
export type AddSignerBody = z.input<typeof addSignerBody>;

export const flowListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(50, '关键字过长').optional(),
  category: z.string().max(32).optional(),
  from: z.string().date('开始日期格式不正确').optional(),
  to: z.string().date('结束日期格式不正确').optional(),
});
