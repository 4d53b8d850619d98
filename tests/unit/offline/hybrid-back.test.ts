import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/ui/feedback', () => ({ toast: { info: vi.fn() } }));
const { toast } = await import('@/ui/feedback');
const { createBackHandler, decideBack, EXIT_HINT } = await import('@/platform/hybrid-back');

afterEach(() => {
  document.body.innerHTML = '';
  vi.mocked(toast.info).mockClear();
});

describe('decideBack', () => {
  const base = { maskOpen: false, isHome: true, lastHomePressAt: null, now: 10_000 };
  it('warns on the first press on a home page and exits on a second press within 2 s', () => {
    expect(decideBack(base)).toBe('warn');
    expect(decideBack({ ...base, lastHomePressAt: 8_500 })).toBe('exit');
    expect(decideBack({ ...base, lastHomePressAt: 8_000 })).toBe('warn');
  });
  it('closes an open popup first, anywhere', () => {
    expect(decideBack({ ...base, maskOpen: true, lastHomePressAt: 9_900 })).toBe('close-mask');
    expect(decideBack({ ...base, isHome: false, maskOpen: true })).toBe('close-mask');
  });
  it('goes back on other pages', () => {
    expect(decideBack({ ...base, isHome: false })).toBe('back');
  });
});

describe('back handler', () => {
  function setup(isHome: boolean) {
    let now = 0;
    const goBack = vi.fn();
    const exit = vi.fn();
    const press = createBackHandler({ isHome: () => isHome, goBack, exit, now: () => now });
    return { press, goBack, exit, advance: (ms: number) => (now += ms) };
  }

  it('on home: shows 再按一次退出应用, exits on the second press within 2 s', () => {
    const { press, exit, advance } = setup(true);
    expect(press()).toBe('warn');
    expect(toast.info).toHaveBeenCalledWith(EXIT_HINT);
    expect(EXIT_HINT).toBe('再按一次退出应用');
    advance(1500);
    expect(press()).toBe('exit');
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('on home: a second press after 2 s only warns again', () => {
    const { press, exit, advance } = setup(true);
    press();
    advance(2500);
    expect(press()).toBe('warn');
    expect(exit).not.toHaveBeenCalled();
  });

  it('the exit hint toast itself is not a popup to close', () => {
    document.body.innerHTML = '<div class="adm-mask adm-toast-mask"></div>';
    const { press, exit, advance } = setup(true);
    press();
    advance(500);
    expect(press()).toBe('exit');
    expect(exit).toHaveBeenCalled();
  });

  it('closes an open mask by clicking it instead of going back', () => {
    document.body.innerHTML =
      '<div class="adm-mask" style="display: none"></div><div class="adm-mask" id="open"></div>';
    const onClick = vi.fn();
    document.getElementById('open')!.addEventListener('click', onClick);
    const { press, goBack } = setup(false);
    expect(press()).toBe('close-mask');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(goBack).not.toHaveBeenCalled();
  });

  it('goes back elsewhere', () => {
    const { press, goBack } = setup(false);
    expect(press()).toBe('back');
    expect(goBack).toHaveBeenCalledTimes(1);
  });
});
