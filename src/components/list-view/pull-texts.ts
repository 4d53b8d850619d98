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
