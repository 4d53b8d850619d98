const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The absolute address of a reminder's item in the app (an administrator's external link as it is). */
export function linkOf(link: string | null, appPublicUrl: string): string {
  return link ? (/^https?:\/\//i.test(link) ? link : `${appPublicUrl}${link}`) : `${appPublicUrl}/phonehome`;
}

/**
 * The address a WeCom or DingTalk reminder opens: the item through the app's entry for that vendor (`/wecom`,
 * `/dingtalk`), which signs the member in from the vendor's code before it shows the item; an external link as it is.
 */
export function entryLinkOf(
  link: string | null,
  appPublicUrl: string,
  entry: '/wecom' | '/dingtalk',
  corpId?: string | null,
): string {
  if (link && /^https?:\/\//i.test(link)) return link;
  const query = new URLSearchParams({ path: link || '/phonehome' });
  // inside DingTalk the entry asks DingTalk itself for the login code, which needs the corp's id
  if (corpId) query.set('corpId', corpId);
  return `${appPublicUrl}${entry}?${query}`;
}

/** The subject and bodies of a reminder e-mail: the item's title, its text and a link back into the app. */
export function composeMail(message: { title: string; content: string; link: string | null }, appPublicUrl: string) {
  const link = linkOf(message.link, appPublicUrl);
  const text = [message.content, '', `查看详情：${link}`, '', '—— 协同办公系统'].join('\n');
  const html = `<p>${escapeHtml(message.content).replace(/\n/g, '<br>')}</p><p><a href="${escapeHtml(link)}">查看详情</a></p><p style="color:#999">—— 协同办公系统</p>`;
  return { subject: message.title, text, html };
}
