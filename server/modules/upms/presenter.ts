import type { CurrentUserData, UserVo } from '@contract/auth';
import type { users } from '../../db/schema';
import type { Principal } from '../session/service';
import { fullNameAndId, type OrgRef } from './org-lineage';

type UserRow = typeof users.$inferSelect;

/** The public face of a user row (never the password hash or search grams). */
export function presentUserVo(user: UserRow, postIds: string[]): UserVo {
  return {
    id: user.id,
    username: user.username,
    realName: user.realName,
    orgId: user.orgId,
    postIds,
    mobile: user.mobile,
    email: user.email,
    avatar: user.avatar,
    gender: user.gender === 'male' || user.gender === 'female' ? user.gender : null,
    status: user.status === 'disabled' ? 'disabled' : 'active',
  };
}

/** GET /api/upms/user/current data (contract CurrentUserData). */
export function presentCurrentUser(
  profile: { user: UserRow; lineage: OrgRef[]; posts: { id: string }[] },
  principal: Principal,
  urls: { gatewayUrl: string; fileBaseUrl: string },
): CurrentUserData {
  const { fullName, fullId } = fullNameAndId(profile.lineage);
  return {
    userVo: presentUserVo(
      profile.user,
      profile.posts.map((p) => p.id),
    ),
    orgName: profile.lineage.at(-1)?.name ?? '',
    signImg: profile.user.signImg,
    orgFullName: fullName,
    orgFullId: fullId,
    gatewayUrl: urls.gatewayUrl,
    fileBaseUrl: urls.fileBaseUrl,
    permissions: principal.permissions,
    roles: principal.roles,
    mustChangePassword: profile.user.mustChangePassword,
  };
}
