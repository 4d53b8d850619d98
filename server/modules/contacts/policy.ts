import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may see and change what in 通讯录. Personal contacts, favourites and private groups belong to one user:
 * anyone else hears 404, the same answer as for an id that never existed, so ids reveal nothing.
 */

export interface GroupRow {
  ownerId: string | null;
  isPublic: boolean;
}

/** A group is seen by its owner; a public one by everybody. */
export function viewGroupRefusal(group: GroupRow | undefined, user: Principal): AppError | null {
  if (!group) return new AppError(404, '群组不存在');
  return group.isPublic || group.ownerId === user.id ? null : new AppError(404, '群组不存在');
}

/** Renaming, deleting and changing members: the owner only; public groups are kept by the administrators elsewhere. */
export function editGroupRefusal(group: GroupRow | undefined, user: Principal): AppError | null {
  const hidden = viewGroupRefusal(group, user);
  if (hidden) return hidden;
  return group!.ownerId === user.id ? null : new AppError(403, '公共群组不能修改');
}

/** A personal contact is its owner's alone. */
export function personalContactRefusal(contact: { ownerId: string } | undefined, user: Principal): AppError | null {
  return contact && contact.ownerId === user.id ? null : new AppError(404, '联系人不存在');
}

export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
