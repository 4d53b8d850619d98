import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@/api/http';
import { listOutbox } from '@/offline/outbox';
import { toast, dialog } from '@/ui/feedback';
import { INSTANCE, LEAVE, TASK, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDealWith, sendThroughOutbox } from '../support/flow-pages';

// The whole client path of 办理 is real: page → mutation hook → outbox → axios client → error catalogue → antd-mobile
// toast in the DOM. Only the network under axios is scripted.
const detail = runningLeave(LEAVE);

type Reply = { status: number; data: unknown };
let posts: InternalAxiosRequestConfig[] = [];
function serverAnswersWrites(reply: Reply) {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const read = config.url?.includes('/instances/') ? detail : null;
    const { status, data } =
      config.method === 'get' ? { status: 200, data: { code: 200, msg: '', data: read } } : (posts.push(config), reply);
    const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${status}`), {
      isAxiosError: true,
      config,
      response,
    });
  }) as AxiosAdapter;
}
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

function renderDealPage() {
  const queryClient = flowClient(detail);
  sendThroughOutbox(queryClient);
  return renderDealWith(queryClient).router;
}

async function approve() {
  fireEvent.click(await screen.findByRole('button', { name: '确定' }));
  fireEvent.click(await screen.findByRole('button', { name: '确认' }, { timeout: 10_000 }));
}

beforeEach(() => {
  posts = [];
  setOnline(true);
});
afterEach(async () => {
  toast.clear();
  dialog.clear();
  setOnline(true);
  // antd-mobile removes a closed dialog after its animation: the next test must not find this one's buttons. The
  // confirm closes only once its onConfirm (the whole 办理) has settled, and on a busy CI machine the animation's frames
  // came slowly enough that 5 s once ran out with the dialog faded but still mounted
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 12_000 });
}, 15_000);

describe('办理 always ends in something the user sees', () => {
  it('a refusal while online shows the server’s own message and keeps the form', async () => {
    serverAnswersWrites({ status: 409, data: { code: 409, msg: '该待办已被处理', data: null } });
    const router = renderDealPage();
    await approve();
    expect(await screen.findByText('该待办已被处理')).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/follow/dealWith');
    expect(screen.getAllByText('该待办已被处理')).toHaveLength(1);
  });

  it('success says so and goes to the to-do list', async () => {
    serverAnswersWrites({ status: 200, data: { code: 200, msg: '', data: { instanceId: INSTANCE, notified: [] } } });
    const router = renderDealPage();
    await approve();
    expect(await screen.findByText('同意成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(posts[0]!.url).toBe(`/api/flow/tasks/${TASK}/approve`);
    expect(posts[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('offline, the approval is queued and the user is told it will be sent later', async () => {
    serverAnswersWrites({ status: 200, data: { code: 200, msg: '', data: null } });
    renderDealPage();
    await screen.findByRole('button', { name: '确定' });
    setOnline(false);
    await approve();
    expect(await screen.findByText('已加入待同步队列，联网后自动提交')).toBeTruthy();
    expect(posts).toHaveLength(0);
    const queued = await listOutbox();
    expect(queued.map((e) => e.label)).toContain('同意「张三的请假申请」');
  });
});
