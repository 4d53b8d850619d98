import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageQuery } from '../../../contract/pagination-schemas';
import { flowListQuery } from '../../../contract/flow-schemas';

const contract = join(__dirname, '../../../contract');

describe('the one pagination schema', () => {
  it('defaults to page 1 of 10 rows and refuses more than 100 rows in Chinese', () => {
    expect(pageQuery.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(pageQuery.parse({ pageNum: '3', pageSize: '100' })).toEqual({ pageNum: 3, pageSize: 100 });
    expect(pageQuery.safeParse({ pageSize: '101' }).error?.issues[0]?.message).toBe('每页最多100条');
    expect(flowListQuery.safeParse({ pageNum: '0' }).error?.issues[0]?.message).toBe('页码从1开始');
  });

  it('is the only place in contract that spells the paging fields', () => {
    const spelled = readdirSync(contract)
      .filter((name) => name.endsWith('-schemas.ts') && name !== 'pagination-schemas.ts')
      .filter((name) => /\b(pageNum|pageSize)\s*:/.test(readFileSync(join(contract, name), 'utf8')));
    expect(spelled).toEqual([]);
  });
});
