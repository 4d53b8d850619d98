import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SplitView } from '@/components/split-view';

/** jsdom has no layout: the window's width is what matchMedia answers, and a resize fires its change listeners. */
function windowWidth(width: number) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width < 700 && query.includes('max-width'),
    media: query,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }));
  return listeners;
}

afterEach(() => vi.unstubAllGlobals());

const rows = (
  <div>
    {['甲', '乙', '丙'].map((name, i) => (
      <button key={name} type="button" data-split-item aria-current={i === 1 ? 'true' : undefined}>
        {name}
      </button>
    ))}
  </div>
);

describe('SplitView (tablet master–detail)', () => {
  it('shows the list and the detail side by side in a wide window, with a placeholder until something is chosen', () => {
    windowWidth(1024);
    const { rerender } = render(
      <SplitView list={rows} detail={null} listLabel="列表" detailLabel="详情" onBack={() => {}} />,
    );
    expect(screen.getByRole('region', { name: '列表' })).toBeTruthy();
    expect(screen.getByText('请从左侧选择一项')).toBeTruthy();
    rerender(<SplitView list={rows} detail={<p>乙的详情</p>} listLabel="列表" detailLabel="详情" onBack={() => {}} />);
    expect(screen.getByRole('region', { name: '列表' })).toBeTruthy();
    expect(screen.getByText('乙的详情')).toBeTruthy();
    expect(screen.queryByText('返回')).toBeNull();
  });

  it('shows one pane with a 返回 step in a narrow window', () => {
    windowWidth(507);
    const onBack = vi.fn();
    const { rerender } = render(
      <SplitView list={rows} detail={null} listLabel="列表" detailLabel="详情" onBack={onBack} />,
    );
    expect(screen.queryByRole('region', { name: '详情' })).toBeNull();
    rerender(<SplitView list={rows} detail={<p>乙的详情</p>} listLabel="列表" detailLabel="详情" onBack={onBack} />);
    expect(screen.queryByRole('region', { name: '列表' })).toBeNull();
    fireEvent.click(screen.getByText('返回'));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('moves focus through the rows with the arrow keys', () => {
    windowWidth(1024);
    render(<SplitView list={rows} detail={null} listLabel="列表" detailLabel="详情" onBack={() => {}} />);
    const list = screen.getByRole('region', { name: '列表' });
    screen.getByText('甲').focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('乙');
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('丙');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('丙');
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('乙');
  });

  it('takes the moving keys on a row even when the list widget stops them, and leaves keys typed in a field alone', () => {
    windowWidth(1024);
    const swallowing = (
      <div>
        <input aria-label="搜索" />
        {/* as ListView's PullToRefresh does with the arrow keys */}
        <div onKeyDown={(e) => e.stopPropagation()}>{rows}</div>
      </div>
    );
    render(<SplitView list={swallowing} detail={null} listLabel="列表" detailLabel="详情" onBack={() => {}} />);
    screen.getByText('甲').focus();
    fireEvent.keyDown(screen.getByText('甲'), { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('乙');
    const search = screen.getByLabelText('搜索');
    search.focus();
    fireEvent.keyDown(search, { key: 'End' });
    expect(document.activeElement).toBe(search);
  });
});
