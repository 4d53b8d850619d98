/** Spec §9 constants shared by lists, the search box and the hybrid back button. */
export const LIST_SEARCH_DEBOUNCE_MS = 200;
export const LIST_REFRESH_DEBOUNCE_MS = 1000;
export const LIST_PAGE_SIZE = 10;
export const INFINITE_LOAD_OFFSET_PX = 300;
export const SEARCH_BOX_DEBOUNCE_MS = 500;
export const PULL_REFRESH_HEIGHT_PX = 50;
export const DOUBLE_BACK_EXIT_MS = 2000;
