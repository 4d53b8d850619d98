import type { FastifyInstance } from 'fastify';

/** One registered route: method and URL pattern (`:id` params kept). */
export interface RouteInfo {
  method: string;
  url: string;
  params: string[];
}

const linePattern = /^((?:[│ ] {3})*)[├└]── (.*)$/;

/**
 * Every route the app registered, read from `printRoutes({ commonPrefix: false })`: a tree whose children are
 * suffixes of their parent's path. Enumerating the live instance means a new module is covered without editing tests.
 */
export function listRoutes(app: FastifyInstance): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = linePattern.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const methodsAt = match[2]!.lastIndexOf(' (');
    const segment = methodsAt >= 0 ? match[2]!.slice(0, methodsAt) : match[2]!;
    // alternative param names at one position print as ":a|:b": any one of them matches the same route
    const path = (stack[depth - 1] ?? '') + segment.split('|')[0];
    stack[depth] = path;
    stack.length = depth + 1;
    if (methodsAt < 0) continue;
    const methods = match[2]!
      .slice(methodsAt + 2, -1)
      .split(',')
      .map((m) => m.trim());
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: path, params: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!) });
    }
  }
  return routes.filter((r) => r.url.startsWith('/api/'));
}

/** The route's URL with every `:param` replaced by `value` (URL-encoded). */
export function fillParams(route: RouteInfo, value: string): string {
  return route.url.replace(/:(\w+)/g, () => encodeURIComponent(value));
}
