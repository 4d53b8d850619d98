import { platformConfig } from '@/platform/platform-config';
import { FILE_DOWNLOAD_PATH, storedFileAddress } from '@/lib/file-cache';
import { post } from '../http';
import { hostContainer } from './host-container';

/** The container's name on the button that hands it a file. */
export const containerName = () => (platformConfig.hostApp === 'dingtalk' ? '钉钉' : '企业微信');

/**
 * Opens a file the in-app viewer cannot show in the WeCom or DingTalk viewer. The container fetches it without our
 * headers, so a stored file's address carries a 60-second link ticket (POST /api/oauth/ticket) instead of the uid.
 */
export async function openInContainer(file: { name: string; size?: number; fileName?: string; url?: string }) {
  const container = hostContainer();
  if (!container) return;
  let url = file.url;
  if (url === undefined) {
    const ticket = await post<string>('/api/oauth/ticket', { path: FILE_DOWNLOAD_PATH }, { noLoading: true });
    const base = platformConfig.baseUrl || window.location.origin;
    url = `${storedFileAddress(base, FILE_DOWNLOAD_PATH, file.fileName ?? '')}&ticket=${encodeURIComponent(ticket)}`;
  }
  await (
    await container
  ).previewFile({ url: new URL(url, window.location.href).href, name: file.name, size: file.size });
}
