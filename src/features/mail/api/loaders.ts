import type { QueryClient } from '@tanstack/react-query';
import type { MailFolder } from '@contract/mail';
import { folderOfRoute } from '../folder-routes';
import { mailCountsQueryOptions, mailListQuery, recentContactsQueryOptions } from './get-mail';

/*
 * Route loaders: start the page's first read before it renders, from the options the page uses. A failure is left
 * to the page (cached copy, empty or offline state), never thrown to the error route.
 */
const quiet = () => undefined;

export const loadMailFolder = (queryClient: QueryClient, folder: MailFolder) => {
  // recent contacts are cached with the folder, so a mail written offline can still be addressed
  void queryClient.prefetchQuery(recentContactsQueryOptions());
  return Promise.all([
    queryClient.ensureInfiniteQueryData(mailListQuery(folder)('')),
    queryClient.ensureQueryData(mailCountsQueryOptions()),
  ]).then(quiet, quiet);
};

/** The folder a /email/$folder route names (an unknown name loads nothing: the page says 页面不存在). */
export const loadMailFolderRoute = (queryClient: QueryClient, route: string) => {
  const folder = folderOfRoute(route);
  return folder ? loadMailFolder(queryClient, folder) : undefined;
};
