export interface BackTarget {
  /** -2: two steps back; any other value: navigate there */
  backPath?: string | number;
  navigate: (to: string) => void;
  go: (delta: number) => void;
  back: () => void;
  /** the referrer of the page shown (see pageReferrer) */
  referrer: string;
}

/**
 * Spec §2 back behaviour: a back path wins (-2 = two steps back, anything else = go there); with none and an empty
 * referrer the site root opens; otherwise one step back. Nothing else (such as the history's length) decides.
 */
export function goBack({ backPath, navigate, go, back, referrer }: BackTarget): void {
  if (backPath !== undefined && backPath !== null && backPath !== '') {
    if (Number(backPath) === -2) go(-2);
    else navigate(String(backPath));
    return;
  }
  if (!referrer) navigate('/');
  else back();
}

/**
 * The referrer of the page shown. The app is one document, so `document.referrer` is the referrer of the first page
 * only; a page the user reached inside the app was referred by the app's page before it (this site), as it would be
 * on a site of separate documents. `cameInApp`: the router's history has an entry of this app before this one.
 */
export function pageReferrer(cameInApp: boolean, documentReferrer: string, origin = window.location.origin): string {
  return cameInApp ? `${origin}/` : documentReferrer;
}
