import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// Loaded on the first toast or dialog (or at idle), so antd-mobile is not part of the first page's JavaScript.
// antd-mobile 5 renders its imperative Toast/Dialog with the legacy ReactDOM.render, gone in React 19.
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(host);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
  };
});

export { Dialog, Toast };
