import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MailPerson } from '@contract/mail';
import { RecipientField } from '@/features/mail/components/recipient-field';

afterEach(() => act(() => onlineManager.setOnline(true)));

const RECENT: MailPerson[] = [
  { id: '00000000-0000-4000-8000-000000000001', name: '赵六' },
  { id: '00000000-0000-4000-8000-000000000002', name: '孙琪' },
];

function Line({ seen }: { seen: { value: MailPerson[]; submitted: number } }) {
  const [value, setValue] = useState<MailPerson[]>([]);
  seen.value = value;
  return (
    <form onSubmit={(e) => (e.preventDefault(), (seen.submitted += 1))}>
      <RecipientField label="抄送" value={value} onChange={setValue} recent={RECENT} />
    </form>
  );
}

describe('recipient line: typing a name', () => {
  it('offline, a recent contact matches by name at once; Enter takes it and never sends the form; Backspace takes it back', async () => {
    act(() => onlineManager.setOnline(false));
    const seen = { value: [] as MailPerson[], submitted: 0 };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <Line seen={seen} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox', { name: '抄送' });
    await userEvent.type(input, '赵');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['赵六']);
    await userEvent.type(input, '{Enter}');
    expect(seen.value.map((p) => p.name)).toEqual(['赵六']);
    expect(seen.submitted).toBe(0);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: '移除赵六' })).toBeTruthy();

    // someone not among the recent contacts cannot be looked up offline: the line says so
    await userEvent.type(input, '王');
    expect(await screen.findByText('离线时只能从最近联系人中选择')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, '{Backspace}');
    expect(seen.value).toEqual([]);
  }, 30_000);
});
