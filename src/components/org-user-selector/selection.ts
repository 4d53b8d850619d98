import type { SelectorNode } from '@contract/upms';

/** The picked users, de-duplicated by id (spec §4), in the order they were picked. */
export type Selection = ReadonlyMap<string, SelectorNode>;

export const isUserNode = (node: SelectorNode) => node.popCode === 'user';

export function toSelection(users: readonly SelectorNode[]): Map<string, SelectorNode> {
  return new Map(users.filter(isUserNode).map((u) => [u.id, u]));
}

/** Ticking a user adds it, ticking it again removes it; single mode keeps only the last one. */
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
export function setUsers(
  selection: Selection,
  users: readonly SelectorNode[],
  ticked: boolean,
): Map<string, SelectorNode> {
  const next = new Map(selection);
  for (const user of users) {
    if (!isUserNode(user)) continue;
    if (ticked) next.set(user.id, user);
    else next.delete(user.id);
  }
  return next;
}

export function allSelected(selection: Selection, users: readonly SelectorNode[]): boolean {
  const only = users.filter(isUserNode);
  return only.length > 0 && only.every((u) => selection.has(u.id));
}

export function someSelected(selection: Selection, users: readonly SelectorNode[]): boolean {
  return users.some((u) => isUserNode(u) && selection.has(u.id));
}

/** A node's field by a configurable name (spec §3: label and value field names are configurable). */
export function fieldOf(node: SelectorNode, field: string, fallback: keyof SelectorNode): string {
  const value = (node as unknown as Record<string, unknown>)[field];
  return String(value ?? node[fallback] ?? '');
}
