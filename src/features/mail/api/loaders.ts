import type { QueryClient } from '@tanstack/react-query';
import type { MailFolder } from '@contract/mail';
import { mailCountsQueryOptions, mailListQuery } from './get-mail';

/*
 * Route loaders: start the page's first read before it renders, from the options the page uses. A failure is left
 * to the page (cached copy, empty or offline state), never thrown to the error route.
 */
const quiet = () => undefined;

export const loadMailFolder = (queryClient: QueryClient, folder: MailFolder) =>
  Promise.all([queryClient.ensureInfiniteQueryData(mailListQuery(folder)('')), queryClient.ensureQueryData(mailCountsQueryOptions())]).then(quiet, quiet);
