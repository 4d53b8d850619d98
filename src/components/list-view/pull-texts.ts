import type { PullToRefreshProps } from 'antd-mobile';

export type PullStatus = Parameters<NonNullable<PullToRefreshProps['renderText']>>[0];

/** Spec §4 pull-to-refresh states (init, pulling, release, loading, no more) and the end-of-list text. */
export const PULL_TEXT = {
  init: '',
  pulling: '下拉刷新',
  release: '释放立即刷新',
  loading: '加载中...',
  done: '刷新成功',
  noMore: '没有更多数据了',
} as const;

export const NO_MORE_TEXT = '没有更多了';
export const LOAD_MORE_FAILED_TEXT = '加载失败，点击重试';
export const OFFLINE_MORE_TEXT = '离线中，联网后加载更多';

/** The head text for antd's pull status; a finished list says so once the refresh completes. */
export function pullText(status: PullStatus, finished: boolean): string {
  switch (status) {
    case 'pulling':
      return PULL_TEXT.pulling;
    case 'canRelease':
      return PULL_TEXT.release;
    case 'refreshing':
      return PULL_TEXT.loading;
    case 'complete':
      return finished ? PULL_TEXT.noMore : PULL_TEXT.done;
    default:
      return PULL_TEXT.init;
  }
}
