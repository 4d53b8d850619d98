// Loaded by LazyMotion after the first paint: the animation engine is not needed to show the first page.
export { domAnimation as default } from 'framer-motion';
