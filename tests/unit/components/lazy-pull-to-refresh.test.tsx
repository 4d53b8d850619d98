import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LazyPullToRefresh } from '@/components/lazy-pull-to-refresh/lazy-pull-to-refresh';

describe('LazyPullToRefresh', () => {
  it('shows its content at once and wraps it in the pull gesture after the first touch, once the finger is up', async () => {
    const { container } = render(
      <LazyPullToRefresh onRefresh={async () => undefined}>
        <p>首页内容</p>
      </LazyPullToRefresh>,
    );
    expect(screen.getByText('首页内容')).toBeTruthy();
    // the gesture must NOT load before the first touch, nor while the finger is down: absences, looked at briefly
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
    fireEvent.pointerDown(window);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
    fireEvent.pointerUp(window);
    await waitFor(() => expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull(), { timeout: 10_000 });
    expect(container.querySelector('.adm-pull-to-refresh')!.textContent).toContain('首页内容');
  });
});
