export { OrgUserSelector, type OrgUserSelectorProps } from './org-user-selector';
export { toggleUser, setUsers, allSelected } from './selection';
