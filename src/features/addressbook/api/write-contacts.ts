import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCard } from '@contract/contacts';
import type { SelectorNode } from '@contract/upms';
import type { PersonalContactBody } from '@contract/contacts-schemas';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue, type OutboxMethod } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { afterFavouriteWrite, afterGroupWrite, afterPersonalWrite, contactsKeys } from './contacts-keys';

const id = encodeURIComponent;

/** Sends a 通讯录 write now, or queues it offline (replayed once with the same Idempotency-Key). */
function send<T>(method: OutboxMethod, url: string, label: string, invalidate: unknown[][], body?: unknown) {
  return sendOrQueue<T>({
    method,
    url,
    body,
    label,
    invalidate,
    idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
  });
}

export const favouriteUrl = (userId: string) => `/api/contacts/favourites/${id(userId)}`;

/**
 * 收藏 / 取消收藏 a colleague. The star and 常用联系人 change at once (also offline, where the write waits in the
 * outbox); a refusal puts back what was shown and says why. A queued write the server refuses later is rolled back
 * by the replay, which refetches the same keys and lists the refusal in the sync bar.
 */
export function useToggleFavourite(userId: string, name: string) {
  const queryClient = useQueryClient();
  const feedback = writeFeedback<{ queued?: boolean }>('已更新常用联系人');
  return useMutation({
    mutationFn: (favourite: boolean) =>
      send<unknown>(
        favourite ? 'PUT' : 'DELETE',
        favouriteUrl(userId),
        `${favourite ? '收藏' : '取消收藏'}「${name}」`,
        afterFavouriteWrite(userId),
      ),
    onMutate: async (favourite: boolean) => {
      const card = contactsKeys.card(userId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: card }),
        queryClient.cancelQueries({ queryKey: contactsKeys.favourites }),
      ]);
      const before = {
        card: queryClient.getQueryData<ContactCard>(card),
        favourites: queryClient.getQueryData<SelectorNode[]>(contactsKeys.favourites),
      };
      queryClient.setQueryData<ContactCard>(card, (old) => (old ? { ...old, favourite } : old));
      queryClient.setQueryData<SelectorNode[]>(contactsKeys.favourites, (old) => {
        if (!old) return old;
        const rest = old.filter((u) => u.id !== userId);
        if (!favourite || !before.card) return rest;
        const { orgFullName: _path, favourite: _star, ...node } = before.card;
        return [...rest, node];
      });
      return before;
    },
    onError: (error, _favourite, before) => {
      if (before) {
        queryClient.setQueryData(contactsKeys.card(userId), before.card);
        queryClient.setQueryData(contactsKeys.favourites, before.favourites);
      }
      feedback.onError(error);
    },
    onSuccess: feedback.onSuccess,
  });
}

export function useCreateGroup() {
  return useMutation({
    mutationFn: (body: { name: string; memberIds: string[] }) =>
      send<{ id: string }>('POST', '/api/contacts/groups', `新建群组「${body.name}」`, afterGroupWrite(), body),
    ...writeFeedback('群组已创建'),
  });
}

export function useRenameGroup(groupId: string) {
  return useMutation({
    mutationFn: (name: string) =>
      send('PUT', `/api/contacts/groups/${id(groupId)}`, `重命名群组为「${name}」`, afterGroupWrite(groupId), { name }),
    ...writeFeedback('群组已重命名'),
  });
}

export function useDeleteGroup(groupId: string) {
  return useMutation({
    mutationFn: (name: string) =>
      send('DELETE', `/api/contacts/groups/${id(groupId)}`, `删除群组「${name}」`, afterGroupWrite(groupId)),
    ...writeFeedback('群组已删除'),
  });
}

export function useAddMembers(groupId: string) {
  return useMutation({
    mutationFn: (userIds: string[]) =>
      send('POST', `/api/contacts/groups/${id(groupId)}/members`, '添加群组成员', afterGroupWrite(groupId), {
        userIds,
      }),
    ...writeFeedback('成员已添加'),
  });
}

export function useRemoveMember(groupId: string) {
  return useMutation({
    mutationFn: ({ userId, name }: { userId: string; name: string }) =>
      send(
        'DELETE',
        `/api/contacts/groups/${id(groupId)}/members/${id(userId)}`,
        `移除成员「${name}」`,
        afterGroupWrite(groupId),
      ),
    ...writeFeedback('成员已移除'),
  });
}

/** Adds (no id) or saves a personal contact. */
export function useSavePersonal(contactId?: string) {
  return useMutation({
    mutationFn: (body: PersonalContactBody) =>
      contactId
        ? send(
            'PUT',
            `/api/contacts/personal/${id(contactId)}`,
            `保存联系人「${body.name}」`,
            afterPersonalWrite(contactId),
            body,
          )
        : send('POST', '/api/contacts/personal', `添加联系人「${body.name}」`, afterPersonalWrite(), body),
    ...writeFeedback(contactId ? '联系人已保存' : '联系人已添加'),
  });
}

export function useDeletePersonal(contactId: string) {
  return useMutation({
    mutationFn: (name: string) =>
      send('DELETE', `/api/contacts/personal/${id(contactId)}`, `删除联系人「${name}」`, afterPersonalWrite(contactId)),
    ...writeFeedback('联系人已删除'),
  });
}
