import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DefinitionDetail } from '@contract/flow';

const mocks = vi.hoisted(() => ({
  navigate: vi.fn(),
  post: vi.fn(),
  toastInfo: vi.fn(),
  toastFail: vi.fn(),
}));
// the leave guard's blocker is proven in the browser journeys: nothing to block here
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => mocks.navigate, useBlocker: () => undefined }));
// the network: the chain preview and the 假期余额 answer empty, every write is watched
vi.mock('@/api/http', () => ({
  post: (url: string, ...rest: unknown[]) =>
    url.endsWith('/chain') ? Promise.resolve({ steps: [] }) : mocks.post(url, ...rest),
  get: (url: string) => Promise.resolve(url.includes('/leave-balances') ? [] : undefined),
  put: vi.fn(),
  del: vi.fn(),
  upload: vi.fn(),
}));
vi.mock('@/api/site-config', () => ({ useSiteConfig: () => undefined, mobileTipChannels: () => ['app'] }));
vi.mock('@/ui/feedback', () => ({
  toast: { fail: mocks.toastFail, success: vi.fn(), info: mocks.toastInfo },
  dialog: { confirm: vi.fn(), alert: vi.fn() },
}));

const { StartFormPage } = await import('@/features/follow/components/start-form-page');
const { configureOutbox } = await import('@/offline/outbox-config');
const { httpSender } = await import('@/offline/http-sender');
const { listOutbox } = await import('@/offline/outbox');
const { replayOutbox } = await import('@/offline/replay');

const leave: DefinitionDetail = {
  id: '33333333-3333-4333-8333-333333333333',
  code: 'leave',
  category: '人事',
  name: '请假',
  icon: 'leave',
  version: 1,
  isDocument: false,
  formSchema: [
    {
      key: 'leaveType',
      label: '请假类型',
      type: 'select',
      required: true,
      options: [{ label: '年假', value: 'annual' }],
    },
    { key: 'reason', label: '请假事由', type: 'textarea', required: true, max: 50 },
  ],
  firstNodeChosen: false,
};
const typed = { leaveType: 'annual', reason: '体检' };

let online = false;
function renderStart(prefill?: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['flow', 'definition', leave.id], leave);
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => online, queryClient: client });
  return render(
    <QueryClientProvider client={client}>
      <StartFormPage definitionId={leave.id} prefill={prefill} />
    </QueryClientProvider>,
  );
}
const writes = () => mocks.post.mock.calls.filter(([url]) => url === '/api/flow/instances');

beforeEach(() => {
  online = false;
  mocks.post.mockReset().mockResolvedValue({ id: 'i1', serial: 'QJ001', status: 'running' });
  mocks.toastInfo.mockReset();
  mocks.toastFail.mockReset();
  mocks.navigate.mockReset();
});
afterEach(() => localStorage.clear());

describe('提交 of a new request offline', () => {
  it('queues one write with its body and key, and says on the form that it is sent once online', async () => {
    renderStart(typed);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', '此申请已保存在本机，联网后自动提交');
    expect(mocks.toastInfo).toHaveBeenCalledWith('已加入待同步队列，联网后自动提交');
    expect(writes()).toHaveLength(0);
    expect(mocks.navigate).not.toHaveBeenCalled();
    // a second tap is not a second request: the button waits for the network
    const button = screen.getByRole('button', { name: '等待联网' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);

    const queued = await listOutbox();
    expect(queued).toHaveLength(1);
    const [entry] = queued;
    expect(entry).toMatchObject({
      method: 'POST',
      url: '/api/flow/instances',
      label: '发起「请假」',
      verb: '发起',
      typedText: '请假类型：年假；请假事由：体检',
      status: 'pending',
      body: { definitionId: leave.id, formData: typed, draft: false },
    });
    expect(entry!.idempotencyKey).toMatch(/\S{8,}/);

    // back online: the replay sends that body under that key, once
    online = true;
    await replayOutbox({ force: true });
    expect(writes()).toHaveLength(1);
    const [, body, config] = writes()[0]!;
    expect(body).toEqual(entry!.body);
    expect(config).toMatchObject({ idempotencyKey: entry!.idempotencyKey, silent: true });
    expect(await listOutbox()).toHaveLength(0);
  });

  it('a refusal on replay opens the form again with what was typed, and says why', async () => {
    const first = renderStart(typed);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByRole('status');
    first.unmount();

    online = true;
    mocks.post.mockRejectedValue(
      Object.assign(new Error('该流程已停用'), { kind: 'business', status: 400, code: 400 }),
    );
    await replayOutbox({ force: true });
    const [entry] = await listOutbox();
    expect(entry).toMatchObject({
      status: 'conflict',
      error: '该流程已停用',
      typedText: '请假类型：年假；请假事由：体检',
    });

    // the form opens empty (no link, no prefill): the refused values come back from this device
    mocks.post.mockReset().mockResolvedValue({ id: 'i2', serial: 'QJ002', status: 'running' });
    renderStart();
    expect((await screen.findByRole('alert')).textContent).toBe('离线提交未成功：该流程已停用。请修改后重新提交');
    expect((screen.getByLabelText('请假事由') as HTMLTextAreaElement).value).toBe('体检');
    expect(mocks.toastInfo).toHaveBeenCalledWith('上次离线提交未成功，已恢复填写的内容');

    // submitted again it is a new request with a new key, and the form goes to it
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(mocks.navigate).toHaveBeenCalled());
    const [, body, config] = writes()[0]!;
    expect(body).toMatchObject({ formData: typed, draft: false });
    expect(config.idempotencyKey).not.toBe(entry!.idempotencyKey);
  });
});
