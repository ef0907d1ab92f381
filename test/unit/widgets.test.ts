/**
 * Third-party widgets (docs/product.md §2, §7, §8, §9): the script loader (single load, typed errors,
 * timeout), the chatbot shown on / and /home only, the survey told of routes with a courseId
 * on course paths and its modals removed on public routes, and a null key loading nothing.
 * jsdom does not fetch scripts: a test fires the script element's load/error itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScript, ScriptLoadError } from '../../src/services/widgets/script-loader';
import { chatbotVisibleOn, courseIdOf, isPublicRoute } from '../../src/services/widgets/routes';
import { loadChatbot, type ChatbotApi } from '../../src/services/widgets/chatbot';
import { loadSurvey, tellSurvey, type SurveyApi } from '../../src/services/widgets/survey';
import { loadClarity } from '../../src/services/widgets/clarity';
import { startWidgets } from '../../src/services/widgets/start';
import { createEventBus } from '../../src/services/events/bus';

const scriptOf = (src: string) =>
  [...document.head.querySelectorAll('script')].find((s) => s.getAttribute('src') === src) ?? null;
const fire = (src: string, type: 'load' | 'error') => {
  const script = scriptOf(src);
  if (!script) throw new Error(`no script ${src}`);
  script.dispatchEvent(new Event(type));
};
/** Waits until the script `src` was appended (loads start after awaited steps). */
const appended = (src: string) => vi.waitFor(() => expect(scriptOf(src)).not.toBeNull());

type WidgetWindow = { imbot?: ChatbotApi; surveySdk?: SurveyApi; clarity?: unknown };
const w = window as unknown as WidgetWindow;

afterEach(() => {
  vi.useRealTimers();
  delete w.imbot;
  delete w.surveySdk;
  delete w.clarity;
  history.replaceState(null, '', '/');
});

describe('script loader', () => {
  it('loads a script once: a second request shares the first load', async () => {
    const first = loadScript('https://www.clarity.ms/tag/once.js');
    const second = loadScript('https://www.clarity.ms/tag/once.js');
    expect(second).toBe(first);
    expect(document.head.querySelectorAll('script[src="https://www.clarity.ms/tag/once.js"]')).toHaveLength(1);
    fire('https://www.clarity.ms/tag/once.js', 'load');
    await expect(first).resolves.toBeUndefined();
    await expect(loadScript('https://www.clarity.ms/tag/once.js')).resolves.toBeUndefined();
  });

  it('rejects with a typed error (reason "error") and forgets the failed load', async () => {
    const load = loadScript('https://www.clarity.ms/tag/missing.js');
    fire('https://www.clarity.ms/tag/missing.js', 'error');
    const error = await load.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptLoadError);
    expect(error).toMatchObject({ reason: 'error', src: 'https://www.clarity.ms/tag/missing.js' });
    expect(scriptOf('https://www.clarity.ms/tag/missing.js')).toBeNull();
    const retry = loadScript('https://www.clarity.ms/tag/missing.js');
    expect(retry).not.toBe(load);
    fire('https://www.clarity.ms/tag/missing.js', 'load');
    await expect(retry).resolves.toBeUndefined();
  });

  it('refuses a script from a host that is not a configured widget host, adding nothing to the page', async () => {
    const error = await loadScript('https://evil.example.com/x.js').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptLoadError);
    expect(error).toMatchObject({ reason: 'error', src: 'https://evil.example.com/x.js' });
    expect(document.querySelectorAll('script[src*="evil.example.com"]')).toHaveLength(0);
  });

  it('rejects with reason "timeout" after the given time (survey SDK: 10 s)', async () => {
    vi.useFakeTimers();
    const load = loadScript('https://www.clarity.ms/tag/slow.js', 10_000);
    const settled = vi.fn();
    load.catch(settled);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(load).rejects.toMatchObject({ name: 'ScriptLoadError', reason: 'timeout' });
  });
});

describe('route rules', () => {
  it('shows the chatbot on / and /home only', () => {
    expect(chatbotVisibleOn('/')).toBe(true);
    expect(chatbotVisibleOn('/home')).toBe(true);
    expect(chatbotVisibleOn('/home?tab=1')).toBe(true);
    expect(chatbotVisibleOn('/home/')).toBe(true);
    for (const path of ['/courses', '/homework', '/login', '/courses/1', '/grades']) {
      expect(chatbotVisibleOn(path)).toBe(false);
    }
  });

  it('extracts the courseId of course paths only', () => {
    expect(courseIdOf('/courses/1')).toBe('1');
    expect(courseIdOf('/courses/12/modules/3/learningObjects/4')).toBe('12');
    expect(courseIdOf('/courses/7?x=1')).toBe('7');
    expect(courseIdOf('/courses')).toBeNull();
    expect(courseIdOf('/courses/abc')).toBeNull();
    expect(courseIdOf('/grades/course/1')).toBeNull();
  });

  it('knows the public routes', () => {
    for (const path of ['/login', '/requestResetPassword', '/resetPassword?token=x', '/lo/preview/5']) {
      expect(isPublicRoute(path)).toBe(true);
    }
    for (const path of ['/', '/home', '/courses/1', '/lo/previewx']) expect(isPublicRoute(path)).toBe(false);
  });
});

describe('chatbot adapter', () => {
  it('loads nothing without a key', async () => {
    const before = document.head.querySelectorAll('script').length;
    await expect(loadChatbot(null, createEventBus())).resolves.toBe(false);
    await expect(loadClarity(null)).resolves.toBe(false);
    expect(document.head.querySelectorAll('script')).toHaveLength(before);
  });

  it('is visible on /home and hidden on every navigation away from / and /home', async () => {
    history.replaceState(null, '', '/home');
    const api = { init: vi.fn(), show: vi.fn(), hide: vi.fn() };
    const bus = createEventBus();
    const src = 'https://widget.imbot.com.br/bot.js?key={key}';
    const loaded = loadChatbot('bot-1', bus, src);
    await appended('https://widget.imbot.com.br/bot.js?key=bot-1');
    w.imbot = api;
    fire('https://widget.imbot.com.br/bot.js?key=bot-1', 'load');
    await expect(loaded).resolves.toBe(true);
    expect(api.init).toHaveBeenCalledWith({ key: 'bot-1' });
    expect(api.show).toHaveBeenCalledTimes(1);

    expect(document.documentElement).toHaveAttribute('data-chatbot', 'shown');
    bus.emit('route.changed', { path: '/courses' });
    expect(api.hide).toHaveBeenCalledTimes(1);
    // The room reserved for its floating button goes with it.
    expect(document.documentElement).not.toHaveAttribute('data-chatbot');
    bus.emit('route.changed', { path: '/courses/1' });
    expect(api.hide).toHaveBeenCalledTimes(2);
    bus.emit('route.changed', { path: '/' });
    expect(api.show).toHaveBeenCalledTimes(2);

    // A second sign-in in the same page: no second init, no second subscription.
    await loadChatbot('bot-1', bus, src);
    bus.emit('route.changed', { path: '/grades' });
    expect(api.init).toHaveBeenCalledTimes(1);
    expect(api.hide).toHaveBeenCalledTimes(3);
  });
});

describe('survey adapter', () => {
  const fakeSurvey = () => ({ route: vi.fn(), setAttribute: vi.fn(), removeModals: vi.fn() });

  it('gets courseId on course paths, cleared elsewhere, and each route', () => {
    const api = fakeSurvey();
    tellSurvey(api, '/home');
    expect(api.setAttribute).not.toHaveBeenCalled();
    tellSurvey(api, '/courses/1');
    tellSurvey(api, '/courses/1/modules/2');
    expect(api.setAttribute).toHaveBeenCalledTimes(1);
    expect(api.setAttribute).toHaveBeenLastCalledWith('courseId', '1');
    tellSurvey(api, '/grades');
    expect(api.setAttribute).toHaveBeenLastCalledWith('courseId', null);
    expect(api.route.mock.calls.map(([path]) => path)).toEqual([
      '/home',
      '/courses/1',
      '/courses/1/modules/2',
      '/grades',
    ]);
    expect(api.removeModals).not.toHaveBeenCalled();
  });

  it('removes its modals on public routes', () => {
    const api = fakeSurvey();
    for (const path of ['/login', '/requestResetPassword', '/resetPassword', '/lo/preview/3']) tellSurvey(api, path);
    expect(api.removeModals).toHaveBeenCalledTimes(4);
  });

  it('follows the route events once loaded, starting with the current route', async () => {
    history.replaceState(null, '', '/courses/2');
    const bus = createEventBus();
    const api = fakeSurvey();
    const loaded = loadSurvey(bus, 'https://sdk.surveysdk.com.br/sdk.js');
    await appended('https://sdk.surveysdk.com.br/sdk.js');
    w.surveySdk = api;
    fire('https://sdk.surveysdk.com.br/sdk.js', 'load');
    await loaded;
    expect(api.setAttribute).toHaveBeenCalledWith('courseId', '2');
    bus.emit('route.changed', { path: '/login' });
    expect(api.removeModals).toHaveBeenCalledTimes(1);
    expect(api.route.mock.calls.map(([path]) => path)).toEqual(['/courses/2', '/login']);
  });
});

describe('startWidgets', () => {
  it('with null keys loads no analytics nor chatbot and shows no toast', async () => {
    const bus = createEventBus();
    const errors = vi.fn();
    bus.on('setup.error', errors);
    const before = document.head.querySelectorAll('script').length;
    const done = startWidgets({ clarityKey: null, chatbotKey: null }, bus, () => Promise.resolve());
    // Only the survey SDK loads; let it fail: no toast for the survey either.
    await vi.waitFor(() => expect(document.head.querySelectorAll('script')).toHaveLength(before + 1));
    const survey = document.head.querySelectorAll('script')[before] as HTMLScriptElement;
    expect(survey.src).toContain('sdk');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    survey.dispatchEvent(new Event('error'));
    await done;
    expect(errors).not.toHaveBeenCalled();
  });

  it('scripts that cannot load (blocked, offline) are reported for developers, never shown as Cód 7/8 (issue 18)', async () => {
    const bus = createEventBus();
    const errors = vi.fn();
    const reported = vi.fn();
    bus.on('setup.error', errors);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const done = startWidgets({ clarityKey: 'c-9', chatbotKey: 'b-9' }, bus, () => Promise.resolve(), reported);
    await vi.waitFor(() => expect(document.head.querySelectorAll('script[src*="9"]')).toHaveLength(2));
    for (const script of document.head.querySelectorAll('script')) script.dispatchEvent(new Event('error'));
    await done;
    expect(errors).not.toHaveBeenCalled();
    // Analytics and chatbot (the survey SDK too, when it failed with them) went to error reporting.
    expect(reported.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
