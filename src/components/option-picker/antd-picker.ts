// its own chunk: pages that offer a picker fetch it when it first opens, so it never joins the shared first-load code
export { Picker as default } from 'antd-mobile';
