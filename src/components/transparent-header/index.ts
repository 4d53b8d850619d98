export { TransparentHeader, parseRgba, RGBA_REQUIRED, SCROLL_ELEMENT_MISSING } from './transparent-header';
