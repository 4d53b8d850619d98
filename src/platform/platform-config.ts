import { detectHostApp, type HostApp } from './user-agent';

/**
 * The platform config object: a deployment sets `window.__PLATFORM_CONFIG__` (e.g. from a script in index.html)
 * to point the client at its own back end or to change how it shows itself.
 */
export interface PlatformConfig {
  /** base address prefixed to every API call; '' means same origin */
  baseUrl: string;
  /** true where no host app draws a title bar, so the page wrapper draws one */
  h5: boolean;
  /** the mobile/source marker header value */
  source: string;
  theme: { primary: string };
  /** form style config (spec §9 default 2) */
  formStyle: number;
  tenantId: string;
  /** RSA padding for the login password; 'pkcs1' only for legacy back ends */
  passwordPadding: 'oaep' | 'pkcs1';
  hostApp: HostApp;
}

declare global {
  interface Window {
    __PLATFORM_CONFIG__?: Partial<PlatformConfig>;
  }
}

function build(): PlatformConfig {
  const hostApp = detectHostApp(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const overrides = (typeof window !== 'undefined' && window.__PLATFORM_CONFIG__) || {};
  return {
    baseUrl: '',
    h5: hostApp === 'browser',
    source: 'mobile',
    theme: { primary: '#1063e0' },
    formStyle: 2,
    tenantId: '000000',
    passwordPadding: 'oaep',
    hostApp,
    ...overrides,
  };
}

export const platformConfig: PlatformConfig = build();
