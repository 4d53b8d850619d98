import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { SiteConfig } from '@contract/upms';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { toast } from '@/ui/feedback';
import { ComposePage } from '@/features/mail/components/compose-page';
import type { ComposeSearch } from '@/features/mail/search';

// Mail compose on the form library: a send asks the contract's rules (contract/mail.ts, which mailWriteBody applies
// to a send) as the plain notices it always showed, and a valid mail still leaves through the outbox (offline here).
function renderPage(search: ComposeSearch) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => false, queryClient });
  const root = createRootRoute();
  const compose = createRoute({
    getParentRoute: () => root,
    path: '/email/compose',
    component: () => <ComposePage search={search} />,
  });
  const folder = createRoute({ getParentRoute: () => root, path: '/email/$folder', component: () => <p>发件箱</p> });
  const router = createRouter({
    routeTree: root.addChildren([compose, folder]),
    history: createMemoryHistory({ initialEntries: ['/email/compose'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const sendButton = () => screen.getByRole('button', { name: '发送' });
const toastSays = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *' });

beforeEach(() => Object.defineProperty(navigator, 'onLine', { value: false, configurable: true }));
afterEach(() => {
  toast.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('mail compose form', () => {
  it('a send without recipients is refused with the contract’s notice', async () => {
    renderPage({});
    fireEvent.change(await screen.findByLabelText('主题'), { target: { value: '周报' } });
    fireEvent.click(sendButton());
    await toastSays('请选择收件人');
    expect(await listOutbox()).toHaveLength(0);
  });

  it('asks for the subject, then queues the mail to the prefilled recipient', async () => {
    const router = renderPage({ toId: 'u-lisi', toName: '李四' } as ComposeSearch);
    fireEvent.click(await screen.findByRole('button', { name: '发送' }));
    await toastSays('请输入邮件主题');
    expect(await listOutbox()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('主题'), { target: { value: ' 周报 ' } });
    fireEvent.change(screen.getByLabelText('正文'), { target: { value: '本周完成巡检' } });
    fireEvent.click(screen.getByLabelText('重要', { exact: false }));
    fireEvent.click(sendButton());
    await waitFor(async () => expect(await listOutbox()).toHaveLength(1));
    const [entry] = await listOutbox();
    expect(entry!.label).toBe('发送邮件「周报」');
    expect(entry!.body).toMatchObject({
      to: ['u-lisi'],
      subject: '周报',
      bodyHtml: '<p>本周完成巡检</p>',
      priority: 'high',
      send: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/email/outbox'));
  });
});
