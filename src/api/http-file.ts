import { storedFileAddress } from '@/lib/file-cache';
import { platformConfig } from '@/platform/platform-config';
import { appHeaders } from './app-headers';

/** A stored file's address on this site's server, which is also its key in the per-user file cache. */
export function storedFileUrl(path: string, fileName: string): string {
  return storedFileAddress(platformConfig.baseUrl, path, fileName);
}

/**
 * GETs a file's bytes as a fetch Response: a stored file (an address from storedFileUrl) with the §7 headers every
 * call carries, an outside address as it is. The one client call for bytes that skips axios, because the bytes go
 * into Cache Storage as a Response and the preview reads them chunk by chunk (progress, size limit), and axios's
 * XMLHttpRequest transport gives neither.
 */
export function fetchFile(address: string, stored: boolean): Promise<Response> {
  return fetch(address, stored ? { headers: appHeaders(address) } : {});
}
