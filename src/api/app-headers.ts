import { platformConfig } from '@/platform/platform-config';
import { getUid } from '@/lib/uid-store';
import { moduleCodeOf } from './api-error';

/** Spec §7 headers every call carries (the axios calls and the streamed ones made with fetch): module, source, session. */
export function appHeaders(url: string, withToken = true): Record<string, string> {
  const headers: Record<string, string> = {
    moduleCode: moduleCodeOf(url),
    source: platformConfig.source,
    baseUrl: platformConfig.baseUrl || (typeof location === 'undefined' ? '' : location.origin),
    clientType: '2',
  };
  const uid = getUid();
  if (uid && withToken) headers.uid = uid;
  return headers;
}
