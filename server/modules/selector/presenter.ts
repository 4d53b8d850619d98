import type { SelectorNode } from '@contract/upms';

export interface UserRowForNode {
  id: string;
  realName: string;
  orgId: string;
  orgName: string | null;
  avatar: string | null;
  mobile: string | null;
  email: string | null;
  postName: string | null;
}

/** A user as a selector node; parentId is the node it was listed under (org, group or post). */
export function userNode(user: UserRowForNode, parentId: string | null = user.orgId): SelectorNode {
  return {
    id: user.id,
    name: user.realName,
    popCode: 'user',
    realName: user.realName,
    parentId,
    orgName: user.orgName ?? undefined,
    avatar: user.avatar,
    postName: user.postName ?? undefined,
    mobile: user.mobile ?? undefined,
    email: user.email ?? undefined,
  };
}

/** An organisation, group or post as a selector node with the number of users below it. */
export function containerNode(
  popCode: 'org' | 'group' | 'post',
  row: { id: string; name: string; parentId?: string | null },
  userCount: number,
): SelectorNode {
  return { id: row.id, name: row.name, popCode, realName: row.name, parentId: row.parentId ?? null, userCount };
}
