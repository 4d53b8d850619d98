import { describe, expect, it } from 'vitest';
import * as limits from '@/lib/spec-limits';

describe('list, search and back-button constants (spec §9)', () => {
  it('has the spec values', () => {
    expect({ ...limits }).toEqual({
      LIST_SEARCH_DEBOUNCE_MS: 200,
      LIST_REFRESH_DEBOUNCE_MS: 1000,
      LIST_PAGE_SIZE: 10,
      INFINITE_LOAD_OFFSET_PX: 300,
      SEARCH_BOX_DEBOUNCE_MS: 500,
      PULL_REFRESH_HEIGHT_PX: 50,
      DOUBLE_BACK_EXIT_MS: 2000,
    });
  });
});
