import { formatDate } from '@/lib/format';
import { useCurrentUser } from '@/session/current-user-query';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One tile of the pattern: the text twice, slanted, faint; repeated over the whole preview by the background. */
function tileOf(text: string): string {
  const line = escapeXml(text);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">` +
    `<g transform="rotate(-24 120 80)" fill="rgba(0,0,0,0.11)" font-size="15" font-family="sans-serif">` +
    `<text x="20" y="70">${line}</text><text x="20" y="92">${line}</text></g></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

/**
 * The viewer's name and today's date over every preview, as Chinese OA clients do: a photo of the screen says who
 * looked. It lies above the document and lets every touch through.
 */
export function Watermark() {
  const user = useCurrentUser();
  const name = user?.userVo.realName || user?.userVo.username || '';
  const text = `${name} ${formatDate(new Date(), 'yyyy-MM-dd')}`.trim();
  return (
    <div
      className="file-preview-watermark"
      data-testid="preview-watermark"
      data-text={text}
      aria-hidden="true"
      style={{ backgroundImage: tileOf(text) }}
    />
  );
}
