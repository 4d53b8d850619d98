import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { debounce, useDebouncedValue } from '@/lib/debounce';
import * as gestures from '@/lib/gestures';
import { createNonce } from '@/lib/nonce';

afterEach(() => vi.useRealTimers());

describe('createNonce (spec §9)', () => {
  it('makes 10 random alphanumeric characters', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => createNonce()));
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(nonces.size).toBe(200);
  });

  it('uses every kind of character over many nonces (digits, upper and lower case)', () => {
    const all = Array.from({ length: 100 }, () => createNonce()).join('');
    expect(all).toMatch(/[0-9]/);
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(createNonce(32)).toHaveLength(32);
  });
});

describe('gesture constants (spec §9)', () => {
  it('has the spec values', () => {
    expect(gestures).toMatchObject({
      LIST_SEARCH_DEBOUNCE_MS: 200,
      LIST_REFRESH_DEBOUNCE_MS: 1000,
      LIST_PAGE_SIZE: 10,
      INFINITE_LOAD_OFFSET_PX: 300,
      SEARCH_BOX_DEBOUNCE_MS: 500,
      PULL_REFRESH_HEIGHT_PX: 50,
      DOUBLE_BACK_EXIT_MS: 2000,
      TAP_MAX_DISTANCE_PX: 5,
      TAP_MAX_TIME_MS: 250,
      LONG_PRESS_MS: 500,
      SWIPE_MAX_TIME_MS: 300,
      SWIPE_MIN_DISTANCE_PX: 18,
      FLICK_MAX_TIME_MS: 200,
      PRELOAD_PAGE_LIMIT: 10,
    });
  });

  it.each([
    [{ dx: 3, dy: 4, ms: 250 }, 'tap'],
    [{ dx: 3, dy: 4, ms: 251 }, 'none'],
    [{ dx: 0, dy: 2, ms: 500 }, 'long-press'],
    [{ dx: 6, dy: 0, ms: 100 }, 'none'],
    [{ dx: 18, dy: 0, ms: 200 }, 'flick'],
    [{ dx: 0, dy: -30, ms: 300 }, 'swipe'],
    [{ dx: 40, dy: 0, ms: 301 }, 'none'],
  ] as const)('classifies %o as %s', (track, gesture) => expect(gestures.classifyGesture(track)).toBe(gesture));
});

describe('debounce', () => {
  it('runs once with the last arguments after the calls stop', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 200);
    debounced('a');
    vi.advanceTimersByTime(150);
    debounced('b');
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('b');
  });

  it('can be cancelled or flushed', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced(1);
    debounced.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
    debounced(2);
    debounced.flush();
    expect(fn).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('settles a value in a component and drops a pending call on unmount', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 200), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });
});
