/** Session and current-user shapes. zod-free; the login bodies' schemas are in contract/auth-schemas.ts (server only). */
export type { LoginBody } from './auth-schemas';

export interface UserVo {
  id: string;
  username: string;
  realName: string;
  orgId: string;
  postIds: string[];
  mobile: string | null;
  email: string | null;
  avatar: string | null;
  gender: 'male' | 'female' | null;
  status: 'active' | 'disabled';
}

/** GET /api/upms/user/current data. */
export interface CurrentUserData {
  userVo: UserVo;
  orgName: string;
  signImg: string | null;
  orgFullName: string;
  orgFullId: string;
  gatewayUrl: string;
  fileBaseUrl: string;
  permissions: string[];
  roles: string[];
  /** the account still has the initial password it was given (npm run org:import): 修改密码 comes before anything else */
  mustChangePassword?: boolean;
}

/** POST /api/mobile/ding/talk/login?code&path data. */
export interface DingTalkLoginData {
  uid: string;
  path: string;
}

/** POST /api/mobile/wecom/login?code&path data (the WeCom entry, /wecom?path=). */
export type WecomLoginData = DingTalkLoginData;

/** GET /api/mobile/wecom/authorize?path data: WeCom's OAuth page, which comes back to /wecom?path=…&code=…. */
export interface WecomAuthorizeData {
  url: string;
}

/**
 * POST /api/mobile/uni/app/login?cid&path data. Without a session the cid's bound user gets a new one (`uid`);
 * with a session the cid is bound to it (no `uid`).
 */
export interface UniAppLoginData {
  uid?: string;
  path: string;
}

/** POST /api/mobile/wxmobile/app/signature2 data (WeCom JS-SDK config). */
export interface WxSignatureData {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}
