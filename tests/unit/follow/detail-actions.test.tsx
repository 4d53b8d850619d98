import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { FormField, InstanceDetail } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { parseDealAction } from '@/features/follow/deal-actions';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 10 §8: 同意 / 驳回 are buttons on the detail page; 办理 shows the request above the opinion, with ready phrases.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const schema: FormField[] = [{ key: 'reason', label: '请假事由', type: 'textarea', required: true }];
const detail: InstanceDetail = {
  id: INSTANCE,
  title: '张三的请假申请',
  serial: 'QJ001',
  definition: { id: 'd1', name: '请假', category: '人事', isDocument: false } as InstanceDetail['definition'],
  formSchema: schema,
  formData: { reason: '发烧就医' },
  initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
  status: 'running',
  currentNodeNames: ['部门审批'],
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
    transfer: true,
    addSigner: false,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    returnTargets: [],
    editableFields: [],
  },
};

function renderApp() {
  // the detail is always fetched again on mount (staleTime 0): it answers what the cache holds
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'get' || !config.url?.startsWith(`/api/flow/instances/${INSTANCE}`))
      throw new Error(`unexpected ${config.method} ${config.url}`);
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data: detail }, headers: {}, config };
  }) as AxiosAdapter;
  const queryClient = testQueryClient({ queries: { staleTime: Infinity } });
  queryClient.setQueryData(['flow', 'instance', INSTANCE], detail);
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  const dealWith = (root: AnyRoute) => {
    const deal = createRoute({
      getParentRoute: () => root,
      path: '/follow/dealWith',
      validateSearch: (s: Record<string, unknown>) => ({
        instanceId: String(s.instanceId),
        taskId: String(s.taskId),
        action: parseDealAction(s.action),
      }),
      component: () => <DealWithPage instanceId={INSTANCE} taskId={TASK} initialAction={deal.useSearch().action} />,
    });
    return [deal];
  };
  const { router } = renderPages(
    { '/followWaitDetail': () => <InstanceDetailPage instanceId={INSTANCE} variant="wait" /> },
    { at: '/followWaitDetail', queryClient, routes: dealWith },
  );
  return router;
}

describe('the detail page offers the allowed actions itself', () => {
  it('驳回 on the detail page opens 办理 with 驳回 chosen, the request shown and phrases to tap', async () => {
    const router = renderApp();
    const actions = await screen.findByRole('button', { name: '同意' });
    const footer = actions.parentElement!;
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['同意', '驳回', '转办']);
    fireEvent.click(within(footer).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/dealWith'));
    expect((await screen.findByRole('radio', { name: '驳回' })).getAttribute('aria-checked')).toBe('true');
    const request = screen.getByRole('region', { name: '申请内容' });
    expect(within(request).getByText('发烧就医')).toBeTruthy();
    // the request comes before the opinion box
    const opinion = screen.getByPlaceholderText('请输入审批意见');
    expect(request.compareDocumentPosition(opinion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(screen.getByRole('group', { name: '常用意见' })).getByRole('button', { name: '不同意' }));
    expect((opinion as HTMLTextAreaElement).value).toBe('不同意');
  });
});
