import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customRecords } from '../../server/db/schema';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';

// Issue 47 point 7, 业务建模: a money value reads the same in the list as on the record, at 360×640.

const env = useAppAndBrowser();

const signedIn = phonesCheckedForErrors(env);

describe('业务建模 money (issue 47.7)', () => {
  it('shows 合同金额 as ¥1,234.50 in the list and on the record', async () => {
    const [record] = await env.app.database.db
      .select({ id: customRecords.id, data: customRecords.data })
      .from(customRecords)
      .where(eq(customRecords.title, '办公楼物业服务合同'));
    await env.app.database.db
      .update(customRecords)
      .set({ data: { ...(record!.data as Record<string, unknown>), amount: 1234.5 } })
      .where(eq(customRecords.id, record!.id));

    const page = await signedIn('zhangsan', { at: '/customModule/list?code=contract' });
    const row = page.locator('.custom-row').filter({ hasText: '办公楼物业服务合同' });
    await row.waitFor({ timeout: 15_000 });
    const amount = row
      .locator('div')
      .filter({ has: page.locator('dt', { hasText: '合同金额' }) })
      .locator('dd');
    await expect.poll(() => amount.innerText(), { timeout: 15_000 }).toBe('¥1,234.50');

    await row.click();
    const detail = page.getByRole('region', { name: '办公楼物业服务合同' });
    await detail.waitFor({ timeout: 15_000 });
    await expect.poll(() => detail.innerText(), { timeout: 15_000 }).toContain('¥1,234.50');
  });
});
