import type { AiConversation } from '@contract/ai';
import { get } from '@/api/http';
import { pagedListQuery } from '@/components/list-view';
import { aiKeys } from './ai-keys';

/**
 * The caller's conversations, newest first. The server answers the whole list (a person keeps tens of
 * conversations, not thousands), so the search and the pages of 10 are cut here: the list then searches,
 * refreshes and loads more like every other ListView, and each page is kept for offline reading.
 */
export const conversationsQuery = pagedListQuery<AiConversation>(
  aiKeys.conversations,
  async ({ pageNum, pageSize, keyword }) => {
    const all = await get<AiConversation[]>('/api/ai/conversations');
    const wanted = keyword?.trim();
    const matching = wanted ? all.filter((c) => c.title.includes(wanted)) : all;
    return { rows: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: matching.length };
  },
);
