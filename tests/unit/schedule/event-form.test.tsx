import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ScheduleEvent } from '@contract/schedule';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { toast } from '@/ui/feedback';
import { EventForm } from '@/features/schedule/components/event-form';

// the form's leave guard (保存草稿？, src/components/drafts) is proven in the browser journeys; here it has no router
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useBlocker: () => undefined,
}));

// The event form on the form library: its rules come from contract/schedule.ts and speak in the toasts the page
// always showed; a valid form still leaves through the outbox (offline here, so nothing goes to a network).
const event: ScheduleEvent = {
  id: '33333333-3333-4333-8333-333333333333',
  title: '站会',
  startAt: '2026-11-20T02:00:00Z',
  endAt: '2026-11-20T02:00:00Z',
  allDay: false,
  location: '',
  notes: '',
  reminderMinutes: null,
  color: '#1989fa',
  participantIds: [],
  recurrence: null,
  mine: true,
  ownerName: '张三',
  participants: [],
  myResponse: null,
};

function renderForm(target: Parameters<typeof EventForm>[0]['target']) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => false, queryClient });
  let closed = false;
  render(
    <QueryClientProvider client={queryClient}>
      <EventForm target={target} onClose={() => (closed = true)} />
    </QueryClientProvider>,
  );
  return { closed: () => closed };
}

beforeEach(() => Object.defineProperty(navigator, 'onLine', { value: false, configurable: true }));
afterEach(() => {
  toast.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('日程 event form', () => {
  it('a blank title is refused with the contract’s message and nothing is queued', async () => {
    renderForm({ event: null, occurrence: null, day: '2026-11-20' });
    fireEvent.change(screen.getByPlaceholderText('请输入日程标题'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入日程标题', { selector: '.adm-toast-main *' })).toBeTruthy();
    expect(await listOutbox()).toHaveLength(0);
  });

  it('an end not after the start is refused', async () => {
    renderForm({ event, occurrence: null, day: '2026-11-20' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('结束时间必须晚于开始时间')).toBeTruthy();
    expect(await listOutbox()).toHaveLength(0);
  });

  it('a series ending before its first day is refused', async () => {
    const recurring = {
      ...event,
      endAt: '2026-11-20T03:00:00Z',
      recurrence: { freq: 'weekly' as const, interval: 1, monthEnd: 'clamp' as const, until: '2026-11-01' },
    };
    renderForm({ event: recurring, occurrence: null, day: '2026-11-20' });
    expect(screen.getByRole('button', { name: '结束日期' }).textContent).toBe('2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('重复截止日期不能早于开始日期')).toBeTruthy();
    expect(await listOutbox()).toHaveLength(0);
  });

  it('a valid new event goes to the outbox with the typed title and the day’s default times', async () => {
    const form = renderForm({ event: null, occurrence: null, day: '2026-11-20' });
    fireEvent.change(screen.getByPlaceholderText('请输入日程标题'), { target: { value: ' 周会 ' } });
    fireEvent.click(screen.getByRole('button', { name: '每周' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => expect(await listOutbox()).toHaveLength(1));
    const [entry] = await listOutbox();
    expect(entry!.label).toBe('新建日程「周会」');
    expect(entry!.body).toMatchObject({
      title: '周会',
      startAt: '2026-11-20T01:00:00.000Z',
      endAt: '2026-11-20T02:00:00.000Z',
      recurrence: { freq: 'weekly', interval: 1 },
    });
    await waitFor(() => expect(form.closed()).toBe(true));
  });
});
