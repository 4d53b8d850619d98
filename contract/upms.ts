/** Reminder channels of spec §3, in display order, with their Chinese labels. */
export const reminderChannels = {
  Wechat: '企业微信',
  DingTalk: '钉钉',
  DjIm: '即时通讯',
  pc: 'PC端',
  sms: '短信',
  app: 'APP',
  wave_cloud: '浪潮云',
  email: '邮件',
  middle: '业务中台',
} as const;
export type ReminderChannel = keyof typeof reminderChannels;

/** GET /api/upms/sys/config/info data: the site config, fetched once and stored locally. */
export interface SiteConfig {
  webName: string;
  tenantId: string;
  tipConfig: { mobileTip: string };
  upload: { maxSizeMb: number; accept: string };
  watermark: boolean;
}

/** GET /api/upms/upms/dict/type/{type} data. */
export interface DictItem {
  label: string;
  value: string;
  sort: number;
  cssClass: string | null;
}

/** A node of the selector trees: popCode 'org' marks an organisation, anything else is a user. */
export interface SelectorNode {
  id: string;
  name: string;
  popCode: 'org' | 'user' | 'group' | 'post';
  realName: string;
  parentId: string | null;
  /** organisations and groups: how many users sit anywhere below (for the 全选 count) */
  userCount?: number;
  /** users: department name, for search results */
  orgName?: string;
  avatar?: string | null;
  /** users: their posts (岗位), joined with 、 (address book) */
  postName?: string;
  /** users: contact details for the address book */
  mobile?: string;
  email?: string;
}

/** GET /api/upms/user/org/all/{id}: every user below an organisation (used when an org is ticked). */
export type OrgAllUsers = SelectorNode[];

/** 离职交接: what a person still holds (GET /api/upms/user/:id/open-work). */
export interface OpenWork {
  /** open 待办 (pending, or waiting for added signers) */
  tasks: number;
  /** drafts and running or returned requests they started */
  requests: number;
  /** meetings still to come that they organise */
  meetings: number;
  /** custom groups they own */
  groups: number;
  total: number;
  /** the receiver offered by default: the person's department head, if any */
  suggestedReceiverId: string | null;
}

/** What one hand-over moved, by kind (one audit row each). */
export interface HandoverResult {
  tasks: number;
  requests: number;
  meetings: number;
  groups: number;
}
