import { z } from 'zod';

/** POST /api/form/poppage/getDataById body: which kind of record, and its id (custom: a 业务建模 record, contract/custom.ts). */
export const popPageBody = z.object({
  code: z.enum(['user', 'org', 'post', 'dict', 'custom'], { error: 'code 只能是 user、org、post、dict 或 custom' }),
  id: z.string().trim().min(1, '请提供ID').max(64, 'ID格式不正确'),
});
export type PopPageBody = z.infer<typeof popPageBody>;

/** data for code 'user'. */
export interface PopUser {
  id: string;
  username: string;
  realName: string;
  orgId: string;
  orgName: string;
  orgFullName: string;
  postNames: string[];
  mobile: string | null;
  email: string | null;
  avatar: string | null;
  gender: 'male' | 'female' | null;
}

/** data for code 'org'. */
export interface PopOrg {
  id: string;
  name: string;
  parentId: string | null;
  type: 'group' | 'company' | 'dept';
  fullName: string;
  leaderUserId: string | null;
  leaderName: string | null;
}

/** data for code 'post'. */
export interface PopPost {
  id: string;
  code: string;
  name: string;
}

/** data for code 'dict'. */
export interface PopDictItem {
  id: string;
  typeCode: string;
  label: string;
  value: string;
}
