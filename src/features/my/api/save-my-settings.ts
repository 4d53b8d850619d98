import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import type { MyPreferences } from '@contract/my';

import { get, post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue, type OutboxMethod } from '@/offline/outbox';
import { getUid } from '@/lib/uid-store';
import { sessionKeys } from '@/session/current-user-query';
import { encryptPassword } from '@/session/login';
import { userStore } from '@/session/user-store';
import { writeFeedback } from '@/ui/write-feedback';
import { myKeys } from './my-keys';

function send(method: OutboxMethod, url: string, label: string, invalidate: unknown[][], body: unknown) {
  return sendOrQueue({ method, url, body, label, invalidate, idempotencyKey: rememberOwnWrite(newIdempotencyKey()) });
}

/** Settings: saved now or queued offline; the cached preferences change at once so the screen shows the choice. */
function usePreference<K extends keyof MyPreferences>(key: K, url: string, label: string, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: NonNullable<MyPreferences[K]>) => {
      queryClient.setQueryData<MyPreferences>(myKeys.preferences, (old) => (old ? { ...old, [key]: value } : old));
      const body = key === 'reminderChannels' ? { channels: value } : { phrases: value };
      return send('PUT', url, label, [[...myKeys.preferences]], body);
    },
    ...writeFeedback(success),
    // a refused save puts back what the server holds
    onSettled: (_data: unknown, error: unknown) =>
      void (error && queryClient.invalidateQueries({ queryKey: myKeys.preferences })),
  });
}

export const useSaveChannels = () =>
  usePreference('reminderChannels', '/api/my/preferences/channels', '保存提醒方式', '提醒方式已保存');
/** 我的 → 提醒方式: the escalation order and 免打扰, saved together. */
export function useSaveEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: Pick<Required<MyPreferences>, 'channelOrder' | 'quietHours'>) => {
      queryClient.setQueryData<MyPreferences>(myKeys.preferences, (old) => (old ? { ...old, ...value } : old));
      return send('PUT', '/api/my/preferences/escalation', '保存提醒顺序', [[...myKeys.preferences]], value);
    },
    onSettled: (_data: unknown, error: unknown) =>
      void (error && queryClient.invalidateQueries({ queryKey: myKeys.preferences })),
  });
}
export const useSavePhrases = () =>
  usePreference('opinionPhrases', '/api/my/preferences/phrases', '保存常用意见', '常用意见已保存');

type ImageKind = 'avatar' | 'signature';
const withImage = (user: CurrentUserData, kind: ImageKind, image: string | null): CurrentUserData =>
  kind === 'signature' ? { ...user, signImg: image } : { ...user, userVo: { ...user.userVo, avatar: image } };

/**
 * Shows the new image everywhere at once, online or queued: in the cached current user (persisted, so an offline
 * restart keeps it; 我的 reads it) and in the user store (办理 reads the signature there, so a decision on a node that
 * asks for one is no longer refused for a signature set offline). Gives back what to put back on a refusal.
 */
function showImage(queryClient: QueryClient, kind: ImageKind, image: string | null) {
  const key = sessionKeys.currentUser(getUid() ?? '');
  const cached = queryClient.getQueryData<CurrentUserData>(key);
  const stored = userStore.get();
  if (cached) queryClient.setQueryData<CurrentUserData>(key, withImage(cached, kind, image));
  if (stored.user) userStore.set({ ...stored, user: withImage(stored.user, kind, image) });
  return () => {
    if (cached) queryClient.setQueryData(key, cached);
    if (stored.user) userStore.set({ ...userStore.get(), user: stored.user });
  };
}

/**
 * 头像 / 签名: a data URL (or null to remove), carried in the write itself, so a queued one needs no upload of its
 * own and is saved once (one Idempotency-Key). It shows at once; once the server has it (now, or when the queued
 * write is replayed) the current user is invalidated: 我的 observes it (useCurrentUser) and fetches it again, and the
 * guard of the next navigation refreshes it for every other screen. A refusal puts back the image shown before.
 */
export function useSaveImage(kind: ImageKind) {
  const queryClient = useQueryClient();
  const what = kind === 'avatar' ? '头像' : '签名';
  const { onSuccess, onError } = writeFeedback<{ queued?: boolean }>(`${what}已更新`);
  return useMutation({
    onMutate: async (image: string | null) => {
      await queryClient.cancelQueries({ queryKey: sessionKeys.all });
      return showImage(queryClient, kind, image);
    },
    mutationFn: (image: string | null) =>
      send('PUT', `/api/my/profile/${kind}`, `更新${what}`, [[...sessionKeys.all]], { image }),
    onSuccess,
    onError: (error: unknown, _image: string | null, putBack?: () => void) => {
      putBack?.();
      onError(error);
    },
  });
}

/** 修改密码: needs the network (the server checks the old password); both passwords go RSA-encrypted as at login. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
      const publicPem = await get<string>('/api/oauth/publicKey', undefined, { silent: true, noLoading: true });
      const [oldCipher, newCipher] = await Promise.all([
        encryptPassword(publicPem, oldPassword),
        encryptPassword(publicPem, newPassword),
      ]);
      return post(
        '/api/my/password',
        { oldPassword: oldCipher, newPassword: newCipher },
        { idempotencyKey: rememberOwnWrite(newIdempotencyKey()), silent: true },
      );
    },
    ...writeFeedback('密码已修改'),
  });
}
