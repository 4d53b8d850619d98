export { SearchBox, SEARCH_PLACEHOLDER } from './search-box';
