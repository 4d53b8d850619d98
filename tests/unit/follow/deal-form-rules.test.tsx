import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { InstanceDetail } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { toast } from '@/ui/feedback';
import { DealWithPage } from '@/features/follow/components/deal-with-page';

// 办理 on the form library: each field's rule is its part of deal-actions.ts's checks, told in the order dealProblem
// tells them, as a toast; nothing is sent (no confirm is even asked) while one fails.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const detail = {
  id: INSTANCE,
  title: '张三的请假申请',
  definition: { id: 'd1', name: '请假', category: '人事', isDocument: false },
  formSchema: [],
  formData: {},
  trace: [],
  myTaskId: TASK,
  abilities: {
    approve: true,
    reject: true,
    return: true,
    transfer: true,
    addSigner: false,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    returnTargets: [
      { nodeId: 'start', nodeName: '发起人' },
      { nodeId: 'dept', nodeName: '部门负责人审批' },
    ],
    editableFields: [],
  },
} as unknown as InstanceDetail;
let writes = 0;

function renderDealPage(shown: InstanceDetail = detail) {
  writes = 0;
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'get') writes += 1;
    return {
      status: 200,
      statusText: '200',
      data: { code: 200, msg: '', data: config.url?.includes('/instances/') ? shown : null },
      headers: {},
      config,
      request: {},
    };
  }) as AxiosAdapter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['flow', 'instance', INSTANCE], shown);
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  const root = createRootRoute();
  const deal = createRoute({
    getParentRoute: () => root,
    path: '/follow/dealWith',
    component: () => <DealWithPage instanceId={INSTANCE} taskId={TASK} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([deal]),
    history: createMemoryHistory({ initialEntries: ['/follow/dealWith'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const choose = async (action: string) => fireEvent.click(await screen.findByRole('radio', { name: action }));
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));
const toastSays = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *' });

afterEach(() => toast.clear());

describe('办理 form rules', () => {
  it('a 退回 asks for the opinion before the node, as dealProblem does', async () => {
    renderDealPage();
    await choose('退回');
    confirm();
    await toastSays('请填写审批意见');
    fireEvent.change(screen.getByPlaceholderText('请输入审批意见'), { target: { value: '请补充材料' } });
    confirm();
    await toastSays('请选择退回节点');
    expect(screen.queryByText('确定退回吗？')).toBeNull();
    expect(writes).toBe(0);
  });

  it('a 转办 asks for the person it goes to', async () => {
    renderDealPage();
    await choose('转办');
    confirm();
    await toastSays('请选择转办人');
    expect(writes).toBe(0);
  });

  it('with one node to return to, 退回 names it instead of a picker and goes on to confirm it', async () => {
    const first = {
      ...detail,
      abilities: { ...detail.abilities, returnTargets: [{ nodeId: 'start', nodeName: '发起人' }] },
    };
    renderDealPage(first as InstanceDetail);
    await choose('退回');
    expect(screen.getByLabelText(/^退回至/).textContent).toBe('发起人');
    fireEvent.change(screen.getByPlaceholderText('请输入审批意见'), { target: { value: '请补充材料' } });
    confirm();
    // no 请选择退回节点: the one node was chosen already, so the deal goes on to its confirmation
    await screen.findByText('确定退回吗？');
  });
});
