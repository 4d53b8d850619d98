import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { FormField } from '@contract/flow';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { parseDealAction } from '@/features/follow/deal-actions';
import { INSTANCE, LEAVE, TASK, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDetail, serveFlow } from '../support/flow-pages';

// Issue 10 §8: 同意 / 驳回 are buttons on the detail page; 办理 shows the request above the opinion, with ready phrases.
const schema: FormField[] = [{ key: 'reason', label: '请假事由', type: 'textarea', required: true }];
const detail = runningLeave(LEAVE, {
  formSchema: schema,
  formData: { reason: '发烧就医' },
  abilities: { transfer: true },
});

function renderApp() {
  // the detail is always fetched again on mount (staleTime 0): it answers what the cache holds
  serveFlow((config) => {
    if (config.method !== 'get' || !config.url?.startsWith(`/api/flow/instances/${INSTANCE}`))
      throw new Error(`unexpected ${config.method} ${config.url}`);
    return detail;
  });
  const queryClient = flowClient(detail, { queries: { staleTime: Infinity } });
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
  const { router } = renderDetail(queryClient, 'wait', { path: '/followWaitDetail', routes: dealWith });
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
