const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'popstate'] as const;

/**
 * The animation engine is fetched on the user's first touch, click or key press: no page transition can start
 * before one, so the first page does not carry it (a transition that starts before it arrives is simply not animated).
 * A piece that could not arrive (offline, or a reload onto a new build cut it off) is no error the user should
 * see: transitions stay plain and the next touch asks again.
 */
export function createMotionFeatures<T>(importBundle: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;

  const afterNextInteraction = () =>
    new Promise<T>((resolve) => {
      const go = () => {
        INTERACTIONS.forEach((name) => window.removeEventListener(name, go, true));
        resolve(load());
      };
      INTERACTIONS.forEach((name) => window.addEventListener(name, go, { capture: true, passive: true }));
    });

  function load(): Promise<T> {
    loading ??= importBundle().catch(() => {
      loading = null;
      return typeof window === 'undefined' ? new Promise<T>(() => {}) : afterNextInteraction();
    });
    return loading;
  }

  return () => (typeof window === 'undefined' ? load() : afterNextInteraction());
}

/** The animated page stage (framer-motion and its DOM animation features, one chunk), after the first touch. */
export const loadAnimatedStage = createMotionFeatures(() => import('./animated-stage').then((mod) => mod.AnimatedStage));
