import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// antd-mobile's sheet keeps pointer-events: none while its opening animation runs, which never ends in happy-dom
const user = userEvent.setup({ pointerEventsCheck: 0 });
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { CurrentUserData } from '@contract/auth';
import type { MyPreferences } from '@contract/my';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { userStore } from '@/session/user-store';
import { setUid } from '@/lib/uid-store';
import { createIdbPersister } from '@/offline/persister';
import { sessionKeys } from '@/session/current-user-query';
import { dialog, toast } from '@/ui/feedback';
import { MyCenterPage } from '@/features/my/components/my-center-page';

// 我的 with its real hooks, outbox and HTTP client; the network under axios keeps the preferences, and the session's
// saved query cache (IndexedDB) is written first so the cache size before and after 清除离线缓存 is known.
vi.mock('@/components/tab-bar/tab-bar', () => ({ TabBar: () => <nav aria-label="主导航" /> }));

let preferences: MyPreferences;
let writes: { url: string; body: unknown }[] = [];
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
/** what the server holds of the signed-in user (GET /api/upms/user/current) */
let profile: CurrentUserData;

function servePreferences() {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    let data: unknown = preferences;
    if (url === '/api/upms/user/current') data = profile;
    else if (url === '/api/my/profile/signature') {
      const body = JSON.parse(config.data as string) as { image: string | null };
      writes.push({ url, body });
      profile = { ...profile, signImg: body.image };
      data = null;
    } else if ((config.method ?? 'get').toUpperCase() === 'PUT') {
      const body = JSON.parse(config.data as string) as {
        channels?: MyPreferences['reminderChannels'];
        phrases?: string[];
      };
      writes.push({ url, body });
      preferences = {
        reminderChannels: body.channels ?? preferences.reminderChannels,
        opinionPhrases: body.phrases ?? preferences.opinionPhrases,
      };
      data = null;
    } else if (url !== '/api/my/preferences') throw new Error(`unexpected GET ${url}`);
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
}

function renderMyCenter(prepare: (queryClient: QueryClient) => void = () => undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app,sms,email' } } as SiteConfig);
  configureOutbox({ send: httpSender, getUserKey: () => 'lisi', isOnline: () => true, queryClient });
  userStore.set({ user: profile, roles: profile.roles, permissions: [] });
  prepare(queryClient);
  const root = createRootRoute({ component: MyCenterPage });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// the first toast loads antd-mobile's Toast on demand
const TOAST_WAIT = { timeout: 5000 };
const row = (label: string) => screen.getByText(label).closest('button')!;
// fireEvent: antd-mobile's popup and dialog ignore the pointer until their opening animation ends (never, in happy-dom)
const press = (button: HTMLElement) => fireEvent.click(button);

beforeEach(() => {
  preferences = { reminderChannels: null, opinionPhrases: ['同意', '不同意'] };
  profile = {
    userVo: { id: 'u2', username: 'lisi', realName: '李四', avatar: null, mobile: '13800000002', email: null },
    orgFullName: '集团总部/综合管理部',
    signImg: null,
    roles: ['staff', 'dept_manager'],
    permissions: [],
  } as unknown as CurrentUserData;
  setUid(null);
  writes = [];
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  servePreferences();
});
afterEach(async () => {
  toast.clear();
  dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });
});

describe('我的 /myCenter/index', () => {
  it('shows the profile with role names, never role codes', async () => {
    renderMyCenter();
    expect(await screen.findByText('角色：普通员工、部门经理')).toBeTruthy();
    expect(screen.getByText('集团总部/综合管理部')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/staff|dept_manager/);
  });

  it('常用意见: adds a phrase (refusing a blank or repeated one), removes one and saves the list', async () => {
    renderMyCenter();
    await waitFor(() => expect(row('常用意见').textContent).toContain('2条'));
    press(row('常用意见'));
    const list = await screen.findByRole('list', { name: '常用意见' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['同意', '不同意']);
    const input = screen.getByRole('textbox', { name: '新的常用意见' });
    press(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('请输入常用意见', undefined, TOAST_WAIT)).toBeTruthy();
    await user.type(input, '同意');
    press(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('该常用意见已存在', undefined, TOAST_WAIT)).toBeTruthy();
    await user.clear(input);
    await user.type(input, '请补充材料后再提交');
    press(screen.getByRole('button', { name: '添加' }));
    press(screen.getByRole('button', { name: '删除不同意' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['同意', '请补充材料后再提交']);
    press(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { url: '/api/my/preferences/phrases', body: { phrases: ['同意', '请补充材料后再提交'] } },
      ]),
    );
    expect(await screen.findByText('常用意见已保存', undefined, TOAST_WAIT)).toBeTruthy();
    await waitFor(() => expect(row('常用意见').textContent).toContain('2条'));
  });

  it('提醒方式: offers the site’s channels, all ticked until chosen; unticking one saves the rest and shows them', async () => {
    renderMyCenter();
    await waitFor(() => expect(row('提醒方式').textContent).toContain('默认（全部）'));
    press(row('提醒方式'));
    const channels = await screen.findByRole('group', { name: '提醒方式' });
    const boxes = within(channels).getAllByRole('checkbox') as HTMLInputElement[];
    await waitFor(() => expect(boxes.map((b) => b.checked)).toEqual([true, true, true]));
    expect(
      within(channels)
        .getAllByText(/APP|短信|邮件/)
        .map((l) => l.textContent),
    ).toEqual(['APP', '短信', '邮件']);
    press(within(channels).getByText('短信'));
    press(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(writes).toEqual([{ url: '/api/my/preferences/channels', body: { channels: ['app', 'email'] } }]),
    );
    await waitFor(() => expect(row('提醒方式').textContent).toContain('APP、邮件'));
  });

  it('提醒方式: orders the escalation (上移 / 下移) and turns 免打扰 on, saved with the channels', async () => {
    renderMyCenter();
    press(await waitFor(() => row('提醒方式')));
    const order = await screen.findByRole('region', { name: '升级顺序与免打扰' });
    await waitFor(() =>
      expect(
        within(order)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('span')!.textContent),
      ).toEqual(['1. 企业微信', '2. 钉钉', '3. 短信', '4. 邮件']),
    );
    press(within(within(order).getAllByRole('listitem')[0]!).getByRole('button', { name: '下移' }));
    press(within(order).getByRole('switch', { name: '免打扰' }));
    expect(within(order).getByRole('button', { name: '开始 22:00' })).toBeTruthy();
    press(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        url: '/api/my/preferences/escalation',
        body: { channelOrder: ['DingTalk', 'Wechat', 'sms', 'email'], quietHours: { start: '22:00', end: '07:00' } },
      }),
    );
  });

  it('签名 shows what the server holds now, not the copy kept on the device', async () => {
    const kept = profile;
    profile = { ...profile, signImg: SIGNATURE };
    setUid('session-1');
    renderMyCenter((queryClient) => {
      // the copy restored from the device at start: shown at once, always revalidated (query-persistence.ts)
      queryClient.setQueryData(sessionKeys.currentUser('session-1'), kept);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all, refetchType: 'none' });
      userStore.set({ user: kept, roles: kept.roles, permissions: [] });
    });
    await waitFor(() => expect(row('签名').textContent).toContain('已设置'));
    expect(within(row('签名')).getByRole('img', { name: '我的签名' }).getAttribute('src')).toBe(SIGNATURE);
  });

  it('移除签名: once the server has it the row says 未设置 (the current user is fetched again)', async () => {
    profile = { ...profile, signImg: SIGNATURE };
    setUid('session-1');
    renderMyCenter();
    await waitFor(() => expect(row('签名').textContent).toContain('已设置'));
    press(row('签名'));
    press(await screen.findByRole('button', { name: '移除签名' }));
    expect(await screen.findByText('签名已更新', undefined, TOAST_WAIT)).toBeTruthy();
    expect(writes).toEqual([{ url: '/api/my/profile/signature', body: { image: null } }]);
    await waitFor(() => expect(row('签名').textContent).toContain('未设置'));
  });

  it('清除离线缓存 shows how much is cached, asks first, and shows it emptied afterwards', async () => {
    // the session's saved lists: about 200 KB of one list's first page
    setUid('session-lisi');
    const persister = createIdbPersister('session-lisi');
    persister.persistClient({
      timestamp: Date.now(),
      buster: 'test',
      clientState: {
        mutations: [],
        queries: [
          {
            queryKey: ['news', 'list'],
            queryHash: '["news","list"]',
            state: { data: 'x'.repeat(200 * 1024), dataUpdatedAt: Date.now(), status: 'success' },
          },
        ],
      } as never,
    });
    await persister.flush();
    renderMyCenter();
    await waitFor(() => expect(row('清除离线缓存').textContent).toMatch(/200(\.\d+)?\s*KB/));
    press(row('清除离线缓存'));
    const ask = await screen.findByRole('dialog');
    expect(ask.textContent).toContain('清除后，离线时将看不到之前浏览过的数据');
    press(within(ask).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('离线缓存已清除', undefined, TOAST_WAIT)).toBeTruthy();
    await waitFor(() => expect(row('清除离线缓存').textContent).toMatch(/0B/));
  });
});
