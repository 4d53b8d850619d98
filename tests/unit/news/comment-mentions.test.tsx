import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { NewsDetail } from '@contract/news';
import type { SelectorNode } from '@contract/upms';
import type { OrgUserSelectorProps } from '@/components/org-user-selector';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { newsKeys } from '@/features/news/api/news-keys';
import { CommentsSection } from '@/features/news/components/comments-section';

// @提及 in a 资讯 评论 (issue 47): the picker puts @name into the words and only the people still named there go out
// as mentionIds. The organisation picker is its own tested widget: here it answers the two people at once.
const person = (id: string, realName: string): SelectorNode => ({
  id,
  name: realName,
  realName,
  popCode: 'user',
  parentId: null,
});
const li = person('22222222-2222-4222-8222-222222222222', '李四');
const zhao = person('66666666-6666-4666-8666-666666666666', '赵六');
vi.mock('@/components/org-user-selector', () => ({
  OrgUserSelector: ({ visible, title, onConfirm }: OrgUserSelectorProps) =>
    visible ? (
      <div role="dialog" aria-label={title}>
        <button type="button" onClick={() => onConfirm([li, zhao], [li.id, zhao.id])}>
          确定
        </button>
      </div>
    ) : null,
}));

const article = {
  id: '33333333-3333-4333-8333-333333333333',
  title: '周五团建安排',
  status: 'published',
  liked: false,
  likeCount: 0,
  commentCount: 0,
  abilities: { edit: false, remove: false, review: false, like: true, comment: true, readers: false },
} as unknown as NewsDetail;

function renderSection() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(newsKeys.comments(article.id), { rows: [], total: 0 });
  configureOutbox({ send: httpSender, getUserKey: () => 'wangwu', isOnline: () => false, queryClient });
  const root = createRootRoute({ component: () => <CommentsSection article={article} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/news/detail'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: '评论内容' });
// the outbox (IndexedDB) outlives a test: each looks at its own last comment
const lastSent = async () => (await listOutbox()).at(-1)?.body;

beforeEach(() => Object.defineProperty(navigator, 'onLine', { value: false, configurable: true }));
afterEach(() => Object.defineProperty(navigator, 'onLine', { value: true, configurable: true }));

describe('资讯 评论 @提及', () => {
  it('puts each picked @name into the words and sends only those still named', async () => {
    renderSection();
    fireEvent.change(await screen.findByRole('textbox', { name: '评论内容' }), { target: { value: '一起报名' } });
    fireEvent.click(screen.getByRole('button', { name: '@提及' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(box().value).toBe('一起报名 @李四 @赵六 ');
    expect(screen.getByText('将提醒：李四、赵六')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '选择要提及的人' })).toBeNull();

    // the writer took 赵六 out again: only 李四 is reminded
    fireEvent.change(box(), { target: { value: '一起报名 @李四 ' } });
    expect(screen.getByText('将提醒：李四')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '发表' }));
    await waitFor(async () => expect(await lastSent()).toEqual({ content: '一起报名 @李四', mentionIds: [li.id] }));
    await waitFor(() => expect(box().value).toBe(''));
    expect(screen.queryByText(/将提醒/)).toBeNull();
  });

  it('a comment without @提及 mentions nobody', async () => {
    renderSection();
    fireEvent.change(await screen.findByRole('textbox', { name: '评论内容' }), { target: { value: '@李四 写了名字' } });
    fireEvent.click(screen.getByRole('button', { name: '发表' }));
    await waitFor(async () => expect(await lastSent()).toEqual({ content: '@李四 写了名字', mentionIds: [] }));
  });
});
