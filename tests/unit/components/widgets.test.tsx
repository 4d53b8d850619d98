import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { EmptyState } from '@/components/empty-state';
import { Breadcrumb } from '@/components/breadcrumb';
import { SearchBox } from '@/components/search-box';
import { NumberBox, normalizeNumber, normalizeStep } from '@/components/number-box';
import { TransparentHeader, parseRgba } from '@/components/transparent-header';
import { ReminderSelector } from '@/components/reminder-selector';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';

const withQuery = (ui: ReactElement) => <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>{ui}</QueryClientProvider>;

afterEach(() => vi.useRealTimers());

describe('EmptyState (spec §2)', () => {
  it.each([
    ['nosearch', '暂无搜索结果'],
    ['nodata', '暂无数据'],
    ['emptydata', '数据为空'],
    ['nomessage', '暂无消息'],
    ['noperm', '暂无权限'],
  ] as const)('%s says %s', (kind, text) => {
    render(<EmptyState kind={kind} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('defaults to 数据为空 and lets a custom tip override the text', () => {
    const { rerender } = render(<EmptyState />);
    expect(screen.getByText('数据为空')).toBeTruthy();
    rerender(<EmptyState kind="nodata" tip="还没有会议" />);
    expect(screen.getByText('还没有会议')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });
});

describe('Breadcrumb (spec §2)', () => {
  it('puts a home icon on the first item only and emits value and index', () => {
    const onSelect = vi.fn();
    render(<Breadcrumb items={[{ title: '集团', id: '0' }, { title: '研发部', id: 'd1' }]} labelKey="title" valueKey="id" onSelect={onSelect} />);
    expect(screen.getAllByTestId('breadcrumb-home')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '研发部' }));
    expect(onSelect).toHaveBeenCalledWith('d1', 1);
    fireEvent.click(screen.getByRole('button', { name: '集团' }));
    expect(onSelect).toHaveBeenLastCalledWith('0', 0);
  });
});

describe('SearchBox (spec §9)', () => {
  it('shows 请输入关键字 and emits 500 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('请输入关键字');
    fireEvent.change(input, { target: { value: '请' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: '请假' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('请假');
  });
});

describe('NumberBox (spec §5)', () => {
  it('replaces empty or non-numeric values with the minimum or 0 and clamps', () => {
    expect(normalizeNumber('', 3)).toBe(3);
    expect(normalizeNumber('abc')).toBe(0);
    expect(normalizeNumber(12, 1, 10)).toBe(10);
    expect(normalizeNumber(-4, 1, 10)).toBe(1);
    expect(normalizeStep(undefined)).toBe(1);
    expect(normalizeStep(2.7)).toBe(2);
  });

  it('disables minus at the minimum and plus at the maximum, stepping by the integer step', () => {
    const onChange = vi.fn();
    const { rerender } = render(<NumberBox value={1} min={1} max={5} step={2} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '减少' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(onChange).toHaveBeenCalledWith(3);
    rerender(<NumberBox value={5} min={1} max={5} step={2} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '增加' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('normalises typed text when the field is left', () => {
    const onChange = vi.fn();
    render(<NumberBox value={2} min={0} max={9} onChange={onChange} />);
    const input = screen.getAllByLabelText('数量').find((el) => el.tagName === 'INPUT')!;
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith(0);
  });
});

describe('TransparentHeader (spec §5/§8)', () => {
  it('requires an RGBA colour', () => {
    expect(parseRgba('rgba(22, 119, 255, 0.9)')).toEqual([22, 119, 255, 0.9]);
    expect(() => parseRgba('#1677ff')).toThrow('元素背景颜色必须为RGBA');
    expect(() => render(<TransparentHeader background="rgb(1,2,3)">x</TransparentHeader>)).toThrow('元素背景颜色必须为RGBA');
  });

  it('says 监听滚动的元素不存在 when the scroll element is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<TransparentHeader background="rgba(255,255,255,1)" scrollElement={null}>标题</TransparentHeader>);
    expect(error).toHaveBeenCalledWith('监听滚动的元素不存在');
    error.mockRestore();
  });
});

describe('ReminderSelector (spec §3/§5)', () => {
  it('selects every offered channel when the value is empty on first show, with Chinese labels', () => {
    const onChange = vi.fn();
    render(withQuery(<ReminderSelector channels={['Wechat', 'sms', 'app']} value={[]} onChange={onChange} />));
    expect(onChange).toHaveBeenCalledWith(['Wechat', 'sms', 'app']);
    expect(screen.getByText('企业微信')).toBeTruthy();
    expect(screen.getByText('短信')).toBeTruthy();
  });

  it('keeps a given value and toggles one channel', () => {
    const onChange = vi.fn();
    render(withQuery(<ReminderSelector channels={['Wechat', 'sms', 'app']} value={['sms']} onChange={onChange} />));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('APP'));
    expect(onChange).toHaveBeenCalledWith(['sms', 'app']);
  });
});
