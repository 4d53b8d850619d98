const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'popstate'] as const;

/**
 * A piece only a touch can use (the animation engine, the pull gesture) is fetched on the user's first touch, click
 * or key press, so the first page does not carry it (a transition that starts before it arrives is simply not
 * animated). A piece that could not arrive (offline, or a reload onto a new build cut it off) is no error the user
 * should see: things stay plain and the next touch asks again.
 */
export function afterFirstInteraction<T>(importBundle: () => Promise<T>): () => Promise<T> {
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
