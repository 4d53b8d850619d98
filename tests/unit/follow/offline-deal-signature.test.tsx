import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import type { MyPreferences } from '@contract/my';
import { setUid } from '@/lib/uid-store';
import { persistedAt, wipeQueryCaches } from '@/offline/persister';
import { startQueryPersistence } from '@/offline/query-persistence';
import { startOffline } from '@/offline/start-offline';
import { listOutbox } from '@/offline/outbox-list';
import { clearCurrentUser, userStore } from '@/session/user-store';
import { sessionKeys } from '@/session/current-user-query';
import { persistedRoots } from '@/modules';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { clearOutbox } from '../offline/outbox-harness';
import { renderPages } from '../support/render-pages';
import { runningLeave } from '../support/flow-fixtures';

// Issue 45 §2: a 办理 on a node that asks for a signature, on a phone restarted offline, works from the signature 我的
// left in the persisted current user: it shows, and the decision waits in the outbox like any other.
const mocks = vi.hoisted(() => ({ info: vi.fn(), fail: vi.fn(), get: vi.fn(), post: vi.fn() }));
vi.mock('@/api/http', async (original) => ({
  ...(await original<object>()),
  get: mocks.get,
  post: mocks.post,
}));
vi.mock('@/api/site-config', () => ({ useSiteConfig: () => undefined, mobileTipChannels: () => ['app'] }));
vi.mock('@/ui/feedback', () => ({
  toast: { info: mocks.info, fail: mocks.fail, success: vi.fn() },
  dialog: { confirm: vi.fn(async () => true), alert: vi.fn() },
}));

const SIGN = 'data:image/png;base64,iVBORw0KGgoLISI=';
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
// the machine may be busy: a screen gets this long to answer
const SLOW = { timeout: 8000 };
const lisi = {
  userVo: { id: 'u4', username: 'lisi', realName: '李四', avatar: null },
  signImg: SIGN,
  permissions: [],
  roles: [],
} as unknown as CurrentUserData;
const send = vi.fn(async () => ({}));
const stops: Array<() => void> = [];

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  onlineManager.setOnline(true);
  setUid(null);
  clearCurrentUser();
  await wipeQueryCaches();
  await clearOutbox();
  vi.clearAllMocks();
});

/** 李四 opened the task online (his user with its signature saved on the phone), then the app restarts offline. */
async function restartOffline() {
  setUid('uid-lisi');
  const online = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  stops.push(await startQueryPersistence(online, { saveThrottleMs: 0, persistedRoots }));
  online.setQueryData(sessionKeys.currentUser('uid-lisi'), lisi);
  online.setQueryData(['my', 'preferences'], { reminderChannels: ['app'], opinionPhrases: [] } as MyPreferences);
  online.setQueryData(
    ['flow', 'instance', INSTANCE],
    runningLeave({ instanceId: INSTANCE, taskId: TASK }, { abilities: { needSign: true } }),
  );
  await vi.waitFor(async () => expect(await persistedAt('uid-lisi')).not.toBeNull());
  stops.splice(0).forEach((stop) => stop());

  // the restart: no network, nothing in memory
  clearCurrentUser();
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  onlineManager.setOnline(false);
  mocks.get.mockImplementation(() => Promise.reject(Object.assign(new Error('网络异常'), { kind: 'network' })));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' }, mutations: { networkMode: 'always' } },
  });
  stops.push(await startOffline(queryClient, { send, saveThrottleMs: 0, persistedRoots }));
  onlineManager.setOnline(false);
  return queryClient;
}

describe('办理 on a node that asks for a signature, offline', () => {
  it.each([
    ['同意', 'approve'],
    ['驳回', 'reject'],
  ])(
    'shows the cached signature and queues the %s',
    async (label, action) => {
      const queryClient = await restartOffline();
      expect(userStore.get().user?.signImg).toBe(SIGN);
      const { router } = renderPages(
        {
          '/deal': () => <DealWithPage instanceId={INSTANCE} taskId={TASK} />,
          '/follow/waitList': () => <p>待办列表</p>,
        },
        { at: '/deal', queryClient },
      );
      expect((await screen.findByRole('img', { name: '我的签名' }, SLOW)).getAttribute('src')).toBe(SIGN);
      fireEvent.click(screen.getByRole('radio', { name: label }));
      fireEvent.change(screen.getByPlaceholderText('请输入审批意见'), { target: { value: '路上办理' } });
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'), SLOW);
      expect(mocks.info).toHaveBeenCalledWith('已加入待同步队列，联网后自动提交');
      expect(mocks.fail).not.toHaveBeenCalled();
      expect(await listOutbox()).toEqual([
        expect.objectContaining({ url: `/api/flow/tasks/${TASK}/${action}`, verb: label, userKey: 'u4' }),
      ]);
      expect(send).not.toHaveBeenCalled();
      expect(mocks.post).not.toHaveBeenCalled();
    },
    30_000,
  );
});
