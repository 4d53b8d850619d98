import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, metaOf, showsBackArrow, slideDirection } from '@/app/route-meta';

describe('route meta', () => {
  it('takes the deepest title and index among the matches', () => {
    const meta = metaOf([
      { staticData: { title: '协同办公系统', index: 0 } },
      { staticData: {} },
      { staticData: { title: '我的', index: 1, home: true } },
    ]);
    expect(meta).toEqual({ title: '我的', index: 1, home: true, bare: false });
  });

  it('falls back to the default window title', () => {
    expect(metaOf([]).title).toBe(DEFAULT_TITLE);
    expect(DEFAULT_TITLE).toBe('协同办公系统');
  });

  it('slides left into a deeper page, right back out, and not at all between equals', () => {
    expect(slideDirection(1, 2)).toBe(1);
    expect(slideDirection(3, 1)).toBe(-1);
    expect(slideDirection(2, 2)).toBe(0);
  });

  it('hides the back arrow on 我的 and 通讯录 only', () => {
    expect(showsBackArrow('我的')).toBe(false);
    expect(showsBackArrow('通讯录')).toBe(false);
    expect(showsBackArrow('待办列表')).toBe(true);
  });
});
