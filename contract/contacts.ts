import type { SelectorNode } from './upms';

/**
 * 通讯录 calls (module code contacts). Only the owner ever sees or changes their groups, personal contacts and
 * favourites; another user's id answers 404 as if it did not exist.
 *
 *   GET    /api/contacts/users/:id                 ContactCard (within the org-visibility scope)
 *   GET    /api/contacts/favourites                SelectorNode[]   (常用联系人)
 *   PUT    /api/contacts/favourites/:userId        add            DELETE same path: remove
 *   GET    /api/contacts/groups                    ContactGroup[]  (the caller's own, then public ones)
 *   POST   /api/contacts/groups                    GroupBody → ContactGroup
 *   GET    /api/contacts/groups/:id                ContactGroupDetail
 *   PUT    /api/contacts/groups/:id                { name } rename      DELETE same path: delete
 *   POST   /api/contacts/groups/:id/members        { userIds } add      DELETE …/members/:userId remove
 *   GET    /api/contacts/personal?pageNum&pageSize&keyword   Page<PersonalContact>
 *   POST   /api/contacts/personal                  PersonalContactBody → PersonalContact
 *   GET/PUT/DELETE /api/contacts/personal/:id
 */

/** A colleague's card: the selector node plus the organisation path and whether the caller starred them. */
export interface ContactCard extends SelectorNode {
  orgFullName: string;
  favourite: boolean;
}

/** A custom group (自定义群组): the caller's own (`mine`, editable) or a public one (read-only). */
export interface ContactGroup {
  id: string;
  name: string;
  memberCount: number;
  mine: boolean;
}

export interface ContactGroupDetail extends ContactGroup {
  members: SelectorNode[];
}

/** A personal contact (个人通讯录): kept by and visible to its owner only. */
export interface PersonalContact {
  id: string;
  name: string;
  mobile: string;
  email: string | null;
  company: string | null;
  post: string | null;
  remark: string | null;
  updatedAt: string;
}

/** Mainland mobile (11 digits from 1[3-9]) or a landline with area code (010-12345678). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
export const PHONE_MESSAGE = '请输入正确的手机号码或座机号码';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
