import type { TextRule } from './field-rules';

// its own file, not contract/news.ts: the app's entry chunk imports news.ts (the image path), the rules only the
// publish page and the server need
/** The article form's fields: the publish page checks them first and newsSaveBody (news-schemas.ts) enforces them. */
export const newsArticleRules = {
  title: { required: '请输入标题', max: 100, tooLong: '标题不能超过100字' },
  channel: '请选择栏目',
  summary: { max: 300, tooLong: '摘要不能超过300字' },
} as const satisfies Record<string, TextRule | string>;
