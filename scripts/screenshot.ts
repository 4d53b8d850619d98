// Regenerates the README screenshots from the built client: `npm run build && tsx scripts/screenshot.ts`; name words
// to take only the shots whose file contains one (`tsx scripts/screenshot.ts news meeting`).
import { chromium, type Browser } from 'playwright-core';
import { api, loginAs, startTestServer } from '../tests/factories/test-server';
import { deptOf, userId } from '../tests/factories/meeting-client';
import { readFile } from 'node:fs/promises';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import type { UploadedFile } from '../contract/files';

const server = await startTestServer({ driver: 'pglite', staticDir: 'dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const uid = await loginAs(server.baseUrl, 'lisi', '123456');
  const shots: [string, string, { width: number; height: number }][] = [
    ['/phonehome', 'docs/screenshot-phonehome.png', { width: 360, height: 640 }],
    ['/follow/waitList', 'docs/screenshot-waitlist.png', { width: 360, height: 640 }],
    ['/news/Headlines', 'docs/screenshot-news.png', { width: 360, height: 640 }],
  ];
  const only = process.argv.slice(2);
  const wanted = (file: string) => only.length === 0 || only.some((word) => file.includes(word));
  for (const [path, file, viewport] of shots.filter(([, file]) => wanted(file))) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    await context.addInitScript((token) => localStorage.setItem('oa.uid', token), uid);
    const page = await context.newPage();
    await page.goto(server.baseUrl + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    await page.screenshot({ path: file });
    await context.close();
    console.log(`wrote ${file}`);
  }
  if (wanted('meeting-sign-in')) await meetingSignInShots(browser, server.baseUrl, uid);
  if (wanted('preview')) await previewShots(browser, server.baseUrl, uid);
} finally {
  await browser.close();
  await server.close();
}

/** 会议签到: the organiser's code screen, and an invitee who typed its six digits on 会议 → 扫码签到 seeing 签到成功. */
async function meetingSignInShots(browser: Browser, baseUrl: string, organiserUid: string) {
  const created = await api(baseUrl, organiserUid).post<{ id: string }>('/api/meeting', {
    subject: '部门周例会',
    onlineLink: 'https://meet.example.com/weekly',
    startAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    endAt: new Date(Date.now() + 65 * 60_000).toISOString(),
    hostDeptId: deptOf('admin-office'),
    inviteeIds: [userId('zhangsan'), userId('zhaoliu')],
  });
  if (created.status !== 200) throw new Error(`booking the demo meeting failed: ${created.body.msg}`);
  const phone = async (uid: string) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    await context.addInitScript((token) => localStorage.setItem('oa.uid', token), uid);
    return context.newPage();
  };
  const organiser = await phone(organiserUid);
  await organiser.goto(`${baseUrl}/meeting/signIn?id=${created.body.data.id}`);
  await organiser.getByRole('img', { name: '签到二维码' }).waitFor();
  await organiser.waitForLoadState('networkidle');
  await organiser.screenshot({ path: 'docs/screenshot-meeting-sign-in-code.png' });
  console.log('wrote docs/screenshot-meeting-sign-in-code.png');

  const invitee = await phone(await loginAs(baseUrl, 'zhangsan', '123456'));
  await invitee.goto(`${baseUrl}/meeting/scanCodePage`);
  await invitee.getByPlaceholder('请输入签到码').fill((await organiser.getByLabel('签到码').innerText()).trim());
  await invitee.getByRole('button', { name: '签到', exact: true }).click();
  await invitee.getByText('签到成功').first().waitFor();
  // the detail it lands on, settled (the page transition over), while the toast still shows
  await invitee.getByText(/已签到1人/).waitFor();
  await invitee.waitForTimeout(300);
  await invitee.screenshot({ path: 'docs/screenshot-meeting-sign-in-done.png' });
  console.log('wrote docs/screenshot-meeting-sign-in-done.png');
  await organiser.context().close();
  await invitee.context().close();
}

/** The in-app preview (issue 31): a mail's Word attachment and its PDF, opened by 李四 (`uid`) on the phone. */
async function previewShots(browser: Browser, baseUrl: string, uid: string) {
  const sender = api(baseUrl, await loginAs(baseUrl, 'zhangsan', '123456'));
  const form = new FormData();
  for (const [fixture, name] of [
    ['leave.docx', '年休假安排说明.docx'],
    ['leave.pdf', '年休假安排说明.pdf'],
  ]) {
    form.append('file', new Blob([new Uint8Array(await readFile(`tests/fixtures/preview/${fixture}`))]), name);
  }
  const files = (await sender.post<UploadedFile[]>('/api/form/common/file/upload', form)).body.data;
  const sent = await sender.post<{ id: string }>('/api/mail/messages', {
    to: [userId('lisi')],
    subject: '年休假安排',
    bodyHtml: '<p>请查阅附件</p>',
    attachments: files,
    send: true,
  });
  if (sent.status !== 200) throw new Error(`sending the demo mail failed: ${sent.body.msg}`);
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    serviceWorkers: 'block',
  });
  await context.addInitScript((token) => localStorage.setItem('oa.uid', token), uid);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/email/detail?id=${sent.body.data.id}`);
  for (const [name, file, shown] of [
    [
      '年休假安排说明.docx',
      'docs/screenshot-preview-word.png',
      page.locator('.file-preview-docx').getByText('关于年休假安排的说明'),
    ],
    [
      '年休假安排说明.pdf',
      'docs/screenshot-preview-pdf.png',
      page.locator('.textLayer').getByText('关于年休假安排的说明'),
    ],
  ] as const) {
    await page.getByRole('button', { name, exact: true }).click();
    await shown.first().waitFor();
    await page.waitForTimeout(800); // the popup's slide-in and the page's paint
    await page.screenshot({ path: file });
    console.log(`wrote ${file}`);
    await page
      .getByRole('dialog', { name: `预览 ${name}` })
      .getByRole('button', { name: '关闭' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  await context.close();
}
