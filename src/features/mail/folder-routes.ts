/** The folder routes (spec §2: inbox, star, draft, outbox) and the folder each lists; outbox is 已发送. */
export const FOLDER_ROUTES = { inbox: 'inbox', star: 'star', draft: 'draft', outbox: 'sent', trash: 'trash' } as const;
export type FolderRoute = keyof typeof FOLDER_ROUTES;
export const folderOfRoute = (route: string) =>
  Object.prototype.hasOwnProperty.call(FOLDER_ROUTES, route) ? FOLDER_ROUTES[route as FolderRoute] : undefined;
