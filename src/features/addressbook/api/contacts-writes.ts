import { useMutation } from '@tanstack/react-query';
import type { PersonalContactBody } from '@contract/contacts-schemas';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue, type OutboxMethod } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { afterFavouriteWrite, afterGroupWrite, afterPersonalWrite } from './contacts-keys';

const id = encodeURIComponent;

/** Sends a 通讯录 write now, or queues it offline (replayed once with the same Idempotency-Key). */
function send<T>(method: OutboxMethod, url: string, label: string, invalidate: unknown[][], body?: unknown) {
  return sendOrQueue<T>({ method, url, body, label, invalidate, idempotencyKey: rememberOwnWrite(newIdempotencyKey()) });
}

/** 收藏 / 取消收藏 a colleague. */
export function useToggleFavourite(userId: string, name: string) {
  return useMutation({
    mutationFn: (favourite: boolean) =>
      favourite
        ? send('PUT', `/api/contacts/favourites/${id(userId)}`, `收藏「${name}」`, afterFavouriteWrite(userId))
        : send('DELETE', `/api/contacts/favourites/${id(userId)}`, `取消收藏「${name}」`, afterFavouriteWrite(userId)),
    ...writeFeedback<{ queued?: boolean }>('已更新常用联系人'),
  });
}

export function useCreateGroup() {
  return useMutation({
    mutationFn: (body: { name: string; memberIds: string[] }) => send<{ id: string }>('POST', '/api/contacts/groups', `新建群组「${body.name}」`, afterGroupWrite(), body),
    ...writeFeedback('群组已创建'),
  });
}

export function useRenameGroup(groupId: string) {
  return useMutation({
    mutationFn: (name: string) => send('PUT', `/api/contacts/groups/${id(groupId)}`, `重命名群组为「${name}」`, afterGroupWrite(groupId), { name }),
    ...writeFeedback('群组已重命名'),
  });
}

export function useDeleteGroup(groupId: string) {
  return useMutation({
    mutationFn: (name: string) => send('DELETE', `/api/contacts/groups/${id(groupId)}`, `删除群组「${name}」`, afterGroupWrite(groupId)),
    ...writeFeedback('群组已删除'),
  });
}

export function useAddMembers(groupId: string) {
  return useMutation({
    mutationFn: (userIds: string[]) => send('POST', `/api/contacts/groups/${id(groupId)}/members`, '添加群组成员', afterGroupWrite(groupId), { userIds }),
    ...writeFeedback('成员已添加'),
  });
}

export function useRemoveMember(groupId: string) {
  return useMutation({
    mutationFn: ({ userId, name }: { userId: string; name: string }) =>
      send('DELETE', `/api/contacts/groups/${id(groupId)}/members/${id(userId)}`, `移除成员「${name}」`, afterGroupWrite(groupId)),
    ...writeFeedback('成员已移除'),
  });
}

/** Adds (no id) or saves a personal contact. */
export function useSavePersonal(contactId?: string) {
  return useMutation({
    mutationFn: (body: PersonalContactBody) =>
      contactId
        ? send('PUT', `/api/contacts/personal/${id(contactId)}`, `保存联系人「${body.name}」`, afterPersonalWrite(contactId), body)
        : send('POST', '/api/contacts/personal', `添加联系人「${body.name}」`, afterPersonalWrite(), body),
    ...writeFeedback(contactId ? '联系人已保存' : '联系人已添加'),
  });
}

export function useDeletePersonal(contactId: string) {
  return useMutation({
    mutationFn: (name: string) => send('DELETE', `/api/contacts/personal/${id(contactId)}`, `删除联系人「${name}」`, afterPersonalWrite(contactId)),
    ...writeFeedback('联系人已删除'),
  });
}
