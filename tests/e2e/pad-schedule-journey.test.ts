import { describe, expect, it } from 'vitest';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

describe.each([
  { width: 1024, height: 768, sideBySide: true },
  { width: 768, height: 1024, sideBySide: true },
  { width: 507, height: 1024, sideBySide: false },
])('日程 on a tablet at $width×$height', ({ width, height, sideBySide }) => {
  it('shows the month and the chosen day side by side (stacked in one pane), inside the shell', async () => {
    const page = await onIpad('zhangsan', { width, height }, '/schedule/index');
    const month = page.getByRole('grid', { name: '月历' });
    const create = page.getByRole('button', { name: '新建日程' });
    await month.waitFor();
    await create.waitFor();
    const m = (await month.boundingBox())!;
    const c = (await create.boundingBox())!;
    if (sideBySide) {
      // the day's agenda is beside the month, starting at its top
      expect(c.x).toBeGreaterThanOrEqual(m.x + m.width);
      expect(c.y).toBeLessThan(m.y);
    } else {
      expect(c.y).toBeGreaterThanOrEqual(m.y + m.height);
    }
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '工作台' }).waitFor();
  });
});
