import { lazy, Suspense, useState } from 'react';
import type { PickerProps } from 'antd-mobile';

const Picker = lazy(() => import('./antd-picker'));

/** antd-mobile's Picker, loaded the first time it opens (keeps its code out of the chunks /phonehome shares). */
export function OptionPicker(props: PickerProps) {
  const [opened, setOpened] = useState(false);
  if (props.visible && !opened) setOpened(true);
  if (!opened && !props.visible) return null;
  return (
    <Suspense fallback={null}>
      <Picker {...props} />
    </Suspense>
  );
}
