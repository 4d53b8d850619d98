import { describe, expect, it } from 'vitest';
import { initialPasswordGuard, returnAfterLogin, sessionGuard } from '@/session/guard';
import { hasPermission } from '@/session/permissions';

describe('session guard (spec §4)', () => {
  it.each(['/phonehome', '/padhome', '/myCenter/index', '/'])('sends %s to /login without a uid', (path) => {
    expect(sessionGuard(path, null)).toBe('/login');
  });

  it.each(['/joinus/index', '/login', '/openApp'])('lets anyone open %s', (path) => {
    expect(sessionGuard(path, null)).toBeNull();
  });

  it('sends a logged-in user away from /login to home, and lets them stay elsewhere', () => {
    expect(sessionGuard('/login', 'uid-1')).toBe('/');
    expect(sessionGuard('/phonehome', 'uid-1')).toBeNull();
  });
});

describe('where a login sends a signed-out deep link', () => {
  it('keeps the requested in-app path with its query', () => {
    expect(returnAfterLogin('/customModule/list?code=vehicle')).toBe('/customModule/list?code=vehicle');
    expect(returnAfterLogin('/followWaitDetail?instanceId=1&taskId=2#top')).toBe(
      '/followWaitDetail?instanceId=1&taskId=2#top',
    );
  });

  it('never another site, and nothing for the root or the login page itself', () => {
    expect(returnAfterLogin('//evil.example.com/x')).toBeUndefined();
    expect(returnAfterLogin('https://evil.example.com/')).toBeUndefined();
    expect(returnAfterLogin('/\\evil.example.com')).toBeUndefined();
    expect(returnAfterLogin('/\t/evil.example.com')).toBeUndefined();
    expect(returnAfterLogin('/')).toBeUndefined();
    expect(returnAfterLogin('/login?redirect=%2Fx')).toBeUndefined();
  });
});

describe('permission and role rules (spec §5/§6)', () => {
  it('grants a permission listed or the *:*:* wildcard', () => {
    expect(hasPermission('flow:task:approve', ['flow:task:approve'])).toBe(true);
    expect(hasPermission(['a:b:c', 'flow:x:y'], ['flow:x:y'])).toBe(true);
    expect(hasPermission('flow:task:approve', ['*:*:*'])).toBe(true);
    expect(hasPermission('flow:task:approve', ['news:read:list'])).toBe(false);
  });
});

describe('an account with its initial password (npm run org:import)', () => {
  it.each(['/phonehome', '/follow/waitList', '/padhome', '/'])(
    'is sent from %s to 我的, where 修改密码 opens',
    (path) => {
      expect(initialPasswordGuard(path, true)).toBe('/myCenter/index');
    },
  );

  it('stays on 我的 and on public pages, and goes anywhere once the password is changed', () => {
    expect(initialPasswordGuard('/myCenter/index', true)).toBeNull();
    expect(initialPasswordGuard('/myCenter/index/', true)).toBeNull();
    expect(initialPasswordGuard('/joinus/index', true)).toBeNull();
    expect(initialPasswordGuard('/phonehome', false)).toBeNull();
    expect(initialPasswordGuard('/phonehome', undefined)).toBeNull();
  });
});
