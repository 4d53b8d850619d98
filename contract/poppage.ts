/** Shapes of POST /api/form/poppage/getDataById. zod-free; the body's schema is in contract/poppage-schemas.ts (server only). */
export type { PopPageBody } from './poppage-schemas';

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
