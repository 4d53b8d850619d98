import type { SelectorNode } from '@contract/upms';

const MAX_RECENT = 10;
const keyOf = (userKey: string) => `oa-recent-contacts:${userKey}`;

/** 最近联系人: the cards this user opened last, newest first, kept on this device only (per user). */
export function readRecent(userKey: string | undefined): SelectorNode[] {
  if (!userKey) return [];
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(userKey)) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? (parsed as SelectorNode[]).filter((n) => n && typeof n.id === 'string' && typeof n.realName === 'string')
      : [];
  } catch {
    return [];
  }
}

export function rememberRecent(userKey: string | undefined, node: SelectorNode): void {
  if (!userKey) return;
  const { id, name, popCode, realName, parentId, orgName, avatar, postName, mobile, email } = node;
  const entry: SelectorNode = { id, name, popCode, realName, parentId, orgName, avatar, postName, mobile, email };
  const next = [entry, ...readRecent(userKey).filter((n) => n.id !== id)].slice(0, MAX_RECENT);
  try {
    localStorage.setItem(keyOf(userKey), JSON.stringify(next));
  } catch {
    // storage full or blocked: the list is a convenience only
  }
}
