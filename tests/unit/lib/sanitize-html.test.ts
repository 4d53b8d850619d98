// @vitest-environment jsdom
// happy-dom mis-parses markup in ways DOMPurify relies on (it passes <img onerror> through there), so the
// sanitizer is checked on jsdom, which parses HTML like a browser.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { sanitizeHtml as sanitizeBody } from '../../../server/lib/sanitize-html';
import { xssVectors } from '../../support-bench/xss-vectors';

const dangerousTags =
  'script, iframe, frame, frameset, object, embed, base, link, meta, style, form, input, button, bgsound';
const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'data', 'poster'];
const scriptUrl = /^\s*(javascript|vbscript|data:text\/html)/i;

/** Everything in the sanitized markup that could run script or restyle the page, as readable findings. */
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
      // the browser decodes entities and strips control characters before it resolves a URL
      const value = attr.value.replace(/[\u0000-\u001f\s]/g, '');
      if (urlAttributes.includes(name) && scriptUrl.test(value)) found.push(`${name}=${attr.value}`);
    }
  });
  return found;
}

describe('sanitizeHtml', () => {
  it('has at least 30 filter-evasion vectors to try', () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(30);
    // the checker itself must see the raw vectors as dangerous, or a passing test would prove nothing
    const caught = xssVectors.filter((v) => findings(v).length > 0);
    expect(caught.length).toBeGreaterThanOrEqual(30);
  });

  it.each(xssVectors.map((vector, i) => ({ vector, i })))('neutralises vector #$i', ({ vector }) => {
    const clean = sanitizeHtml(vector);
    expect(findings(clean), clean).toEqual([]);
    // sanitizing is stable: a second pass finds nothing more to remove
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps ordinary formatted text, images and links, and opens links outside the app', () => {
    const clean = sanitizeHtml(
      '<p>请<b>审批</b><br><a href="https://oa.example.com/x">链接</a><img src="/api/form/common/api/preview?fileName=a" alt="图"></p>',
    );
    const host = document.createElement('div');
    host.innerHTML = clean;
    expect(host.querySelector('b')?.textContent).toBe('审批');
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://oa.example.com/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.querySelector('img')?.getAttribute('src')).toBe('/api/form/common/api/preview?fileName=a');
  });

  it('returns an empty string for empty input and plain text unchanged', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('请于周五前提交报销单')).toBe('请于周五前提交报销单');
  });
});

// the server's own pass on save (资讯 bodies, mail bodies: sanitize-html with the rich allow-list of server/lib/sanitize-html.ts) stores
// nothing the same checker finds, whatever the client does afterwards
describe.each([
  ['资讯 bodies', (html: string) => sanitizeBody(html, 'article')],
  ['mail bodies', (html: string) => sanitizeBody(html, 'mail')],
])('server sanitiser for %s', (_name, serverSanitize) => {
  it.each(xssVectors.map((vector, i) => ({ vector, i })))('neutralises vector #$i', ({ vector }) => {
    const clean = serverSanitize(vector);
    expect(findings(clean), clean).toEqual([]);
    expect(serverSanitize(clean)).toBe(clean);
  });

  it('keeps ordinary formatted text and safe links, opening them outside the app', () => {
    const clean = serverSanitize(
      '<p>请<b>审批</b><br><a href="https://oa.example.com/x">链接</a></p><table><tr><td colspan="2">合计</td></tr></table>',
    );
    const host = document.createElement('div');
    host.innerHTML = clean;
    expect(host.querySelector('b')?.textContent).toBe('审批');
    expect(host.querySelector('td')?.getAttribute('colspan')).toBe('2');
    const link = host.querySelector('a')!;
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://oa.example.com/x',
      '_blank',
      'noopener noreferrer',
    ]);
  });
});
