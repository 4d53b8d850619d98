import { NEWS_IMAGE_PATH } from '@contract/news';
import { getUid } from '@/lib/uid-store';
import { platformConfig } from '@/platform/platform-config';
import { sanitizeHtml } from '@/lib/sanitize-html';

// <img> cannot send headers, so the uid travels in the query (the server allows it on the preview route only)
const withSession = (fileId: string) =>
  `${platformConfig.baseUrl}${NEWS_IMAGE_PATH}${encodeURIComponent(fileId)}&uid=${encodeURIComponent(getUid() ?? '')}`;

/** The address an <img> shows an uploaded image (cover or body image) at. */
export const imageUrl = (fileId: string): string => withSession(fileId);

const STORED_IMAGE = /src="\/api\/form\/common\/api\/preview\?fileName=([0-9a-f-]{36})"/gi;
const SHOWN_IMAGE = /src="[^"]*\/api\/form\/common\/api\/preview\?fileName=([0-9a-f-]{36})(?:&amp;|&)uid=[^"]*"/gi;

/** A stored body as markup to render: sanitised again (DOMPurify), then its images pointed at the session's previews. */
export function bodyForDisplay(stored: string): string {
  return sanitizeHtml(stored).replace(
    STORED_IMAGE,
    (_, id: string) => `src="${withSession(id).replace(/&/g, '&amp;')}"`,
  );
}

/** The editor's markup back to the stored form: images lose the session, so no uid is ever saved in an article. */
export function bodyForSaving(edited: string): string {
  return edited.replace(SHOWN_IMAGE, (_, id: string) => `src="${NEWS_IMAGE_PATH}${id}"`);
}

/** The upload id of an image the body shows (to open it in the viewer), from its src. */
export function fileIdOfImage(src: string): string | null {
  return /fileName=([0-9a-f-]{36})/i.exec(src)?.[1] ?? null;
}
