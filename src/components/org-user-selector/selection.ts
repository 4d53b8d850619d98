import type { SelectorNode } from '@contract/upms';

/** The picked users, de-duplicated by id (spec §4), in the order they were picked. */
export type Selection = ReadonlyMap<string, SelectorNode>;

export function toggleUser(selection: Selection, user: SelectorNode, multiple: boolean): Map<string, SelectorNode> {
  if (selection.has(user.id)) {
    const next = new Map(selection);
    next.delete(user.id);
    return next;
  }
  const next = multiple ? new Map(selection) : new Map<string, SelectorNode>();
  next.set(user.id, user);
  return next;
}

/** Ticking an organisation adds all its users; unticking removes them (spec §4). */
export function setUsers(selection: Selection, users: SelectorNode[], ticked: boolean): Map<string, SelectorNode> {
  const next = new Map(selection);
  for (const user of users) {
    if (user.popCode !== 'user') continue;
    if (ticked) next.set(user.id, user);
    else next.delete(user.id);
  }
  return next;
}

export function allSelected(selection: Selection, users: SelectorNode[]): boolean {
  const only = users.filter((u) => u.popCode === 'user');
  return only.length > 0 && only.every((u) => selection.has(u.id));
}
