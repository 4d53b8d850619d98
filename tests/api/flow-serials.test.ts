import { describe, expect, it } from 'vitest';
import { defId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Started = { id: string; serial: string };

/** 流水号 are unique by construction: a sequence, never a random number that may collide (issue 11 point 3). */
describe.each(drivers)('flow serial numbers on %s', (driver) => {
  const ctx = useServer(driver);
  const saveDraft = async () =>
    (await ctx.as('zhangsan')).post<Started>('/api/flow/instances', {
      definitionId: defId('trip'),
      formData: {},
      draft: true,
    });
  const counter = (serial: string) => BigInt(serial.slice('SPyyyyMMddHHmm'.length));

  it('ascend in the order they were taken', async () => {
    const serials: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await saveDraft();
      expect(answer.status, answer.body.msg).toBe(200);
      serials.push(answer.body.data.serial);
    }
    for (const serial of serials) expect(serial).toMatch(/^SP\d{12}\d{6,}$/);
    for (let i = 1; i < serials.length; i++) expect(counter(serials[i]!)).toBe(counter(serials[i - 1]!) + 1n);
  });

  it('never collide under a parallel burst (no 500)', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => saveDraft()));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const serials = answers.map((a) => a.body.data.serial);
    expect(new Set(serials.map(counter)).size).toBe(serials.length);
    // 60 writes at once: past the 30 s default on a busy two-core machine
  }, 120_000);
});
