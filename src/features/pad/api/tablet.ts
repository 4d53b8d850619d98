import { isPadUserAgent } from '@/platform/user-agent';

// Loads with the first page (the root route asks it), so it imports nothing else.

/** A tablet (spec §2: a user agent naming pad or pod) draws every page in its shell; the /pad… routes always do. */
export function usesTabletShell(
  pathname: string,
  ua = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return pathname.startsWith('/pad') || isPadUserAgent(ua);
}
