/** Drives GET /api/search as demo users: the helpers of tests/api/search-*.test.ts. */
import { expect } from 'vitest';
import type { SearchAnswer, SearchModule } from '../../contract/search';
import type { ServerContext } from '../api/support/server';

const STEMS = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥';

/**
 * Six random 天干地支 characters: a text no seeded record holds, with a 拼音 no other record's is likely to. With four, a
 * search by their initials (four consonants, several of them among the commonest) once counted another record the
 * searcher may open, whose initials held the same four.
 */
export function uniqueHan(): string {
  return Array.from({ length: 6 }, () => STEMS[Math.floor(Math.random() * STEMS.length)]).join('');
}

/** People of several departments and both companies, a manager, an editor and the admin. */
export const SEARCHERS = ['zhangsan', 'lisi', 'zhaoliu', 'sunqi', 'wangwu', 'yangfan', 'hejing', 'admin'] as const;

export function searchClient(ctx: ServerContext) {
  /** GET /api/search as asked; the raw answer */
  const raw = async (user: string, query: string) => (await ctx.as(user)).get<SearchAnswer>(`/api/search?${query}`);
  /** a search that must succeed: every module, or one module's first 100 */
  const search = async (user: string, keyword: string, module?: SearchModule) => {
    const answer = await raw(
      user,
      `keyword=${encodeURIComponent(keyword)}${module ? `&module=${module}&pageSize=100` : ''}`,
    );
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  /** the hits opening `id`, in any group */
  const hitsFor = (answer: SearchAnswer, id: string) =>
    answer.groups.flatMap((g) => g.rows).filter((r) => r.open.id === id);
  return {
    raw,
    search,
    hitsFor,
    /** the module's group finds `id` by each keyword (汉字, 拼音, initials, …) for `user` */
    async expectFound(user: string, module: SearchModule, id: string, keywords: string[]) {
      for (const keyword of keywords) {
        const answer = await search(user, keyword, module);
        expect(hitsFor(answer, id).length, `${module} ${keyword}`).toBeGreaterThan(0);
      }
    },
    /**
     * For every searcher, the record turns up (everywhere and in its module) exactly when its own detail opens; no one
     * else sees it, nor a count of it. Both sides must be non-empty, so the rule is really exercised.
     */
    async expectSearchFollowsDetail(token: string, module: SearchModule, id: string, detailPath: string) {
      const sides = { opens: [] as string[], hidden: [] as string[] };
      for (const user of SEARCHERS) {
        const mayOpen = (await (await ctx.as(user)).get(detailPath)).status === 200;
        const everywhere = await search(user, token);
        const own = await search(user, token, module);
        expect(hitsFor(everywhere, id).length > 0, `${user} finds ${module} everywhere`).toBe(mayOpen);
        expect(hitsFor(own, id).length > 0, `${user} finds ${module} in its group`).toBe(mayOpen);
        if (!mayOpen) {
          expect(JSON.stringify(everywhere.groups), user).not.toContain(token);
          expect(own.groups[0]!.total, `${user}: no count of it`).toBe(0);
        }
        sides[mayOpen ? 'opens' : 'hidden'].push(user);
      }
      expect(sides.opens.length, JSON.stringify(sides)).toBeGreaterThan(0);
      expect(sides.hidden.length, JSON.stringify(sides)).toBeGreaterThan(0);
      return sides;
    },
  };
}
