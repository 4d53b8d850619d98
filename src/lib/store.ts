import { useSyncExternalStore } from 'react';
import type { Store } from './create-store';

export { createStore, type Store } from './create-store';

export function useStore<T, S = T>(store: Store<T>, select: (value: T) => S = (v) => v as unknown as S): S {
  return useSyncExternalStore(
    (onChange) => store.subscribe(onChange),
    () => select(store.get()),
    () => select(store.get()),
  );
}
