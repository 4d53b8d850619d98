import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_MESSAGE, PHONE_PATTERN } from './contacts';

/** Bodies of the 通讯录 writes (contract/contacts.ts lists the calls); the client imports only their types. */

const id = z.string().uuid('人员ID格式不正确');
const groupName = z.string({ error: '请输入群组名称' }).trim().min(1, '请输入群组名称').max(30, '群组名称不能超过30字');
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}字`)
    .nullish()
    .transform((v) => v || null);

export const groupBody = z.object({
  name: groupName,
  memberIds: z.array(id).max(500, '群组成员最多500人').default([]),
});
export type GroupBody = z.input<typeof groupBody>;
export const renameGroupBody = z.object({ name: groupName });
export const groupMembersBody = z.object({ userIds: z.array(id).min(1, '请选择成员').max(500, '群组成员最多500人') });

export const personalContactBody = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名不能超过30字'),
  mobile: z.string({ error: '请输入手机号码' }).trim().min(1, '请输入手机号码').regex(PHONE_PATTERN, PHONE_MESSAGE),
  email: optionalText('邮箱', 100).refine((v) => v === null || EMAIL_PATTERN.test(v), '请输入正确的邮箱地址'),
  company: optionalText('单位', 60),
  post: optionalText('职务', 30),
  remark: optionalText('备注', 200),
});
export type PersonalContactBody = z.input<typeof personalContactBody>;
