import { useEffect, useRef, useState, type ComponentType, type MutableRefObject, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { loadAnimatedStage } from './motion-features';
import { ScrollContainerContext } from '@/components/scroll-container';
import './page-transitions.css';

export interface StageProps {
  /** the element the live page is rendered into; a stage places it in its current slot */
  host: HTMLElement;
  onScroller: (el: HTMLDivElement | null) => void;
  /** where the user scrolled the page on the plain stage, kept when the animated stage takes over */
  scrollTop: MutableRefObject<SavedScroll | null>;
}

interface SavedScroll {
  pathname: string;
  top: number;
}

/** The page the stage shows: the last one the router finished loading. */
export function useShownPathname(): string {
  return useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
}

let handoffFocus: HTMLElement | null = null;

/** Puts the live page into a stage's slot (moving it only when it is elsewhere: a move would reset focus). */
export function mountPage(slot: HTMLDivElement | null, { host, onScroller, scrollTop }: StageProps, pathname: string) {
  onScroller(slot);
  if (!slot || host.parentNode === slot) return;
  // a move blurs what had focus (a button, a link): give it back. The plain stage's DOM is gone by now, so the
  // takeover notes the focused element before it starts (handoffFocus)
  const focused = handoffFocus ?? (document.activeElement instanceof HTMLElement && host.contains(document.activeElement) ? document.activeElement : null);
  handoffFocus = null;
  slot.appendChild(host);
  if (focused?.isConnected && document.activeElement !== focused) focused.focus({ preventScroll: true });
  // taking over from the plain stage: the page stays where the user scrolled it; a new page starts at the top
  if (scrollTop.current?.pathname === pathname) slot.scrollTop = scrollTop.current.top;
  scrollTop.current = null;
}

/** Until the animation engine arrives (after the first touch) pages change in place, without a slide. */
function PlainStage(props: StageProps) {
  const pathname = useShownPathname();
  return (
    <div className="page-stage">
      <div className="page-slot" key={pathname}>
        <div
          className="page-scroll"
          ref={(el) => mountPage(el, props, pathname)}
          onScroll={(e) => (props.scrollTop.current = { pathname, top: e.currentTarget.scrollTop })}
        />
      </div>
    </div>
  );
}

function isTyping(host: HTMLElement): boolean {
  const el = document.activeElement;
  return el instanceof HTMLElement && host.contains(el) && (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((el as HTMLInputElement).type)));
}

/**
 * The page stage. The page itself is rendered once, through a portal into `host`, and the stage in front of it only
 * decides where `host` sits: so the first page carries no animation code, and the animated stage (framer-motion, its
 * own chunk, fetched on the first touch) takes over without remounting the page or losing what the user typed.
 */
export function PageTransitions({ children }: { children: ReactNode }) {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.style.display = 'contents';
    return el;
  });
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollTop = useRef<SavedScroll | null>(null);
  const [Stage, setStage] = useState<ComponentType<StageProps> | null>(null);

  const router = useRouter();
  useEffect(() => {
    let live = true;
    let arrived: ComponentType<StageProps> | null = null;
    let pressed = false;
    // moving the page while a finger is down loses the tap (the browser drops a click whose target moved), and
    // moving a field being typed into closes the phone's keyboard: the animated stage waits for a quiet moment
    const adopt = () => {
      if (!live || !arrived || pressed || isTyping(host)) return;
      const stage = arrived;
      arrived = null;
      stop();
      handoffFocus = document.activeElement instanceof HTMLElement && host.contains(document.activeElement) ? document.activeElement : null;
      // committed in this same task: a render left for later could move the page just after a field was focused
      // (the check above then no longer holds), and the keys typed in between would land nowhere
      flushSync(() => setStage(() => stage));
    };
    const later = () => setTimeout(adopt, 0);
    const down = () => (pressed = true);
    const up = () => {
      pressed = false;
      later();
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    host.addEventListener('focusout', later);
    const unsubscribe = router.subscribe('onResolved', later);
    function stop() {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
      host.removeEventListener('focusout', later);
      unsubscribe();
    }
    void loadAnimatedStage().then((stage) => {
      arrived = stage;
      adopt();
    });
    return () => {
      live = false;
      stop();
    };
  }, [host, router]);

  const stage = Stage ? <Stage host={host} onScroller={setScroller} scrollTop={scrollTop} /> : <PlainStage host={host} onScroller={setScroller} scrollTop={scrollTop} />;
  return (
    <>
      {stage}
      {createPortal(<ScrollContainerContext.Provider value={scroller}>{children}</ScrollContainerContext.Provider>, host)}
    </>
  );
}
