// Fetched by tablets only (the root route asks it on a tablet): a phone's first load carries none of it.

/** Phone pages whose tablet screen is a /pad… route: a tablet opening one (a link, a bookmark, a tile) goes there, its search kept. */
const TWINS: Record<string, string> = {
  '/phonehome': '/padworktable/index',
  '/addressbook': '/padcontacts',
  '/addressbook/index': '/padcontacts',
  '/myCenter': '/padmy',
  '/myCenter/index': '/padmy',
  '/follow/searchFlow': '/padbacklog/searchList',
  '/follow/searchFlowList': '/padflow/searchFlowList',
};

export function tabletTwin(pathname: string): string | undefined {
  return TWINS[pathname.replace(/\/$/, '') || '/'];
}
