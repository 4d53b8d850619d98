import { MAIL_ATTACHMENT_VIEW_PATH, type MailAttachment } from '@contract/mail';
import { storedFileUrl } from '@/api/http-file';
import { post } from '@/api/http';
import { previewKindOf } from '@/components/file-preview/preview-kind';
import type { PreviewTarget } from '@/components/file-preview/preview-store';

/*
 * A 机密 mail's files are refused on 下载 and on the raw inline address, to everyone; the preview reads them from the
 * mail's view-only address. The preview fetches an outside address without our headers, so it carries a 60-second
 * link ticket for that path (one ticket serves every attachment of the mail). Formats the server converts keep their
 * stored target: the preview reads their PDF, which the server still serves to the mail's readers.
 */

const viewTicket = () => post<string>('/api/oauth/ticket', { path: MAIL_ATTACHMENT_VIEW_PATH }, { noLoading: true });

/** The preview targets of a 机密 mail's attachments, in their order. */
export async function confidentialTargets(files: MailAttachment[]): Promise<PreviewTarget[]> {
  const ticket = encodeURIComponent(await viewTicket());
  return files.map((f): PreviewTarget => {
    const shown = { name: f.attachName, size: f.size };
    if (previewKindOf(f.attachName) === 'converted') return { ...shown, fileName: f.fileName };
    return { ...shown, url: `${storedFileUrl(MAIL_ATTACHMENT_VIEW_PATH, f.fileName)}&ticket=${ticket}` };
  });
}
