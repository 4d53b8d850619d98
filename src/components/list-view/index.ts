export { ListView, type ListViewProps } from './list-view';
export { pagedListQuery, type ListPageQuery, type ListQuery } from './paged-list-query';
export { PULL_TEXT, NO_MORE_TEXT, pullText } from './pull-texts';
