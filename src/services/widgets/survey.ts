/**
 * Satisfaction survey adapter (docs/product.md §2, §7, §9): the survey SDK fetched from its host
 * (10 s load timeout), told of every route change, given a `courseId` attribute on course
 * paths (removed elsewhere), and its modals removed on public routes.
 *
 * The SDK must expose `window.surveySdk = { route(path), setAttribute(name, value | null),
 * removeModals() }` (the reference server's stand-in `/api/standins/survey.js` does); this
 * file is the one place to map a vendor's API onto it.
 */
import type { EventBus } from '../events/bus';
import { widgetSources, WIDGET_TIMEOUTS_MS } from './config';
import { followRoutes } from './follow-routes';
import { courseIdOf, currentPath, isPublicRoute } from './routes';
import { loadScript, ScriptLoadError } from './script-loader';

/** The survey SDK's global API. */
export interface SurveyApi {
  route(path: string): void;
  setAttribute(name: string, value: string | null): void;
  removeModals(): void;
}

const surveyApi = (): SurveyApi | undefined => (window as unknown as { surveySdk?: SurveyApi }).surveySdk;

/** The courseId last given to each SDK instance (an attribute is sent only when it changes). */
const lastCourseId = new WeakMap<SurveyApi, string | null>();

/**
 * Tells `api` of the route `path`: removes its modals on a public route, sets (or clears)
 * `courseId` when it changes, then `route(path)`.
 */
export function tellSurvey(api: SurveyApi, path: string): void {
  if (isPublicRoute(path)) api.removeModals();
  const courseId = courseIdOf(path);
  if (!lastCourseId.has(api) ? courseId !== null : lastCourseId.get(api) !== courseId) {
    api.setAttribute('courseId', courseId);
  }
  lastCourseId.set(api, courseId);
  api.route(path);
}

/**
 * Loads the survey SDK once, tells it the current route and follows the routes on `bus`.
 * @throws ScriptLoadError when the SDK cannot load in 10 s or defines no `window.surveySdk`.
 */
export async function loadSurvey(bus: EventBus | null | undefined, src: string = widgetSources.survey): Promise<void> {
  await loadScript(src, WIDGET_TIMEOUTS_MS.survey);
  const api = surveyApi();
  if (!api) throw new ScriptLoadError(src, 'error', 'survey SDK loaded without window.surveySdk');
  followRoutes(bus, 'survey', (path) => {
    const current = surveyApi();
    if (current) tellSurvey(current, path);
  });
  tellSurvey(api, currentPath());
}
