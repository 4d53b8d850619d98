import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import type { SiteConfig } from '@contract/upms';
import type { MyPreferences } from '@contract/my';
import { preferencesKey } from '@/api/preferences';
import { EmptyState } from '@/components/empty-state';
import { Breadcrumb } from '@/components/breadcrumb';
import { SearchBox } from '@/components/search-box';
import { ReminderSelector } from '@/components/reminder-selector';

function withQuery(ui: ReactElement, client = new QueryClient({ defaultOptions: { queries: { enabled: false } } })) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

afterEach(() => vi.useRealTimers());

describe('EmptyState (spec §2)', () => {
  it.each([
    ['nosearch', '暂无搜索结果'],
    ['nodata', '暂无数据'],
    ['emptydata', '数据为空'],
    ['nomessage', '暂无消息'],
    ['noperm', '暂无权限'],
    ['offline', '离线，暂无缓存数据'],
  ] as const)('%s says %s', (kind, text) => {
    render(<EmptyState kind={kind} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('defaults to 数据为空 and lets a custom tip override the text', () => {
    const { rerender } = render(<EmptyState />);
    expect(screen.getByText('数据为空')).toBeTruthy();
    rerender(<EmptyState kind="nodata" tip="还没有会议" />);
    expect(screen.getByText('还没有会议')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('error says 加载失败 and its 重试 button calls onRetry', async () => {
    const onRetry = vi.fn();
    render(<EmptyState kind="error" onRetry={onRetry} />);
    expect(screen.getByText('加载失败')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('Breadcrumb (spec §2)', () => {
  it('puts a home icon on the first item only, arrows between items, and emits value and index', async () => {
    const onSelect = vi.fn();
    const { container } = render(
      <Breadcrumb
        items={[
          { title: '集团', id: '0' },
          { title: '总部', id: 'h' },
          { title: '研发部', id: 'd1' },
        ]}
        labelKey="title"
        valueKey="id"
        onSelect={onSelect}
      />,
    );
    expect(screen.getAllByTestId('breadcrumb-home')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '集团' }).contains(screen.getByTestId('breadcrumb-home'))).toBe(true);
    expect(container.querySelectorAll('.breadcrumb-arrow')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '研发部' }));
    expect(onSelect).toHaveBeenCalledWith('d1', 2);
    await userEvent.click(screen.getByRole('button', { name: '集团' }));
    expect(onSelect).toHaveBeenLastCalledWith('0', 0);
  });

  it('reads name and value by default', async () => {
    const onSelect = vi.fn();
    render(
      <Breadcrumb
        items={[
          { name: '通讯录', value: 'root' },
          { name: '市场部', value: 'm' },
        ]}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole('button', { name: '市场部' }).getAttribute('aria-current')).toBe('location');
    await userEvent.click(screen.getByRole('button', { name: '市场部' }));
    expect(onSelect).toHaveBeenCalledWith('m', 1);
  });
});

describe('SearchBox (spec §9)', () => {
  // fireEvent, not user-event, while timers are fake: user-event waits on real timeouts between keystrokes
  it('shows 请输入关键字 and emits the trimmed text 500 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('请输入关键字');
    fireEvent.change(input, { target: { value: ' 请' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: ' 请假 ' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('请假');
  });

  it('emits at once on enter and on the clear button, and not twice for the same text', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} placeholder="搜索标题" />);
    const input = screen.getByPlaceholderText('搜索标题') as HTMLInputElement;
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
    fireEvent.change(input, { target: { value: '报销' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenLastCalledWith('报销');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(input.value).toBe('');
  });

  it('follows a keyword set from outside', () => {
    function Owner() {
      const [keyword, setKeyword] = useState('合同');
      return (
        <>
          <SearchBox value={keyword} onSearch={setKeyword} />
          <button type="button" onClick={() => setKeyword('')}>
            重置
          </button>
        </>
      );
    }
    render(<Owner />);
    const input = screen.getByPlaceholderText('请输入关键字') as HTMLInputElement;
    expect(input.value).toBe('合同');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(input.value).toBe('');
  });
});

describe('ReminderSelector (spec §3/§5)', () => {
  it('offers the site config tipConfig.mobileTip channels with Chinese labels and selects them all when empty', () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const config: SiteConfig = {
      webName: '协同办公系统',
      tenantId: 't',
      tipConfig: { mobileTip: 'app,sms,email,Wechat,DingTalk' },
      upload: { maxSizeMb: 50, accept: '*' },
      watermark: false,
    };
    client.setQueryData(['upms', 'site-config'], config);
    const onChange = vi.fn();
    render(withQuery(<ReminderSelector value={[]} onChange={onChange} />, client));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(['app', 'sms', 'email', 'Wechat', 'DingTalk']);
    for (const label of ['APP', '短信', '邮件', '企业微信', '钉钉']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.queryByLabelText('浪潮云')).toBeNull();
  });

  const siteConfig: SiteConfig = {
    webName: '协同办公系统',
    tenantId: 't',
    tipConfig: { mobileTip: 'app,sms,email,Wechat' },
    upload: { maxSizeMb: 50, accept: '*' },
    watermark: false,
  };
  function withPreferences(reminderChannels: MyPreferences['reminderChannels'] | Promise<MyPreferences>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['upms', 'site-config'], siteConfig);
    if (reminderChannels instanceof Promise)
      void client.prefetchQuery({ queryKey: preferencesKey, queryFn: () => reminderChannels });
    else client.setQueryData<MyPreferences>(preferencesKey, { reminderChannels, opinionPhrases: [] });
    return client;
  }

  it('defaults to the channels the user chose in 我的 → 提醒方式 (those the site offers), not to all', () => {
    const onChange = vi.fn();
    render(
      withQuery(<ReminderSelector value={[]} onChange={onChange} />, withPreferences(['email', 'sms', 'DingTalk'])),
    );
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(['sms', 'email']);
  });

  it('keeps the spec §5 default (every configured channel) for a user who never chose, and none for one who chose none', () => {
    const never = vi.fn();
    render(withQuery(<ReminderSelector value={[]} onChange={never} />, withPreferences(null)));
    expect(never).toHaveBeenCalledWith(['app', 'sms', 'email', 'Wechat']);
    const none = vi.fn();
    render(withQuery(<ReminderSelector value={[]} onChange={none} />, withPreferences([])));
    expect(none.mock.calls.flat()).not.toContainEqual(expect.arrayContaining(['app']));
  });

  it('waits for the user’s choice while it is being fetched, then applies it once', async () => {
    let answer!: (p: MyPreferences) => void;
    const onChange = vi.fn();
    render(
      withQuery(
        <ReminderSelector value={[]} onChange={onChange} />,
        withPreferences(new Promise<MyPreferences>((resolve) => (answer = resolve))),
      ),
    );
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => answer({ reminderChannels: ['Wechat'], opinionPhrases: [] }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(['Wechat']);
  });

  it('does not replace a value the page already has', () => {
    const onChange = vi.fn();
    render(withQuery(<ReminderSelector value={['app']} onChange={onChange} />, withPreferences(['sms'])));
    expect(onChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText('APP') as HTMLInputElement).checked).toBe(true);
  });

  it('labels every spec channel', () => {
    const all = ['Wechat', 'DingTalk', 'DjIm', 'pc', 'sms', 'app', 'wave_cloud', 'email', 'middle'];
    render(withQuery(<ReminderSelector channels={all} value={['sms']} onChange={() => undefined} />));
    for (const label of ['企业微信', '钉钉', '即时通讯', 'PC端', '短信', 'APP', '浪潮云', '邮件', '业务中台'])
      expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('keeps a given value, toggles one channel, and does not refill after the user empties it', async () => {
    function Owner() {
      const [value, setValue] = useState<string[]>(['sms']);
      return (
        <>
          <ReminderSelector channels={['Wechat', 'sms', 'app']} value={value} onChange={setValue} />
          <output>{value.join(',')}</output>
        </>
      );
    }
    render(withQuery(<Owner />));
    expect(screen.getByRole('status').textContent).toBe('sms');
    await userEvent.click(screen.getByLabelText('APP'));
    expect(screen.getByRole('status').textContent).toBe('sms,app');
    await userEvent.click(screen.getByLabelText('APP'));
    await userEvent.click(screen.getByLabelText('短信'));
    expect(screen.getByRole('status').textContent).toBe('');
    expect((screen.getByLabelText('企业微信') as HTMLInputElement).checked).toBe(false);
  });
});
