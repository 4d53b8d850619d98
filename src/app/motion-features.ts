import { afterFirstInteraction } from '@/lib/after-first-interaction';

/** The animation engine: no page transition can start before the first touch, so it is fetched then. */
export const createMotionFeatures = afterFirstInteraction;

/** The animated page stage (framer-motion and its DOM animation features, one chunk), after the first touch. */
export const loadAnimatedStage = createMotionFeatures(() =>
  import('./animated-stage').then((mod) => mod.AnimatedStage),
);
