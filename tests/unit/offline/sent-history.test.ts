import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxBatchItem } from '@contract/outbox';
import { SENT_HISTORY_MAX, SENT_HISTORY_MAX_AGE_MS, readSent, recordSent } from '@/offline/sent-history';
import { clearOutbox, conflict, fakeNetwork, loadOutbox } from './outbox-harness';

afterEach(clearOutbox);

const approve = (taskId: string) => ({
  method: 'POST' as const,
  url: `/api/flow/tasks/${taskId}/approve`,
  body: { opinion: `同意 ${taskId}` },
  label: `同意「申请 ${taskId}」`,
  verb: '同意',
});

async function queuedOffline(userKey: string, ...taskIds: string[]) {
  const net = fakeNetwork();
  net.state.online = false;
  net.state.userKey = userKey;
  const box = await loadOutbox(net);
  for (const id of taskIds) await box.sendOrQueue(approve(id));
  net.state.online = true;
  return { net, box };
}

describe('the 已同步 history of queued writes', () => {
  it('notes each write the replay sent, newest first, without its body; a refused one is not noted', async () => {
    const { net, box } = await queuedOffline('lisi', 't1', 't2', 't3');
    net.answers.push(() => Promise.resolve({ ok: true }), conflict('该待办已被处理'));
    await box.replayOutbox();
    const sent = await box.listSent();
    expect(sent.map((w) => w.label)).toEqual(['同意「申请 t3」', '同意「申请 t1」']);
    expect(sent[0]).toEqual({
      id: expect.any(String),
      userKey: 'lisi',
      label: '同意「申请 t3」',
      verb: '同意',
      sentAt: expect.any(Number),
      seq: expect.any(Number),
    });
    expect((await box.listOutbox()).map((e) => e.label)).toEqual(['同意「申请 t2」']);
  });

  it('notes the writes sent together in one batch', async () => {
    const { box } = await queuedOffline('lisi', 'b1', 'b2');
    const sendBatch = vi.fn(async (items: OutboxBatchItem[]) =>
      items.map((item) => ({ idempotencyKey: item.idempotencyKey, status: 200, code: 200, msg: '', data: null })),
    );
    box.configureOutbox({ sendBatch });
    await box.replayOutbox();
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect((await box.listSent()).map((w) => w.label)).toEqual(['同意「申请 b2」', '同意「申请 b1」']);
  });

  it(`keeps the newest ${SENT_HISTORY_MAX}, none older than 7 days`, async () => {
    const now = Date.now();
    await recordSent({ id: 'old', userKey: 'lisi', label: '旧的' }, now - SENT_HISTORY_MAX_AGE_MS - 1000);
    for (let i = 0; i < SENT_HISTORY_MAX + 5; i += 1) {
      await recordSent({ id: `w${i}`, userKey: 'lisi', label: `第${i}项` }, now - (SENT_HISTORY_MAX + 5 - i) * 1000);
    }
    const sent = await readSent('lisi', now);
    expect(sent).toHaveLength(SENT_HISTORY_MAX);
    expect(sent[0]!.label).toBe(`第${SENT_HISTORY_MAX + 4}项`);
    expect(sent.at(-1)!.label).toBe('第5项');
    // an old note is not shown even before the next write prunes it
    await recordSent({ id: 'other', userKey: 'wangwu', label: '王五的' }, now - SENT_HISTORY_MAX_AGE_MS - 1);
    expect(await readSent('wangwu', now)).toEqual([]);
  });

  it('退出登录 deletes the person’s history with their queue, and nobody else’s', async () => {
    const { box } = await queuedOffline('lisi', 't1');
    await box.replayOutbox();
    await recordSent({ id: 'x', userKey: 'wangwu', label: '王五的' });
    expect(await box.listSent()).toHaveLength(1);
    await box.wipeOutbox();
    expect(await box.listSent()).toEqual([]);
    expect((await readSent('wangwu')).map((w) => w.label)).toEqual(['王五的']);
  });
});
