import { useEffect, useRef, useState } from 'react';
import { AnimatePresence, LazyMotion, domAnimation, m, useIsPresent, useReducedMotion } from 'framer-motion';
import { useRouter } from '@tanstack/react-router';
import { slideDirection, useRouteMeta } from './route-meta';
import { mountPage, useShownPathname, type StageProps } from './page-stage';

interface Snapshot {
  node: Node;
  scrollTop: number;
}

// A leaving page must keep showing itself, but the live page (rendered once, into `host`) moves on to the NEW slot.
// So the leaving slot shows a DOM snapshot taken just before navigation.
const variants = {
  enter: (d: number) => ({ x: d > 0 ? '100%' : d < 0 ? '-30%' : 0, opacity: d === 0 ? 0 : 1, zIndex: d < 0 ? 1 : 2 }),
  center: { x: 0, opacity: 1 },
  exit: (d: number) => ({ x: d > 0 ? '-30%' : d < 0 ? '100%' : 0, opacity: d === 0 ? 0 : 1, zIndex: d < 0 ? 2 : 1 }),
};

/**
 * The page stage with slide transitions (framer-motion): its own chunk, fetched on the first touch. It takes over
 * from the plain stage without remounting the page, which lives in `host` (see page-transitions.tsx and page-stage.ts).
 */
export function AnimatedStage({ host, onScroller, scrollTop }: StageProps) {
  const router = useRouter();
  const pathname = useShownPathname();
  const { index } = useRouteMeta();
  const reduceMotion = useReducedMotion();
  const snapshots = useRef(new Map<string, Snapshot>());
  const slotRef = useRef<HTMLDivElement | null>(null);
  const [shown, setShown] = useState({ pathname, index, direction: 0 });
  if (shown.pathname !== pathname) {
    setShown({ pathname, index, direction: slideDirection(shown.index, index) });
  }

  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        const slot = slotRef.current;
        if (!event.pathChanged || !slot) return;
        snapshots.current.clear();
        snapshots.current.set(event.fromLocation?.pathname ?? '', {
          node: slot.cloneNode(true),
          scrollTop: slot.scrollTop,
        });
      }),
    [router],
  );

  const duration = reduceMotion ? 0 : 0.28;
  return (
    <LazyMotion features={domAnimation} strict>
      <div className="page-stage">
        <AnimatePresence initial={false} custom={shown.direction}>
          <m.div
            key={shown.pathname}
            className="page-slot"
            custom={shown.direction}
            variants={variants}
            initial="enter"
            animate="center"
            exit="exit"
            transition={{ type: 'tween', ease: [0.32, 0.72, 0, 1], duration }}
          >
            <SlotContent
              pathname={shown.pathname}
              snapshots={snapshots.current}
              slotRef={slotRef}
              host={host}
              onScroller={onScroller}
              scrollTop={scrollTop}
            />
          </m.div>
        </AnimatePresence>
      </div>
    </LazyMotion>
  );
}

function SlotContent(
  props: StageProps & {
    pathname: string;
    snapshots: Map<string, Snapshot>;
    slotRef: React.MutableRefObject<HTMLDivElement | null>;
  },
) {
  const isPresent = useIsPresent();
  if (!isPresent) return <FrozenPage snapshot={props.snapshots.get(props.pathname)} />;
  return (
    <div
      className="page-scroll"
      ref={(el) => {
        props.slotRef.current = el;
        mountPage(el, props, props.pathname);
      }}
    />
  );
}

function FrozenPage({ snapshot }: { snapshot: Snapshot | undefined }) {
  return (
    <div
      className="page-scroll page-frozen"
      aria-hidden="true"
      ref={(el) => {
        if (!el || !snapshot) return;
        const copy = snapshot.node.cloneNode(true) as HTMLElement;
        el.replaceChildren(...Array.from(copy.childNodes));
        el.scrollTop = snapshot.scrollTop;
      }}
    />
  );
}
