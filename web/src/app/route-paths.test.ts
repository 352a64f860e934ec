import type { RouteObject } from 'react-router';
import { routePaths } from './route-paths';
import { routes } from './router';

/** Every full path the router answers (the catch-all aside), joined from nested route paths. */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.index ? parent || '/' : route.path;
    const full = own === undefined ? parent : own.startsWith('/') ? own : `${parent}/${own}`;
    const here = route.index || (route.path !== undefined && !route.children) ? [full] : [];
    return [...here, ...pathsOf(route.children ?? [], full)];
  });
}

describe('route paths', () => {
  it('are exactly the paths the router answers, so the web listener’s 404s follow the router', () => {
    expect(pathsOf(routes).sort()).toEqual(Object.values(routePaths).sort());
  });
});
