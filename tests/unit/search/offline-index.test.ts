import { describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { cachedSources } from '@/features/search/offline/cached-records';
import { createOfflineIndex } from '@/features/search/offline/offline-index';
import { hanTokens, pinyinTokens, planKeyword } from '@/features/search/offline/search-tokens';
import { searchOffline } from '@/features/search/offline/offline-search';
import { QueryClient as Client } from '@tanstack/react-query';
import { benchCache, RECORDS } from '../../../bench/lib/search-offline-data';
import { flowRow, page, seededClient } from './cached-fixture';

/** The index of a cache as the app fills it: one source per cached query. */
function indexOf(client: QueryClient) {
  const index = createOfflineIndex();
  for (const [source, records] of cachedSources(client)) index.set(source, records);
  return index;
}

const titlesOf = (answer: ReturnType<ReturnType<typeof createOfflineIndex>['search']>) =>
  Object.fromEntries(answer.groups.map((g) => [g.label, g.rows.map((r) => r.title)]));

describe('offline search tokenizer', () => {
  it('indexes 汉字 as bigrams with each run’s last character, and 拼音 suffixes of full spelling and initials', () => {
    expect(hanTokens('报销单 OA')).toEqual(['报销', '销单', '单']);
    const keys = pinyinTokens('张三的报销');
    expect(keys).toContain('zhangsandebaoxiao');
    expect(keys).toContain('baoxiao');
    expect(keys).toContain('zsdbx');
    expect(keys).toContain('bx');
  });

  it('plans a keyword as 汉字 bigrams and Latin words', () => {
    expect(planKeyword(' 会议室 ')).toMatchObject({ keyword: '会议室', han: ['会议', '议室'], latin: [] });
    expect(planKeyword('报')).toMatchObject({ han: ['报'] });
    expect(planKeyword('BX')).toMatchObject({ han: [], latin: ['bx'] });
  });
});

describe('offline index over the query cache', () => {
  const index = indexOf(seededClient());

  it('finds 汉字 substrings in titles, form summaries, mail bodies and file names, grouped by module', () => {
    expect(titlesOf(index.search('报销'))).toEqual({ 审批: ['张三的报销'] });
    expect(titlesOf(index.search('高铁'))).toEqual({ 审批: ['张三的报销'] });
    expect(titlesOf(index.search('会议室'))).toEqual({ 邮件: ['关于十一月的材料'], 会议: ['第一会议室周会'] });
    expect(titlesOf(index.search('发票'))).toEqual({ 附件: ['差旅发票.pdf'] });
    // bigrams alone would find 议会 in 会议室's neighbours; the substring check keeps only real matches
    expect(index.search('室会').groups).toEqual([]);
  });

  it('finds full 拼音 and initials in titles and names', () => {
    expect(titlesOf(index.search('baoxiao'))).toEqual({ 审批: ['张三的报销'] });
    expect(titlesOf(index.search('bx'))).toEqual({ 审批: ['张三的报销'], 通讯录: ['白雪'] });
    expect(titlesOf(index.search('lisi'))).toEqual({ 邮件: ['关于十一月的材料'] });
  });

  it('shows the text around a match found only in a body', () => {
    const [mail] = index.search('预订单').groups;
    expect(mail?.rows[0]?.summary).toContain('预订单');
  });

  it('holds only what the cache holds: a record never shown to this person is not found, a cleared cache finds nothing', () => {
    expect(index.search('周报').groups).toEqual([]);
    const client = seededClient();
    expect(indexOf(client).size).toBe(7);
    client.clear();
    expect(indexOf(client).search('bx').groups).toEqual([]);
  });

  it('finds a record by its cached detail’s form values, once with its list row', () => {
    expect(titlesOf(index.search('酒店'))).toEqual({ 审批: ['张三的报销'] });
    expect(index.search('报销').groups[0]?.total).toBe(1);
  });

  it('follows the cache: a changed answer replaces its records, a dropped query takes them away', async () => {
    const client = seededClient();
    expect(titlesOf(await searchOffline(client, 'u1', '请假'))).toEqual({ 审批: ['王五的请假'] });
    client.setQueryData(
      ['flow', 'list', 'todo', { keyword: '' }],
      page([flowRow('f3', '赵六的请假', '赵六', '请假申请')]),
    );
    expect(titlesOf(await searchOffline(client, 'u1', '请假'))).toEqual({ 审批: ['赵六的请假'] });
    client.removeQueries({ queryKey: ['mail'] });
    expect((await searchOffline(client, 'u1', '发票')).groups).toEqual([]);
    expect(titlesOf(await searchOffline(client, 'u1', '报销'))).toEqual({ 审批: ['张三的报销'] });
  });

  it('builds a large index in slices, giving the page its turns, and indexes every record', async () => {
    const client = new Client();
    for (const [key, data] of benchCache()) client.setQueryData(key, data);
    let pageTurn = false;
    setTimeout(() => (pageTurn = true), 0);
    const answer = await searchOffline(client, 'u3', 'bx');
    expect(answer.indexed).toBe(RECORDS);
    expect(pageTurn).toBe(true);
  }, 60_000);

  it('lists every hit of one module, and opens each record where the online search would', () => {
    const people = index.moduleHits('bx', 'contacts');
    expect(people.map((h) => h.open)).toEqual([{ module: 'contacts', id: 'u9' }]);
    expect(index.moduleHits('报销', 'flow')[0]?.open).toEqual({ module: 'flow', id: 'f1' });
  });
});
