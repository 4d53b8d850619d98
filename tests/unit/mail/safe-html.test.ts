// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlToText, plainTextOf, sanitizeHtml as sanitize } from '../../../server/lib/sanitize-html';

const sanitizeHtml = (html: string) => sanitize(html, 'mail');

const vectors = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="/api/x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="java&#115;cript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)">x</p>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<img """><script>alert(1)</script>">',
  '<a href="https://ok.example/">x</a onmouseover=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<img src="https://x.example/a.png"/onerror=alert(1)>',
  '<a href="/\\evil.example">x</a>',
  '<a href="//evil.example">x</a>',
];

/** Parses the stored HTML as a browser would and lists anything that could run. */
function executable(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const found: string[] = [];
  for (const el of doc.body.querySelectorAll('*')) {
    if (
      ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'STYLE', 'FORM', 'BUTTON', 'DETAILS'].includes(
        el.tagName.toUpperCase(),
      )
    )
      found.push(el.tagName);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name) || attr.name === 'style' || attr.name === 'formaction')
        found.push(`${el.tagName}@${attr.name}`);
      if ((attr.name === 'href' || attr.name === 'src') && !/^(https?:|mailto:|\/[^/\\])/i.test(attr.value.trim()))
        found.push(`${el.tagName}@${attr.name}=${attr.value}`);
    }
  }
  return found;
}

describe('mail HTML sanitiser', () => {
  it.each(vectors)('%s stores nothing executable', (vector) => {
    expect(executable(sanitizeHtml(vector))).toEqual([]);
  });

  it('keeps ordinary formatting, safe links and the app’s images', () => {
    const html =
      '<p>你好<b>张三</b></p><ul><li>一</li></ul><a href="https://oa.example/x">链接</a><img src="/api/form/common/api/downloadFile?fileName=1" alt="图">';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<p>你好<b>张三</b></p><ul><li>一</li></ul>');
    expect(clean).toContain('<a href="https://oa.example/x" target="_blank" rel="noopener noreferrer">链接</a>');
    expect(clean).toContain('<img src="/api/form/common/api/downloadFile?fileName=1" alt="图">');
  });

  it('escapes stray angle brackets as text', () => {
    expect(sanitizeHtml('1 < 2 && 3 > 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(htmlToText(sanitizeHtml('1 < 2 &amp; <p>三</p>'))).toBe('1 < 2 & 三');
  });
});

describe('the server HTML module', () => {
  it('keeps the images each body allows: 资讯 only uploads, mail also https and app files', () => {
    const upload = '/api/form/common/api/preview?fileName=0b7d2f5e-1c1a-4a52-9a5e-2f8d8b0c1a11';
    const html = `<img src="${upload}"><img src="https://cdn.example/a.png"><img src="/api/x">`;
    expect(sanitize(html, 'article')).toBe(`<img src="${upload}">`);
    expect(sanitize(html, 'mail')).toBe(html);
  });

  it('drops an image with nothing allowed to show, and keeps a link without a safe target as text', () => {
    expect(sanitize('<img src=x onerror=alert(1)>前<a href="javascript:alert(1)">点</a>', 'mail')).toBe('前<a>点</a>');
  });

  it('turns a comment into plain text: no tag survives, entities decode, any code point is safe', () => {
    expect(plainTextOf('<b>请看</b><img src=x onerror="alert(1)"> 附件 a < b &amp; c')).toBe('请看 附件 a < b & c');
    expect(plainTextOf('<script>alert(1)</script>')).toBe('');
    expect(htmlToText('a&#9999999;b&#x41;')).toBe('abA');
  });
});
