// The embedded assistant's own words: what it says after a tool answered, and when it cannot help.

export const CONNECT_HINT =
  '要回答更多问题，请管理员在服务器上设置 AI_BASE_URL、AI_API_KEY、AI_MODEL，连接一个 OpenAI 兼容的模型服务（云服务或本地模型均可），然后重启服务。';

export const CAPABILITIES = [
  '- 查看你的待办和数量，例如“我有几个待办”',
  '- 查找同事的电话，例如“查找张三的电话”',
  '- 准备申请单（日期从你的话里识别），例如“下周一请假两天”，由你核对后自己提交',
  '- 告诉你菜单在哪里，例如“我发起的在哪里”',
  '- 搜索资讯，例如“搜索资讯 年会”',
  '- 查找你的邮件，例如“查找邮件 报销”',
  '- 帮你写请假理由',
].join('\n');

export const GREETING_TEXT = `你好，我是内置的办公助手，可以帮你：\n${CAPABILITIES}`;
/** A question it cannot answer: what it can do; an administrator also hears how to connect a model. */
export function unknownText(seesSetup: boolean): string {
  const text = `这个问题我暂时回答不了。我是内置的办公助手，目前能帮你：\n${CAPABILITIES}\n\n可以换个说法再问我。`;
  return seesSetup ? `${text}\n\n${CONNECT_HINT}` : text;
}

/** A short leave reason to adapt; the dates are filled in when the user gave them. */
export function reasonTemplate(found: { days?: number; start?: string; end?: string }): string {
  const when = found.start
    ? `于 ${found.start}${found.end && found.end !== found.start ? ` 至 ${found.end}` : ''} `
    : '';
  const days = found.days ? `${found.days} 天` : '';
  return [
    '可以参考下面的请假理由，按实际情况修改：',
    '',
    `> 本人因家中有事需亲自处理，特申请${when}请假${days}。请假期间工作已与同事做好交接，如有紧急事务可电话联系。恳请批准。`,
    '',
    '需要我直接准备请假申请单吗？可以说“明天请假一天”。',
  ].join('\n');
}

type Result = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const list = (v: unknown): Result[] => (Array.isArray(v) ? (v as Result[]) : []);

/** The calendar day of an ISO time in Asia/Shanghai (UTC+8 all year). */
const shanghaiDay = (iso: unknown) => {
  const ms = Date.parse(str(iso));
  return Number.isNaN(ms) ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
};

/** The sentence that follows a tool's result (the cards show the details). */
export function replyForTool(name: string, args: Result, result: Result): string {
  if (typeof result.error === 'string') {
    const available = list(result.available).length
      ? `你可以发起的有：${(result.available as string[]).join('、')}。`
      : '';
    return `${result.error}。${available}`;
  }
  switch (name) {
    case 'count_my_todos':
    case 'list_my_todos': {
      const total = Number(result.total) || 0;
      if (!total) return '你目前没有待办。';
      const lines = list(result.items).map(
        (t, i) => `${i + 1}. ${str(t.title)}（${str(t.definitionName)}，${str(t.initiatorName)} 发起）`,
      );
      const head =
        name === 'count_my_todos'
          ? `你目前有 **${total}** 个待办。`
          : `你有 **${total}** 个待办，最近的 ${lines.length} 条：`;
      return name === 'count_my_todos'
        ? `${head}点开下面的卡片即可处理。`
        : `${head}\n${lines.join('\n')}\n\n点开卡片即可处理。`;
    }
    case 'search_colleagues': {
      const people = list(result.people);
      if (!people.length) return `通讯录里没有找到“${str(args.query)}”，可以换个姓名或部门再试。`;
      const lines = people.map(
        (p) =>
          `- **${str(p.realName)}** ${str(p.orgName)}${p.mobile ? ` · 手机 ${str(p.mobile)}` : ''}${p.phone ? ` · 电话 ${str(p.phone)}` : ''}`,
      );
      return `找到 ${Number(result.total) || people.length} 位同事：\n${lines.join('\n')}`;
    }
    case 'draft_flow_request': {
      const filled = Object.keys((result.prefilled as Result) ?? {}).length;
      const noDates = args.startDate ? '' : '我没有从你的话里找到日期，请在表单中填写。';
      return `已为你准备好「${str(result.flow)}」申请单${filled ? '，部分内容已按你说的预填' : ''}。${noDates}请点开卡片核对、补全后自己提交，助手不会替你提交。`;
    }
    case 'find_menu': {
      const menus = list(result.menus);
      return menus.map((m) => `「${str(m.title)}」在：${str(m.trail)}`).join('\n') + '\n\n点卡片可以直接打开。';
    }
    case 'search_news': {
      const articles = list(result.articles);
      if (!articles.length) return `没有找到与“${str(result.keyword)}”相关的资讯，可以换个关键字再试。`;
      const lines = articles.map(
        (a) =>
          `- **${str(a.title)}**（${str(a.channelName)}${a.publishedAt ? `，${shanghaiDay(a.publishedAt)}` : ''}）`,
      );
      return `找到 ${Number(result.total) || articles.length} 篇与“${str(result.keyword)}”相关的资讯：\n${lines.join('\n')}\n\n点开卡片查看全文。`;
    }
    case 'search_mail': {
      const mails = list(result.mails);
      if (!mails.length) return `你的邮件中没有找到与“${str(result.keyword)}”相关的内容，可以换个关键字再试。`;
      const lines = mails.map((m) => `- **${str(m.subject)}**（${str(m.senderName)}，${shanghaiDay(m.at)}）`);
      return `在你的邮件中找到 ${Number(result.total) || mails.length} 封与“${str(result.keyword)}”相关的邮件：\n${lines.join('\n')}\n\n点开卡片查看邮件。`;
    }
    case 'open_approval':
      return `「${str(result.title)}」（${str(result.serial)}）当前状态：${str(result.statusText)}${list(result.currentNodeNames).length ? `，当前环节：${(result.currentNodeNames as string[]).join('、')}` : ''}。`;
    default:
      return '已完成。';
  }
}
