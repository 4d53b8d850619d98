export { ListView, type ListViewProps, type ListPageQuery } from './list-view';
export { PULL_TEXT, NO_MORE_TEXT, pullText } from './pull-texts';
