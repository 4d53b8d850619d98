export { TransparentHeader, parseRgba } from './transparent-header';
