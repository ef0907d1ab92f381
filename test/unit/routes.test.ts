// @vitest-environment node
/**
 * src/services/navigation/routes.ts, the one list of the app's routes (docs/product.md §2, §6):
 * the router's table is built from it, the links its builders make open the routes they name,
 * and the public routes, the sign-in pages and the area guards are read from it.
 */
import { describe, expect, it } from 'vitest';
import {
  ROUTE_ACCESS,
  ROUTE_PATHS,
  areaFlagOf,
  isPublicPath,
  isSignInPage,
  matchRoute,
  type RouteName,
} from '../../src/services/navigation/routes';
import {
  attachmentLink,
  courseLink,
  gradeDetailsLink,
  learningObjectLink,
  moduleLink,
  previewLink,
  signInLink,
} from '../../src/services/navigation/links';
import { withQuery } from '../../src/services/navigation/routes';
import { ROUTES, routeOf } from '../../src/app/route-table';
import { AREA_SHORTCUTS } from '../../src/views/home/screen';

describe('the routes (docs/product.md §2)', () => {
  it('the route table has every route but /login, with the path and guard of the routes module', () => {
    const table = ROUTES.map((route) => [route.path, route.guard]);
    const names = (Object.keys(ROUTE_PATHS) as RouteName[]).filter((name) => name !== 'login');
    expect(table).toHaveLength(names.length);
    for (const name of names) expect(table).toContainEqual([ROUTE_PATHS[name], ROUTE_ACCESS[name]]);
  });

  it('each link builder leads to the route it names, with its parameters', () => {
    const cases: [string, RouteName, Record<string, string>][] = [
      [courseLink(3), 'course', { course: '3' }],
      [moduleLink(3, 14), 'module', { course: '3', module: '14' }],
      [learningObjectLink(3, 14, 159), 'learningObject', { course: '3', module: '14', learningObject: '159' }],
      [previewLink(26), 'preview', { learningObject: '26' }],
      [attachmentLink(5), 'attachment', { attachment: '5' }],
      [gradeDetailsLink('8'), 'gradeDetails', { courseId: '8' }],
    ];
    for (const [link, name, params] of cases) {
      expect(matchRoute(link), link).toEqual({ name, params });
      expect(routeOf(link)?.route.path, link).toBe(ROUTE_PATHS[name]);
    }
    expect(learningObjectLink(3, 14, 159)).toBe('/courses/3/modules/14/learningObjects/159');
  });

  it('an id never adds a path segment', () => {
    expect(courseLink('1/modules/2')).toBe('/courses/1%2Fmodules%2F2');
    expect(matchRoute(courseLink('1/modules/2'))?.name).toBe('course');
  });

  it('matches as the router does: query and hash ignored, one trailing slash allowed, anything else not found', () => {
    expect(matchRoute('/courses/3?page=2#top')).toEqual({ name: 'course', params: { course: '3' } });
    expect(matchRoute('/home/')?.name).toBe('home');
    expect(matchRoute('/')?.name).toBe('index');
    expect(matchRoute('/courses/3/extra')).toBeNull();
    expect(matchRoute('/lo/previewx')).toBeNull();
  });

  it('knows the public routes (docs/product.md §6) and the sign-in pages, where a 401 is an answer', () => {
    for (const path of ['/login', '/login?expired=1', '/requestResetPassword', '/resetPassword?username=x']) {
      expect(isPublicPath(path), path).toBe(true);
      expect(isSignInPage(path), path).toBe(true);
    }
    expect(isPublicPath('/lo/preview/5')).toBe(true);
    expect(isSignInPage('/lo/preview/5')).toBe(false);
    for (const path of ['/', '/home', '/courses/1', '/conta', '/unknown']) {
      expect(isPublicPath(path), path).toBe(false);
      expect(isSignInPage(path), path).toBe(false);
    }
  });

  it('says which area flag each area needs (docs/product.md §6), and the home shortcuts follow it', () => {
    expect(areaFlagOf('traffic')).toBe('is_aprovat_user');
    expect(areaFlagOf('graduation')).toBe('is_lxp_user');
    expect(areaFlagOf('tecmix')).toBe('is_eja_user');
    expect(areaFlagOf('professionalizing')).toBeNull();
    expect(AREA_SHORTCUTS.map(({ path, flag }) => [path, flag ?? null])).toEqual([
      ['/profissionalizante', null],
      ['/transito', 'is_aprovat_user'],
      ['/graduacao', 'is_lxp_user'],
      ['/tecmix', 'is_eja_user'],
    ]);
  });

  it('builds /login with the place to come back to, and routes with a query', () => {
    expect(signInLink('/courses/3?page=2#top')).toBe('/login?next_route=%2Fcourses%2F3%3Fpage%3D2%23top');
    expect(withQuery(ROUTE_PATHS.login, 'reset=ok')).toBe('/login?reset=ok');
    expect(withQuery(ROUTE_PATHS.resetPassword, new URLSearchParams({ username: 'ana', sent: '1' }))).toBe(
      '/resetPassword?username=ana&sent=1',
    );
    expect(withQuery(ROUTE_PATHS.courses, new URLSearchParams())).toBe('/courses');
  });
});
