// Its own chunk: the animation features LazyMotion adds once loaded.
export { domAnimation as default } from 'framer-motion';
