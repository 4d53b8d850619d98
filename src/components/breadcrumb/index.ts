export { Breadcrumb } from './breadcrumb';
