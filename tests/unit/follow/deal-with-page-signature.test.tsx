import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { CurrentUserData } from '@contract/auth';
import type { InstanceDetail } from '@contract/flow';
import type { MyPreferences } from '@contract/my';
import { userStore } from '@/session/user-store';
import { LEAVE, runningLeave } from '../support/flow-fixtures';

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

const { flowClient, renderDealWith } = await import('../support/flow-pages');

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const detail = (needSign: boolean) =>
  runningLeave(LEAVE, {
    title: '张三的用印',
    serial: 'SP001',
    definition: { id: 'd1', name: '用印', category: '行政', isDocument: false } as InstanceDetail['definition'],
    currentNodeNames: ['综合管理部盖章'],
    abilities: { needSign },
  });

/** The 办理 page for 李四, whose own phrases (from 我的) and signature are as given. */
function renderDeal({ needSign, signImg }: { needSign: boolean; signImg: string | null }) {
  userStore.set({ user: { signImg } as CurrentUserData, roles: [], permissions: [] });
  const queryClient = flowClient(detail(needSign), { queries: { staleTime: Infinity } });
  queryClient.setQueryData(['my', 'preferences'], {
    reminderChannels: ['app'],
    opinionPhrases: ['按合同原件盖章', '同意'],
  } satisfies MyPreferences);
  renderDealWith(queryClient);
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
