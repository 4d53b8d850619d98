import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { formatDate } from '@/lib/format';
import { clearOutbox, fakeNetwork, loadOutbox } from '../offline/outbox-harness';

afterEach(clearOutbox);

async function renderSection(userKey: string | null) {
  const net = fakeNetwork();
  net.state.userKey = userKey;
  const box = await loadOutbox(net);
  const { SentWritesSection } = await import('@/features/my/components/sent-writes-section');
  return { box, net, ...render(<SentWritesSection />) };
}

describe('我的 → 离线数据: 已同步', () => {
  it('says so when nothing queued has been sent yet', async () => {
    await renderSection('lisi');
    expect(screen.getByRole('region', { name: '已同步' })).toBeTruthy();
    expect(await screen.findByText('暂无离线操作同步记录')).toBeTruthy();
  });

  it('lists each sent write with its time, and shows one the moment it leaves the queue', async () => {
    const { box, net } = await renderSection('lisi');
    const sentAt = new Date(2026, 10, 28, 9, 5).getTime();
    const { recordSent } = await import('@/offline/sent-history');
    await recordSent({ id: 'a', userKey: 'lisi', label: '同意「张三的请假」', verb: '同意' }, sentAt);
    await recordSent({ id: 'b', userKey: 'wangwu', label: '驳回「王五看得见的」' });
    net.state.online = false;
    await box.sendOrQueue({ method: 'POST', url: '/api/news/n1/read', label: '标记已读' });
    net.state.online = true;
    await box.replayOutbox();
    expect(await screen.findByText('标记已读')).toBeTruthy();
    expect(screen.getByText('同意「张三的请假」')).toBeTruthy();
    expect(screen.getByText(formatDate(sentAt, 'MM-dd HH:mm'))).toBeTruthy();
    expect(screen.queryByText('驳回「王五看得见的」')).toBeNull();
    expect(screen.queryByText('暂无离线操作同步记录')).toBeNull();
  });
});
