import { describe, expect, it } from 'vitest';
import { inAppPath, windowToFocus, type OpenWindow } from '../../../sw/notification-target';

// Chromium offers no way to tap a notification (no CDP command), and a notificationclick dispatched in the worker is
// untrusted: focus() and openWindow() refuse it. So the rules of a tap are tested here on real URLs; the e2e push test
// runs the worker's listener on a real notification and real clients for the open-window path.
const APP = 'https://oa.example.com';
const win = (url: string, focused = false, visibilityState = 'hidden'): OpenWindow => ({
  url,
  focused,
  visibilityState,
});

describe('a tapped reminder opens the item in the app', () => {
  it('keeps the app’s own paths with their query, and sends anything else to the home page', () => {
    expect(inAppPath('/email/detail?id=6f1c2b9e-0d7a-4c1e-9b0a-2f3e4d5c6b7a')).toBe(
      '/email/detail?id=6f1c2b9e-0d7a-4c1e-9b0a-2f3e4d5c6b7a',
    );
    expect(inAppPath('/followWaitDetail?instanceId=1&from=push#top')).toBe(
      '/followWaitDetail?instanceId=1&from=push#top',
    );
    for (const foreign of [
      'https://evil.example.com/phish',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'email/detail',
      '',
      null,
      undefined,
      42,
    ]) {
      expect(inAppPath(foreign), String(foreign)).toBe('/phonehome');
    }
  });

  it('brings forward the focused window of the app, else a visible one, else the first; never another site’s', () => {
    const hidden = win(`${APP}/phonehome`);
    const visible = win(`${APP}/email/inbox`, false, 'visible');
    const focused = win(`${APP}/follow/waitList`, true, 'visible');
    expect(windowToFocus([hidden, visible, focused], APP)).toBe(focused);
    expect(windowToFocus([hidden, visible], APP)).toBe(visible);
    expect(windowToFocus([hidden], APP)).toBe(hidden);
    // same host on another port or scheme, or a look-alike host, is another origin
    const others = [
      win('https://oa.example.com:8443/phonehome', true),
      win('http://oa.example.com/phonehome', true),
      win('https://oa.example.com.evil.example/x', true),
      win('not a url', true),
    ];
    expect(windowToFocus(others, APP)).toBeNull();
    expect(windowToFocus([...others, hidden], APP)).toBe(hidden);
    expect(windowToFocus([], APP)).toBeNull();
  });
});
