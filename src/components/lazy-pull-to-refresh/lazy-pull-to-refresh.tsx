import { lazy, Suspense, type ComponentProps } from 'react';
import type PullToRefreshComponent from 'antd-mobile/es/components/pull-to-refresh';

// antd-mobile's PullToRefresh brings react-spring and @use-gesture (≈ 38 KB gzip): a first page must not wait for
// it. Until its chunk arrives the content shows without the gesture; a pull only works after that.
const PullToRefresh = lazy(() => import('antd-mobile/es/components/pull-to-refresh'));

type Props = ComponentProps<typeof PullToRefreshComponent>;

/** antd-mobile's PullToRefresh, loaded after the first paint; its children render at once. */
export function LazyPullToRefresh(props: Props) {
  return (
    <Suspense fallback={props.children}>
      <PullToRefresh {...props} />
    </Suspense>
  );
}
