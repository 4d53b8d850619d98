import type { SearchHit, SearchTarget } from '@contract/search';

/** The page a hit opens on the phone: the record's own detail (日程: the list of its day). */
export function targetLink(hit: SearchHit): { to: string; search: Record<string, string> } {
  const { module, id, modelCode } = hit.open;
  switch (module) {
    case 'flow':
      return { to: '/followViewDetail', search: { instanceId: id } };
    case 'mail':
      return { to: '/email/detail', search: { id } };
    case 'news':
      return { to: '/news/detail', search: { id } };
    case 'contacts':
      return { to: '/addressbook/userInfo', search: { userId: id } };
    case 'meeting':
      return { to: '/meeting/info', search: { id } };
    case 'custom':
      return { to: '/customModule/detail', search: { code: modelCode ?? '', id } };
    case 'schedule': {
      const day = shanghaiDay(hit.at);
      return { to: '/schedule/list', search: day ? { from: day, to: day } : {} };
    }
  }
}

/** A record opened beside the results (tablet): module, id and what its page also needs (model code, day). */
export interface Opened {
  module: SearchTarget['module'];
  id: string;
  extra?: string;
}

const OPENABLE: readonly string[] = ['flow', 'mail', 'news', 'contacts', 'schedule', 'meeting', 'custom'];

/** The address's `open` value of a hit: module:id[:model code or day], so reload and rotation keep the pane. */
export function openParam(hit: SearchHit): string {
  const { module, id, modelCode } = hit.open;
  const extra = module === 'custom' ? modelCode : module === 'schedule' ? shanghaiDay(hit.at) : undefined;
  return [module, id, extra].filter(Boolean).join(':');
}

export function openedOf(value: string | undefined): Opened | null {
  const [module, id, extra] = (value ?? '').split(':');
  if (!module || !id || !OPENABLE.includes(module)) return null;
  return { module: module as Opened['module'], id, extra: extra || undefined };
}

/** The calendar day (China Standard Time) of an ISO moment. */
function shanghaiDay(iso: string | null): string | undefined {
  if (!iso) return undefined;
  const at = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().slice(0, 10);
}
