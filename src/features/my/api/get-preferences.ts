// shared with the pages that write opinions (办理), so they need not import this feature
export { preferencesQueryOptions, useOpinionPhrases } from '@/api/preferences';
