import { LOAD_MORE_FAILED_TEXT, NO_MORE_TEXT, OFFLINE_MORE_TEXT, PULL_TEXT } from './pull-texts';

interface ListFooterProps {
  hasMore: boolean;
  failed: boolean;
  retry: () => void;
  /** offline with pages left: the end is not reached, so 没有更多了 would be a lie */
  offlineWithMore: boolean;
}

/** The line under a list: loading, a retry after a failed page, or 没有更多了 at the end (spec §4). */
export function ListFooter({ hasMore, failed, retry, offlineWithMore }: ListFooterProps) {
  if (failed) {
    return (
      <button type="button" className="list-view-footer" onClick={retry}>
        {LOAD_MORE_FAILED_TEXT}
      </button>
    );
  }
  if (hasMore) return <span className="list-view-footer">{PULL_TEXT.loading}</span>;
  return <span className="list-view-footer">{offlineWithMore ? OFFLINE_MORE_TEXT : NO_MORE_TEXT}</span>;
}
