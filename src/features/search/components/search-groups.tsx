import { SEARCH_TOTAL_CAP, type SearchAnswer, type SearchHit, type SearchModule } from '@contract/search';
import { formatDate } from '@/lib/format-date';
import { Highlighted } from './highlighted';

export interface ResultsProps {
  keyword: string;
  onOpen: (hit: SearchHit) => void;
  /** module:id of the record shown beside the list (tablet): its rows are marked as current */
  selectedKey?: string;
}

/** The record a hit opens, as the tablet marks the opened one. */
export const openKey = (hit: SearchHit) => `${hit.open.module}:${hit.open.id}`;

/** One hit: title and line with the keyword marked, its date, and for a file the module it belongs to. */
export function SearchHitRow({ hit, keyword, selected }: { hit: SearchHit; keyword: string; selected?: boolean }) {
  return (
    <div className="search-hit" data-split-item aria-current={selected ? 'true' : undefined}>
      <p className="search-hit-title">
        <Highlighted text={hit.title} keyword={keyword} />
      </p>
      {hit.summary && (
        <p className="search-hit-summary">
          <Highlighted text={hit.summary} keyword={keyword} />
        </p>
      )}
      {hit.at && <span className="search-hit-at">{formatDate(hit.at)}</span>}
    </div>
  );
}

/** Hits as tappable rows (a group's first few, or one module's hits found on the device). */
export function HitList({ hits, keyword, onOpen, selectedKey }: ResultsProps & { hits: SearchHit[] }) {
  return (
    <ul className="search-group-rows">
      {hits.map((hit) => (
        <li key={hit.key}>
          <button type="button" className="search-hit-button" onClick={() => onOpen(hit)}>
            <SearchHitRow hit={hit} keyword={keyword} selected={openKey(hit) === selectedKey} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A group per module that found something, each with 查看全部 when there is more (online and offline alike). */
export function SearchGroups({
  answer,
  onMore,
  ...rows
}: ResultsProps & { answer: SearchAnswer; onMore: (m: SearchModule) => void }) {
  return (
    <div className="search-groups">
      {answer.groups.map((group) => (
        <section key={group.module} className="search-group" aria-label={group.label}>
          <h3 className="search-group-title">
            {group.label}
            <span className="search-group-total">
              {group.capped || group.total >= SEARCH_TOTAL_CAP ? `${group.total}+` : group.total}
            </span>
          </h3>
          <HitList hits={group.rows} {...rows} />
          {group.total > group.rows.length && (
            <button type="button" className="search-group-more" onClick={() => onMore(group.module)}>
              查看全部{group.label}结果
            </button>
          )}
        </section>
      ))}
    </div>
  );
}
