import { describe, expect, it, vi } from 'vitest';
import { goBack, pageReferrer } from '@/app/back';

function targets(referrer = '') {
  return { navigate: vi.fn(), go: vi.fn(), back: vi.fn(), referrer };
}

describe('back (spec §2)', () => {
  it('goes back two steps for -2', () => {
    const t = targets();
    goBack({ ...t, backPath: -2 });
    expect(t.go).toHaveBeenCalledWith(-2);
  });

  it('navigates to any other back path', () => {
    const t = targets('https://x');
    goBack({ ...t, backPath: '/follow/index' });
    expect(t.navigate).toHaveBeenCalledWith('/follow/index');
  });

  it('goes to the root with no back path on a fresh tab with an empty referrer', () => {
    const t = targets('');
    goBack(t);
    expect(t.navigate).toHaveBeenCalledWith('/');
    expect(t.back).not.toHaveBeenCalled();
  });

  it('otherwise goes back one step', () => {
    const t = targets('https://oa.example.com/phonehome');
    goBack(t);
    expect(t.back).toHaveBeenCalledTimes(1);
  });
});

describe('back with an empty referrer (spec §2, as written)', () => {
  it('goes to the root even when the tab holds other history: only the referrer decides', () => {
    for (let i = 0; i < 3; i += 1) window.history.pushState(null, '', `/elsewhere-${i}`);
    expect(window.history.length).toBeGreaterThan(1);
    const t = targets('');
    goBack(t);
    expect(t.navigate).toHaveBeenCalledWith('/');
    expect(t.back).not.toHaveBeenCalled();
  });

  it('counts the app page before as the referrer of a page reached inside the app', () => {
    expect(pageReferrer(true, '', 'https://oa.example.com')).toBe('https://oa.example.com/');
    expect(pageReferrer(false, '', 'https://oa.example.com')).toBe('');
    expect(pageReferrer(false, 'https://dingtalk.example.com/', 'https://oa.example.com')).toBe(
      'https://dingtalk.example.com/',
    );
    const t = targets(pageReferrer(true, '', 'https://oa.example.com'));
    goBack(t);
    expect(t.back).toHaveBeenCalledTimes(1);
  });
});
