import type { PopOrg, PopUser } from '@contract/poppage';
import type { OrgRef } from '../upms/org-lineage';
import { fullNameAndId } from '../upms/org-lineage';
import type { loadUserProfile } from '../upms/service';
import { presentUserVo } from '../upms/presenter';

type Profile = Awaited<ReturnType<typeof loadUserProfile>>;

/** A user for pop-up pages: public fields, department and post names; no hash, no status internals. */
export function presentUser(profile: Profile): PopUser {
  const vo = presentUserVo(
    profile.user,
    profile.posts.map((p) => p.id),
  );
  return {
    id: vo.id,
    username: vo.username,
    realName: vo.realName,
    orgId: vo.orgId,
    orgName: profile.lineage.at(-1)?.name ?? '',
    orgFullName: fullNameAndId(profile.lineage).fullName,
    postNames: profile.posts.map((p) => p.name),
    mobile: vo.mobile,
    email: vo.email,
    avatar: vo.avatar,
    gender: vo.gender,
  };
}

/** An organisation for pop-up pages, with its full name and head. */
export function presentOrg(org: OrgRef, fullName: string, leaderName: string | null): PopOrg {
  const type = org.type === 'group' || org.type === 'company' ? org.type : 'dept';
  return {
    id: org.id,
    name: org.name,
    parentId: org.parentId,
    type,
    fullName,
    leaderUserId: org.leaderUserId,
    leaderName,
  };
}
