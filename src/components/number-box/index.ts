export { NumberBox } from './number-box';
export { normalizeNumber, normalizeStep } from './clamp-number';
