import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TransparentHeader, parseRgba } from '@/components/transparent-header';
import { ScrollContainerContext } from '@/components/scroll-container';
import { ScrollContainerContext as AppScrollContainerContext } from '@/components/scroll-container';

describe('TransparentHeader (spec §5/§8)', () => {
  it('requires an RGBA colour', () => {
    expect(parseRgba('rgba(22, 119, 255, 0.9)')).toEqual([22, 119, 255, 0.9]);
    expect(() => parseRgba('#1677ff')).toThrow('元素背景颜色必须为RGBA');
    expect(() => parseRgba('rgba(300, 0, 0, 1)')).toThrow('元素背景颜色必须为RGBA');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<TransparentHeader background="rgb(1,2,3)">x</TransparentHeader>)).toThrow(
      '元素背景颜色必须为RGBA',
    );
    error.mockRestore();
  });

  it('logs 监听滚动的元素不存在 when the scroll element is missing, and still renders', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <TransparentHeader background="rgba(255,255,255,1)" scrollElement="#no-such-element">
        标题
      </TransparentHeader>,
    );
    expect(error).toHaveBeenCalledWith('监听滚动的元素不存在');
    expect(screen.getByText('标题')).toBeTruthy();
    error.mockRestore();
  });

  it('goes from transparent to the colour as the page scroll container scrolls', () => {
    const scroller = document.createElement('div');
    document.body.append(scroller);
    render(
      <ScrollContainerContext.Provider value={scroller}>
        <TransparentHeader background="rgba(16, 99, 224, 0.8)" distance={100}>
          标题
        </TransparentHeader>
      </ScrollContainerContext.Provider>,
    );
    const header = screen.getByRole('banner');
    expect(header.style.backgroundColor).toMatch(/rgba\(16, 99, 224, 0\)/);
    scroller.scrollTop = 50;
    fireEvent.scroll(scroller);
    expect(header.style.backgroundColor).toMatch(/rgba\(16, 99, 224, 0\.4\)/);
    scroller.scrollTop = 400;
    fireEvent.scroll(scroller);
    expect(header.style.backgroundColor).toMatch(/rgba\(16, 99, 224, 0\.8\)/);
    scroller.remove();
  });

  it('shares one scroll container context with the app shell', () => {
    expect(AppScrollContainerContext).toBe(ScrollContainerContext);
  });
});
