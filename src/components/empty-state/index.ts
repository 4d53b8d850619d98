export { EmptyState, EMPTY_TEXT, type EmptyKind } from './empty-state';
