import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AnimatePresence, LazyMotion, m, useIsPresent, useReducedMotion } from 'framer-motion';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { slideDirection, useRouteMeta } from './route-meta';
import { loadMotionFeatures } from './motion-features';
import { ScrollContainerContext } from '@/components/scroll-container';
import './page-transitions.css';

interface Snapshot {
  node: Node;
  scrollTop: number;
}

// A leaving page must keep showing itself, but the router's <Outlet/> subscribes to the router and would render
// the NEW page inside the leaving slot. So the leaving slot shows a DOM snapshot taken just before navigation.
const variants = {
  enter: (d: number) => ({ x: d > 0 ? '100%' : d < 0 ? '-30%' : 0, opacity: d === 0 ? 0 : 1, zIndex: d < 0 ? 1 : 2 }),
  center: { x: 0, opacity: 1 },
  exit: (d: number) => ({ x: d > 0 ? '-30%' : d < 0 ? '100%' : 0, opacity: d === 0 ? 0 : 1, zIndex: d < 0 ? 2 : 1 }),
};

export function PageTransitions({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
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
        snapshots.current.set(event.fromLocation?.pathname ?? '', { node: slot.cloneNode(true), scrollTop: slot.scrollTop });
      }),
    [router],
  );

  const duration = reduceMotion ? 0 : 0.28;
  return (
    <LazyMotion features={loadMotionFeatures} strict>
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
            <SlotContent pathname={shown.pathname} snapshots={snapshots.current} slotRef={slotRef}>
              {children}
            </SlotContent>
          </m.div>
        </AnimatePresence>
      </div>
    </LazyMotion>
  );
}

function SlotContent(props: {
  pathname: string;
  snapshots: Map<string, Snapshot>;
  slotRef: React.MutableRefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const isPresent = useIsPresent();
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  if (!isPresent) return <FrozenPage snapshot={props.snapshots.get(props.pathname)} />;
  return (
    <div
      className="page-scroll"
      ref={(el) => {
        props.slotRef.current = el;
        setScroller(el);
      }}
    >
      <ScrollContainerContext.Provider value={scroller}>{props.children}</ScrollContainerContext.Provider>
    </div>
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
