export interface BackTarget {
  /** -2: two steps back; any other value: navigate there */
  backPath?: string | number;
  navigate: (to: string) => void;
  go: (delta: number) => void;
  back: () => void;
  referrer: string;
}

/** Spec §2 back behaviour. */
export function goBack({ backPath, navigate, go, back, referrer }: BackTarget): void {
  if (backPath !== undefined && backPath !== null && backPath !== '') {
    if (Number(backPath) === -2) go(-2);
    else navigate(String(backPath));
    return;
  }
  if (!referrer && window.history.length <= 1) navigate('/');
  else back();
}
