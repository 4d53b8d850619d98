import { useNavigate } from '@tanstack/react-router';
import type { SearchHit } from '@contract/search';
import { targetLink } from '../open-target';
import { SearchPanel, type SearchState } from './search-panel';

/** 搜索 on the phone: the panel full screen; a hit opens its record's page. */
export function SearchPage({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const navigate = useNavigate();
  const open = (hit: SearchHit) => void navigate(targetLink(hit) as never);
  return <SearchPanel {...state} onChange={onChange} onOpen={open} />;
}
