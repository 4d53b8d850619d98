import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxBatchItem } from '@contract/outbox';
import { clearOutbox, fakeNetwork, loadOutbox } from './outbox-harness';

afterEach(clearOutbox);

const tenOTwo = () => {
  const at = new Date();
  at.setHours(10, 2, 0, 0);
  return at.toISOString();
};
const withdrawnBy = (at: string) => ({ actorName: '张三', at, actionText: '撤回' });
const approveLeave = {
  method: 'POST' as const,
  url: '/api/flow/tasks/t1/approve',
  body: { opinion: '同意，请尽快安排交接' },
  label: '同意「张三的请假」',
  verb: '同意',
  typedText: '同意，请尽快安排交接',
};

async function renderPending() {
  const { PendingWrites } = await import('@/offline/pending-writes');
  return render(<PendingWrites />);
}

describe('a refused queued write, in words', () => {
  it('says who withdrew the request and when, and keeps the 意见 to copy', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(approveLeave);
    net.state.online = true;
    const at = tenOTwo();
    net.answers.push(() =>
      Promise.reject(
        Object.assign(new Error('该申请已被发起人撤回'), {
          kind: 'business',
          status: 409,
          code: 409,
          data: withdrawnBy(at),
        }),
      ),
    );
    await box.replayOutbox();
    await renderPending();
    expect(
      await screen.findByText('同意「张三的请假」：此申请已被 张三 于 10:02 撤回，你的「同意」未生效', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByText('你填写的内容：同意，请尽快安排交接', { exact: false })).toBeTruthy();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('同意，请尽快安排交接');
    expect(await screen.findByRole('button', { name: '已复制' })).toBeTruthy();
  });

  it('says the same when the refusal came in a batch', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(approveLeave);
    await box.sendOrQueue({ ...approveLeave, url: '/api/flow/tasks/t2/approve', label: '同意「王五的报销」' });
    net.state.online = true;
    const at = tenOTwo();
    box.configureOutbox({
      sendBatch: async (items: OutboxBatchItem[]) =>
        items.map((item, i) =>
          i === 0
            ? {
                idempotencyKey: item.idempotencyKey,
                status: 409,
                code: 409,
                msg: '该申请已被发起人撤回',
                data: withdrawnBy(at),
              }
            : { idempotencyKey: item.idempotencyKey, status: 200, code: 200, msg: '审批成功', data: null },
        ),
    });
    await box.replayOutbox();
    await renderPending();
    expect(
      await screen.findByText('同意「张三的请假」：此申请已被 张三 于 10:02 撤回，你的「同意」未生效', {
        exact: false,
      }),
    ).toBeTruthy();
    expect((await box.listOutbox()).map((e) => e.label)).toEqual(['同意「张三的请假」']);
  });

  it('falls back to the server’s message when it names nobody', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue({ method: 'POST', url: '/api/message/m1/read', label: '标记已读' });
    net.state.online = true;
    net.answers.push(() =>
      Promise.reject(Object.assign(new Error('消息不存在'), { kind: 'business', status: 404, code: 404 })),
    );
    await box.replayOutbox();
    await renderPending();
    expect(await screen.findByText('标记已读未完成：消息不存在', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/你填写的内容/)).toBeNull();
  });
});
