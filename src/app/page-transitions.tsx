import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useRouter } from '@tanstack/react-router';
import { loadAnimatedStage } from './motion-features';
import { mountPage, noteHandoffFocus, useShownPathname, type SavedScroll, type StageProps } from './page-stage';
import { ScrollContainerContext } from '@/components/scroll-container';
import './page-transitions.css';

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
  return (
    el instanceof HTMLElement &&
    host.contains(el) &&
    (el.isContentEditable ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      (el.tagName === 'INPUT' &&
        !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((el as HTMLInputElement).type)))
  );
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
      noteHandoffFocus(host);
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

  const stage = Stage ? (
    <Stage host={host} onScroller={setScroller} scrollTop={scrollTop} />
  ) : (
    <PlainStage host={host} onScroller={setScroller} scrollTop={scrollTop} />
  );
  return (
    <>
      {stage}
      {createPortal(
        <ScrollContainerContext.Provider value={scroller}>{children}</ScrollContainerContext.Provider>,
        host,
      )}
    </>
  );
}
