import { describe, expect, it } from 'vitest';
import { optionalPrefill } from '@/lib/search-params';

describe('start-form prefill from a link', () => {
  it('accepts a JSON object, parsed or not, and nothing else', () => {
    expect(optionalPrefill('{"days":2}')).toEqual({ days: 2 });
    expect(optionalPrefill({ days: 2 })).toEqual({ days: 2 });
    expect(optionalPrefill('[1,2]')).toBeUndefined();
    expect(optionalPrefill('not json')).toBeUndefined();
    expect(optionalPrefill(3)).toBeUndefined();
  });
});

describe('a broken link is explained in Chinese', () => {
  it('names no English parameter', async () => {
    const { requiredUuid, validateCustomSearch } = await import('@/lib/search-params');
    expect(() => requiredUuid('x', 'instanceId')).toThrow('链接地址不完整或已失效');
    expect(() => validateCustomSearch({})).toThrow('链接地址不完整或已失效：未指明业务模型');
    for (const fn of [() => requiredUuid(undefined, 'id'), () => validateCustomSearch({ code: '?' })]) {
      try {
        fn();
      } catch (error) {
        expect((error as Error).message).not.toMatch(/[A-Za-z]/);
      }
    }
  });
});
