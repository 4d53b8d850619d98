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
import type { CustomModelView } from '@contract/custom';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { toast } from '@/ui/feedback';
import { customKeys } from '@/features/custom/api/custom-keys';
import { CustomDetailPage } from '@/features/custom/components/custom-detail-page';

// 业务建模 record on the form library: the model's schema is checked by the contract's formProblem (the server's own
// first check), the problem is a toast and marks its field; a valid record still leaves through the outbox.
const model: CustomModelView = {
  id: 'm1',
  code: 'contract',
  name: '合同台账',
  groupName: '合同',
  description: '',
  fields: [
    { key: 'name', label: '合同名称', type: 'text', required: true },
    { key: 'amount', label: '合同金额', type: 'money', min: 0 },
  ],
  listColumns: ['name'],
  searchFields: [],
  filters: [],
  abilities: { create: true },
} as CustomModelView;

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(customKeys.model('contract'), model);
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => false, queryClient });
  const root = createRootRoute();
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/customModule/detail',
    component: () => <CustomDetailPage code="contract" />,
  });
  const list = createRoute({ getParentRoute: () => root, path: '/customModule/list', component: () => <p>列表</p> });
  const router = createRouter({
    routeTree: root.addChildren([detail, list]),
    history: createMemoryHistory({ initialEntries: ['/customModule/detail'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => Object.defineProperty(navigator, 'onLine', { value: false, configurable: true }));
afterEach(() => {
  toast.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('业务建模 record form', () => {
  it('names the schema’s first problem and queues nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写合同名称')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('合同名称', { exact: false }), { target: { value: '维保合同' } });
    fireEvent.change(screen.getByLabelText('合同金额', { exact: false }), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('合同金额不能小于0')).toBeTruthy();
    expect(await listOutbox()).toHaveLength(0);
  });

  it('a valid record is queued with its values and the page goes to the list', async () => {
    const router = renderPage();
    fireEvent.change(await screen.findByLabelText('合同名称', { exact: false }), { target: { value: '维保合同' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => expect(await listOutbox()).toHaveLength(1));
    const [entry] = await listOutbox();
    expect(entry!.label).toBe('新增「维保合同」');
    expect(entry!.body).toEqual({ values: { name: '维保合同' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customModule/list'));
  });
});
