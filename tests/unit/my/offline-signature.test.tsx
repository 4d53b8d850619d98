import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUserData } from '@contract/auth';
import type { MyPreferences } from '@contract/my';
import { clearOutbox, fakeNetwork, loadOutbox, networkDown } from '../offline/outbox-harness';
import { renderPages, testQueryClient } from '../support/render-pages';
import { runningLeave } from '../support/flow-fixtures';

// Issue 45 §2: a handwritten signature drawn in 我的 offline waits in the outbox, shows at once, and lets a 办理 on a
// node that asks for a signature queue after it.
const PNG = 'data:image/png;base64,iVBORw0KGgoNEW=';
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
// the machine may be busy: a screen gets this long to answer
const SLOW = { timeout: 8000 };
const mocks = vi.hoisted(() => ({ info: vi.fn(), fail: vi.fn(), success: vi.fn() }));
// nothing is read from the network: the screens work from the cache
vi.mock('@/api/http', async (original) => ({
  ...(await original<object>()),
  get: vi.fn(() => new Promise(() => {})),
  post: vi.fn(() => Promise.reject(new Error('sent past the outbox'))),
}));
vi.mock('@/api/site-config', () => ({ useSiteConfig: () => undefined, mobileTipChannels: () => ['app'] }));
vi.mock('@/ui/feedback', () => ({
  toast: { info: mocks.info, fail: mocks.fail, success: mocks.success },
  dialog: { confirm: vi.fn(async () => true), alert: vi.fn() },
}));
// jsdom has no 2D canvas: the pad hands back a drawn signature when its 确定 is tapped
vi.mock('@/features/my/components/signature-pad', () => ({
  SignaturePad: ({ onDone }: { onDone: (data: string) => void }) => (
    <button type="button" onClick={() => onDone(PNG)}>
      确定签名
    </button>
  ),
}));

const lisi = {
  userVo: { id: 'u4', username: 'lisi', realName: '李四', mobile: null, email: null, avatar: null },
  signImg: null,
  permissions: [],
  roles: [],
} as unknown as CurrentUserData;

afterEach(async () => {
  await clearOutbox();
  vi.clearAllMocks();
});

/** 李四 offline, with no signature yet: his cached user as the offline start leaves it (query cache and store). */
async function offlineLisi() {
  const net = fakeNetwork();
  net.state.online = false;
  net.state.userKey = 'lisi';
  const queryClient = testQueryClient({
    queries: { networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  });
  const box = await loadOutbox(net, queryClient);
  const { setUid } = await import('@/lib/uid-store');
  const { setCurrentUser } = await import('@/session/user-store');
  const { sessionKeys } = await import('@/session/current-user-query');
  setUid('uid-lisi');
  queryClient.setQueryData(sessionKeys.currentUser('uid-lisi'), lisi);
  setCurrentUser(lisi);
  queryClient.setQueryData(['my', 'preferences'], { reminderChannels: ['app'], opinionPhrases: [] } as MyPreferences);
  queryClient.setQueryData(
    ['flow', 'instance', INSTANCE],
    runningLeave({ instanceId: INSTANCE, taskId: TASK }, { abilities: { needSign: true } }),
  );
  const { MyProfileMenu, SignatureForm } = await import('@/features/my/components/my-sections');
  const { DealWithPage } = await import('@/features/follow/components/deal-with-page');
  const page = {
    '/my': () => (
      <>
        <MyProfileMenu onSignature={() => undefined} />
        <SignatureForm onDone={() => undefined} />
      </>
    ),
    '/deal': () => <DealWithPage instanceId={INSTANCE} taskId={TASK} />,
    '/follow/waitList': () => <p>待办列表</p>,
  };
  return { net, box, queryClient, page };
}

describe('我的 → 签名, offline', () => {
  it('queues the drawn signature, says so, and shows it at once', async () => {
    const { net, box, queryClient, page } = await offlineLisi();
    renderPages(page, { at: '/my', queryClient });
    expect(await screen.findByText('未设置', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定签名' }));
    await waitFor(() => expect(mocks.info).toHaveBeenCalledWith('已加入待同步队列，联网后自动提交'), SLOW);
    expect(screen.getByRole('img', { name: '我的签名' }).getAttribute('src')).toBe(PNG);
    expect(screen.getByText('已设置')).toBeTruthy();
    const { userStore } = await import('@/session/user-store');
    expect(userStore.get().user?.signImg).toBe(PNG);
    const entries = await box.listOutbox();
    expect(entries).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/my/profile/signature',
        body: { image: PNG },
        label: '更新签名',
      }),
    ]);
    expect(net.sent).toEqual([]);
  }, 30_000);

  it('back online, is saved once under its Idempotency-Key, even after a failed attempt', async () => {
    const { net, box, queryClient, page } = await offlineLisi();
    renderPages(page, { at: '/my', queryClient });
    fireEvent.click(await screen.findByRole('button', { name: '确定签名' }, SLOW));
    await waitFor(() => expect(mocks.info).toHaveBeenCalled(), SLOW);
    const [entry] = await box.listOutbox();
    net.state.online = true;
    net.answers.push(networkDown);
    await box.replayOutbox();
    await box.replayOutbox({ force: true });
    await waitFor(async () => expect(await box.listOutbox()).toEqual([]), SLOW);
    await box.replayOutbox();
    const saves = net.sent.filter((r) => r.url === '/api/my/profile/signature');
    expect(saves.map((r) => r.idempotencyKey)).toEqual([entry!.idempotencyKey, entry!.idempotencyKey]);
    expect(saves.every((r) => (r.body as { image: string }).image === PNG)).toBe(true);
    expect(net.uploads).toEqual([]); // the image travels in the write: nothing else goes up
  }, 30_000);

  it('lets a 同意 on a node that asks for a signature queue right after it', async () => {
    const { net, box, queryClient, page } = await offlineLisi();
    const { router } = renderPages(page, { at: '/my', queryClient });
    fireEvent.click(await screen.findByRole('button', { name: '确定签名' }, SLOW));
    await waitFor(() => expect(mocks.info).toHaveBeenCalledTimes(1), SLOW);
    router.history.push('/deal');
    expect((await screen.findByRole('img', { name: '我的签名' }, SLOW)).getAttribute('src')).toBe(PNG);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'), SLOW);
    expect(mocks.fail).not.toHaveBeenCalled();
    expect((await box.listOutbox()).map((e) => [e.method, e.url])).toEqual([
      ['PUT', '/api/my/profile/signature'],
      ['POST', `/api/flow/tasks/${TASK}/approve`],
    ]);
    expect(net.sent).toEqual([]);
  }, 30_000);
});
