import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import type PullToRefreshComponent from 'antd-mobile/es/components/pull-to-refresh';
import { afterFirstInteraction } from '@/lib/after-first-interaction';

type Props = ComponentProps<typeof PullToRefreshComponent>;

// antd-mobile's PullToRefresh brings react-spring and @use-gesture (≈ 25 KB gzip). No pull can start before the first
// touch, so it is fetched then, like the page transitions: fetched with the first page, its arrival re-rendered the
// whole page inside it in one long task while the page was still starting.
const loadPullToRefresh = afterFirstInteraction(() =>
  import('antd-mobile/es/components/pull-to-refresh').then((mod) => mod.default as ComponentType<Props>),
);

let pressed = false;
const waiting: (() => void)[] = [];
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  const up = () => {
    pressed = false;
    setTimeout(() => waiting.splice(0).forEach((fn) => fn()), 0);
  };
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
}

/** Runs `fn` when no finger is down: wrapping the page moves its DOM, and a tap whose target moved is lost. */
function whenReleased(fn: () => void) {
  if (pressed) waiting.push(fn);
  else fn();
}

/** antd-mobile's PullToRefresh from the first touch on; until then the content shows without the gesture. */
export function LazyPullToRefresh(props: Props) {
  const [Gesture, setGesture] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    void loadPullToRefresh().then((component) => whenReleased(() => live && setGesture(() => component)));
    return () => {
      live = false;
    };
  }, []);
  return Gesture ? <Gesture {...props} /> : <>{props.children}</>;
}
