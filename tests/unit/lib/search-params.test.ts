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
