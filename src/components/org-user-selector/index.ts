export { OrgUserSelector, type OrgUserSelectorProps } from './org-user-selector';
export { toggleUser, setUsers, allSelected, someSelected, toSelection } from './selection';
