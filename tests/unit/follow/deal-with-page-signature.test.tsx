import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { CurrentUserData } from '@contract/auth';
import type { InstanceDetail } from '@contract/flow';
import type { MyPreferences } from '@contract/my';
import { userStore } from '@/session/user-store';

const mocks = vi.hoisted(() => ({ post: vi.fn(), toastFail: vi.fn() }));
// everything the page reads is in the query cache already; nothing goes out
vi.mock('@/api/http', async (original) => ({
  ...(await original<object>()),
  post: mocks.post,
  get: vi.fn(() => new Promise(() => {})),
}));
vi.mock('@/api/site-config', () => ({ useSiteConfig: () => undefined, mobileTipChannels: () => ['app'] }));
vi.mock('@/ui/feedback', () => ({
  toast: { fail: mocks.toastFail, success: vi.fn(), info: vi.fn() },
  dialog: { confirm: vi.fn(), alert: vi.fn() },
}));

const { DealWithPage } = await import('@/features/follow/components/deal-with-page');

const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const detail = (needSign: boolean): InstanceDetail => ({
  id: INSTANCE,
  title: '张三的用印',
  serial: 'SP001',
  definition: { id: 'd1', name: '用印', category: '行政', isDocument: false } as InstanceDetail['definition'],
  formSchema: [],
  formData: {},
  initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
  status: 'running',
  currentNodeNames: ['综合管理部盖章'],
  currentHandlers: ['李四'],
  createdAt: '2026-11-20T08:00:00Z',
  trace: [],
  myTaskId: TASK,
  myReadId: null,
  version: 1,
  abilities: {
    approve: true,
    reject: true,
    return: false,
    transfer: false,
    addSigner: false,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    needSign,
    returnTargets: [],
    editableFields: [],
  },
});

/** The 办理 page for 李四, whose own phrases (from 我的) and signature are as given. */
function renderDeal({ needSign, signImg }: { needSign: boolean; signImg: string | null }) {
  userStore.set({ user: { signImg } as CurrentUserData, roles: [], permissions: [] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['flow', 'instance', INSTANCE], detail(needSign));
  queryClient.setQueryData(['my', 'preferences'], {
    reminderChannels: ['app'],
    opinionPhrases: ['按合同原件盖章', '同意'],
  } satisfies MyPreferences);
  const root = createRootRoute();
  const deal = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <DealWithPage instanceId={INSTANCE} taskId={TASK} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([deal]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  userStore.set({ user: null, roles: [], permissions: [] });
  mocks.toastFail.mockReset();
});

describe('办理: phrases from 我的 and the signature a node asks for', () => {
  it("offers the user's own phrases as chips; a tap fills the opinion", async () => {
    renderDeal({ needSign: false, signImg: null });
    const phrases = await screen.findByRole('group', { name: '常用意见' });
    fireEvent.click(screen.getByRole('button', { name: '按合同原件盖章' }));
    expect((screen.getByPlaceholderText('请输入审批意见') as HTMLTextAreaElement).value).toBe('按合同原件盖章');
    expect(phrases.textContent).not.toContain('情况属实，同意'); // the built-in list gave way to the user's
    expect(screen.queryByLabelText('签名')).toBeNull();
  });

  it('shows the signature that goes with the decision', async () => {
    renderDeal({ needSign: true, signImg: PNG });
    expect((await screen.findByRole('img', { name: '我的签名' })).getAttribute('src')).toBe(PNG);
  });

  it('without a signature, says where to set one and sends nothing', async () => {
    renderDeal({ needSign: true, signImg: null });
    expect((await screen.findByRole('alert')).textContent).toContain('该环节需要签名，请先在「我的」中设置签名');
    expect(screen.getByRole('link', { name: '去设置' }).getAttribute('href')).toBe('/myCenter/index');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    // the form's rules answer asynchronously (antd-mobile's Form validates with promises)
    await vi.waitFor(() => expect(mocks.toastFail).toHaveBeenCalledWith('该环节需要签名，请先在「我的」中设置签名'));
    expect(mocks.post).not.toHaveBeenCalled();
  });
});
