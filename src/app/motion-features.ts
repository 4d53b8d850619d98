import type { FeatureBundle } from 'framer-motion';

let loading: Promise<FeatureBundle> | null = null;

function load(): Promise<FeatureBundle> {
  loading ??= import('./motion-bundle').then((mod) => mod.default);
  return loading;
}

/**
 * The animation engine is fetched on the user's first touch, click or key press: no page transition can start
 * before one, so the first page does not carry it (a transition that starts before it arrives is simply not animated).
 */
export function loadMotionFeatures(): Promise<FeatureBundle> {
  if (typeof window === 'undefined') return load();
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'touchstart', 'popstate'] as const;
    const go = () => {
      events.forEach((name) => window.removeEventListener(name, go, true));
      resolve(load());
    };
    events.forEach((name) => window.addEventListener(name, go, { capture: true, passive: true }));
  });
}
