import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LoadingOverlay } from '@/app/loading-overlay';
import { beginRequest, endRequest, pendingRequests } from '@/api/pending-requests';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  pendingRequests.set(0);
});

describe('loading overlay (spec §4/§9)', () => {
  it('stays hidden for a request that ends within 100 ms', () => {
    render(<LoadingOverlay />);
    act(() => beginRequest());
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByText('加载中...')).toBeNull();
    act(() => endRequest());
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('加载中...')).toBeNull();
  });

  it('shows 加载中... after 100 ms and hides when the last pending request ends', () => {
    render(<LoadingOverlay />);
    act(() => {
      beginRequest();
      beginRequest();
    });
    act(() => vi.advanceTimersByTime(101));
    expect(screen.getByText('加载中...')).toBeTruthy();
    act(() => endRequest());
    expect(screen.getByText('加载中...')).toBeTruthy();
    act(() => endRequest());
    expect(screen.queryByText('加载中...')).toBeNull();
  });

  it('draws a white veil at 0.6 opacity', () => {
    const css = readFileSync(resolve(__dirname, '../../../src/app/loading-overlay.css'), 'utf8');
    expect(css).toMatch(/\.loading-overlay \{[^}]*background: rgba\(255, 255, 255, 0\.6\)/);
  });
});
