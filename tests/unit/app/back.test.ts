import { describe, expect, it, vi } from 'vitest';
import { goBack } from '@/app/back';

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
