/**
 * Short videos (docs/product.md §3, §7): the pure rules (resume, progress throttling, newest
 * position, proxy URL), the new LMS calls' headers and 5 s timeout, the outbox kinds, and the
 * "Vídeos curtos" section with its player dialog (real lifecycle and outbox machines, in-memory
 * store, mocked API functions): what the student sees and which calls are made.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import type { ShortVideo, UserActivity } from '../../src/services/contract';
import { NetworkError, TimeoutError } from '../../src/services/http/errors';
import { formatClock, newestPosition, progressWriteDue, resumePosition } from '../../src/services/media/video-progress';
import { clearToken, setToken } from '../../src/services/storage/token';
import { demoUser } from '../fixtures/user';

vi.mock('../../src/services/api/short-videos', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/services/api/short-videos')>();
  return {
    ...actual,
    getShortVideos: vi.fn(),
    getShortVideoPage: vi.fn(),
    getUserActivity: vi.fn(),
    postShortVideoStart: vi.fn(),
    postShortVideoEnd: vi.fn(),
    postUserActivity: vi.fn(),
  };
});
import * as api from '../../src/services/api/short-videos';
import { sessionMachine } from '../../src/machines/session.machine';
import { createAppOutbox, type AppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';
import ShortVideosSection, { SHORT_VIDEOS_PER_PAGE } from '../../src/views/short-videos/section';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import type { AppActorRefs } from '../../src/views/app-actors';
import { WithAppActors } from '../fixtures/app-actors';

const video: ShortVideo = {
  id: 7,
  title: 'Como organizar sua semana de estudos',
  resource: '/api/files/media/curto.webm',
  duration_seconds: 24,
  thumbnail: null,
  status: 'not_started',
};
const other: ShortVideo = { ...video, id: 8, title: 'Boas-vindas à plataforma', duration_seconds: 3 };
const progress = { id: 7, status: 'started' as const, started_at: null, completed_at: null };
const savedAt = (position: number, at = '2026-11-20T10:00:00.000Z'): UserActivity => ({
  user_id: demoUser.id,
  resource_id: video.id,
  position_seconds: position,
  duration_seconds: 24,
  updated_at: at,
});

describe('resume and progress rules (pure)', () => {
  it('resumes only between the first and the last 5 s', () => {
    expect(resumePosition(0, 24)).toBe(0);
    expect(resumePosition(4.9, 24)).toBe(0);
    expect(resumePosition(5, 24)).toBe(5);
    expect(resumePosition(12.5, 24)).toBe(12.5);
    expect(resumePosition(19, 24)).toBe(19);
    expect(resumePosition(19.1, 24)).toBe(0);
    expect(resumePosition(24, 24)).toBe(0);
    expect(resumePosition(6, 8)).toBe(0); // a video shorter than 10 s never resumes
    expect(resumePosition(Number.NaN, 24)).toBe(0);
  });

  it('records at most one tick per 10 s of playback, and pause/close/ended unless unchanged', () => {
    expect(progressWriteDue(null, 3, 'tick')).toBe(false);
    expect(progressWriteDue(null, 10, 'tick')).toBe(true);
    expect(progressWriteDue(10, 19.9, 'tick')).toBe(false);
    expect(progressWriteDue(10, 20, 'tick')).toBe(true);
    expect(progressWriteDue(20, 2, 'tick')).toBe(true); // a long seek back
    expect(progressWriteDue(null, 3, 'pause')).toBe(true);
    expect(progressWriteDue(3, 3.2, 'close')).toBe(false);
    expect(progressWriteDue(3, 4, 'close')).toBe(true);
    expect(progressWriteDue(20, 24, 'ended')).toBe(true);
    expect(progressWriteDue(null, Number.NaN, 'pause')).toBe(false);
  });

  it('prefers the newest of the server and the device', () => {
    const server = { positionSeconds: 8, at: '2026-11-20T10:00:00.000Z' };
    const local = { positionSeconds: 14, at: '2026-11-20T10:00:30.000Z' };
    expect(newestPosition(server, local)).toBe(local);
    expect(newestPosition({ ...server, at: '2026-11-20T11:00:00.000Z' }, local)?.positionSeconds).toBe(8);
    expect(newestPosition(null, local)).toBe(local);
    expect(newestPosition(server, null)).toBe(server);
    expect(newestPosition(null, null)).toBeNull();
  });

  it('formats m:ss', () => {
    expect(formatClock(12.9)).toBe('0:12');
    expect(formatClock(84)).toBe('1:24');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('rewrites a resource URL through the proxy path with resource and token (docs/product.md §7)', () => {
    expect(api.proxiedVideoUrl('/api/files/media/curto.webm', 'tok+/=1', '/api/files')).toBe(
      '/api/files/proxy?resource=%2Fapi%2Ffiles%2Fmedia%2Fcurto.webm&token=tok%2B%2F%3D1',
    );
    const absolute = new URL(
      api.proxiedVideoUrl('https://cdn.example.com/v.webm?a=1&b=2', 't', 'https://files.example.com/repo/'),
    );
    expect(absolute.origin + absolute.pathname).toBe('https://files.example.com/repo/proxy');
    expect(absolute.searchParams.get('resource')).toBe('https://cdn.example.com/v.webm?a=1&b=2');
    expect(absolute.searchParams.get('token')).toBe('t');
    expect(api.proxiedVideoUrl('/v.webm', null, '/api/files')).toBe('/api/files/proxy?resource=%2Fv.webm');
    expect(api.proxiedVideoUrl('/v.webm', 'x')).toMatch(/^\/api\/files\/proxy\?/);
  });
});

describe('short-video calls (docs/product.md §7 headers, §9 5 s timeout)', () => {
  let seen: Request[];
  let answer: (req: Request) => Promise<Response>;
  beforeEach(() => {
    seen = [];
    setToken('tok-sv');
    answer = async () => Response.json({ data: null });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      seen.push(req.clone());
      return answer(req);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    clearToken();
  });
  const actual = () =>
    vi.importActual<typeof import('../../src/services/api/short-videos')>('../../src/services/api/short-videos');

  it('reads the user activity from the new LMS with Bearer, user_id and resource_id', async () => {
    const { getUserActivity } = await actual();
    answer = async () => Response.json({ data: savedAt(12) });
    await expect(getUserActivity(1, 7)).resolves.toMatchObject({ position_seconds: 12 });
    const url = new URL(seen[0]!.url);
    expect(url.pathname).toBe('/api/newlms/v1/user-activity');
    expect(Object.fromEntries(url.searchParams)).toEqual({ user_id: '1', resource_id: '7' });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-sv');
    expect(seen[0]!.headers.get('x-access-token')).toBeNull();
  });

  it('gives up the user-activity read after 5 s with a TimeoutError', async () => {
    vi.useFakeTimers();
    const { getUserActivity } = await actual();
    answer = (req) =>
      new Promise((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason as Error)));
    const result = getUserActivity(1, 7).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    const error = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(5_000);
  });

  it('posts progress, start and end with Idempotency-Key and X-Client-Timestamp', async () => {
    const { postUserActivity, postShortVideoStart, postShortVideoEnd } = await actual();
    answer = async (req) =>
      req.url.includes('user-activity') ? Response.json({ data: savedAt(12) }) : Response.json({ data: progress });
    const body = { user_id: 1, resource_id: 7, position_seconds: 12, duration_seconds: 24 };
    await postUserActivity(body, 'ev-1', '2026-11-20T10:00:00.000Z');
    await postShortVideoStart(7, 'op:start', '2026-11-20T10:00:01.000Z');
    await postShortVideoEnd(7, 'op:end');
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/newlms/v1/user-activity',
      'POST /api/v1/shortVideos/7/start',
      'POST /api/v1/shortVideos/7/end',
    ]);
    expect(await seen[0]!.json()).toEqual(body);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-sv');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('ev-1');
    expect(seen[0]!.headers.get('x-client-timestamp')).toBe('2026-11-20T10:00:00.000Z');
    expect(seen[1]!.headers.get('x-access-token')).toBe('tok-sv');
    expect(seen[1]!.headers.get('idempotency-key')).toBe('op:start');
    expect(seen[2]!.headers.get('x-client-timestamp')).toBeNull();
  });
});

describe('outbox kinds of short videos', () => {
  it('sends shortVideo.start/end and videoProgress to their endpoints with the entry id and time', async () => {
    const { sendOutboxWrite } = await import('../../src/app/wiring/learning');
    vi.mocked(api.postShortVideoStart).mockResolvedValue(progress);
    vi.mocked(api.postShortVideoEnd).mockResolvedValue({ ...progress, status: 'completed' });
    vi.mocked(api.postUserActivity).mockResolvedValue(savedAt(12));
    const base = { userId: 1, clientTime: '2026-11-20T10:00:00.000Z', status: 'pending' as const };
    await sendOutboxWrite({ ...base, id: 'a:start', write: { kind: 'shortVideo.start', shortVideoId: 7 } });
    await sendOutboxWrite({ ...base, id: 'a:end', write: { kind: 'shortVideo.end', shortVideoId: 7 } });
    await sendOutboxWrite({
      ...base,
      id: 'p1',
      write: { kind: 'videoProgress', resourceId: 7, positionSeconds: 12, durationSeconds: 24 },
    });
    expect(api.postShortVideoStart).toHaveBeenCalledWith(7, 'a:start', base.clientTime);
    expect(api.postShortVideoEnd).toHaveBeenCalledWith(7, 'a:end', base.clientTime);
    expect(api.postUserActivity).toHaveBeenCalledWith(
      { user_id: 1, resource_id: 7, position_seconds: 12, duration_seconds: 24 },
      'p1',
      base.clientTime,
    );
  });
});

// ---------- the section and its player ----------

let outbox: AppOutbox;

function renderSection(
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  accessibility: AppActorRefs['accessibility'] | null = null,
) {
  outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  outbox.actor.send({ type: 'outbox.user', userId: demoUser.id });
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise(async () => demoUser),
        postLoginSetup: fromPromise(async () => {}),
      },
    }),
    { input: { hasToken: true, cachedUser: demoUser } },
  ).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={client}>
        <WithAppActors actors={{ session, accessibility: accessibility ?? undefined }}>
          <OutboxContext.Provider value={outbox}>
            <ShortVideosSection />
          </OutboxContext.Provider>
        </WithAppActors>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

/** The dialog's video element, with what jsdom lacks (metadata loaded, a playing state). */
function videoOf(dialog: HTMLElement, { playing = false } = {}) {
  const el = within(dialog).getByLabelText(`Vídeo: ${video.title}`) as HTMLVideoElement;
  Object.defineProperty(el, 'readyState', { configurable: true, value: 1 });
  Object.defineProperty(el, 'duration', { configurable: true, value: 24 });
  Object.defineProperty(el, 'paused', { configurable: true, get: () => !playing });
  return el;
}

const queued = () => outbox.actor.getSnapshot().context.queue.map((e) => e.write);

/** `GET /shortVideos?page&per_page` answers pages of `list`, as the reference server does. */
function servePages(list: ShortVideo[]) {
  vi.mocked(api.getShortVideoPage)
    .mockReset()
    .mockImplementation(async (page, perPage) => ({
      data: list.slice((page - 1) * perPage, page * perPage),
      pagination: {
        page,
        per_page: perPage,
        total: list.length,
        last_page: Math.max(1, Math.ceil(list.length / perPage)),
      },
    }));
}

/** `count` videos titled 'Pílula 01' … */
const pills = (count: number): ShortVideo[] =>
  Array.from({ length: count }, (_, i) => ({
    ...other,
    id: 100 + i,
    title: `Pílula ${String(i + 1).padStart(2, '0')}`,
  }));

beforeEach(() => {
  servePages([video, other]);
  vi.mocked(api.getUserActivity).mockReset().mockResolvedValue(null);
  // Deliveries never finish: what the view recorded stays visible in the queue.
  vi.mocked(api.postShortVideoStart)
    .mockReset()
    .mockReturnValue(new Promise(() => {}));
  vi.mocked(api.postShortVideoEnd)
    .mockReset()
    .mockReturnValue(new Promise(() => {}));
  vi.mocked(api.postUserActivity)
    .mockReset()
    .mockReturnValue(new Promise(() => {}));
  setToken('tok-view');
});
afterEach(() => {
  outbox?.actor.stop();
  clearToken();
  vi.restoreAllMocks();
});

describe('"Vídeos curtos" section', () => {
  it("plays at the 'Volume dos sons' setting and follows a change live (docs/product.md §3)", async () => {
    const accessibility = createActor(accessibilityMachine, {
      input: { userId: demoUser.id, settings: DEFAULT_SETTINGS },
    }).start();
    renderSection(undefined, accessibility);
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    const el = videoOf(screen.getByRole('dialog', { name: video.title }));
    expect(el.volume).toBeCloseTo(0.6);
    act(() => accessibility.send({ type: 'settings.change', patch: { volume_of_sounds: 0.2 } }));
    expect(el.volume).toBeCloseTo(0.2);
  });

  it('lists the videos under a level-2 heading with title and duration, in a focusable row named by it', async () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Vídeos curtos' })).toBeInTheDocument();
    const row = await screen.findByRole('list', { name: 'Vídeos curtos' });
    expect(row).toHaveAttribute('tabindex', '0');
    expect(row).toHaveAccessibleDescription('Mostrando 2 de 2 vídeos');
    const items = within(row).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('button', { name: video.title })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Duração: 0:24');
    expect(items[1]).toHaveTextContent('Duração: 0:03');
    // Everything is shown: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Ver mais vídeos' })).not.toBeInTheDocument();
    expect(api.getShortVideoPage).toHaveBeenCalledWith(1, SHORT_VIDEOS_PER_PAGE, expect.anything());
  });

  it('shows only the first batch; each "Ver mais vídeos" adds the next and focuses its first video', async () => {
    const many = pills(30);
    servePages(many);
    renderSection();
    const row = await screen.findByRole('list', { name: 'Vídeos curtos' });
    await waitFor(() => expect(within(row).getAllByRole('listitem')).toHaveLength(12));
    expect(row).toHaveAccessibleDescription('Mostrando 12 de 30 vídeos');
    expect(within(row).getByRole('button', { name: 'Pílula 12' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Pílula 13' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ver mais vídeos' }));
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Pílula 13' })).toHaveFocus());
    expect(within(row).getAllByRole('listitem')).toHaveLength(24);
    expect(row).toHaveAccessibleDescription('Mostrando 24 de 30 vídeos');

    await userEvent.click(screen.getByRole('button', { name: 'Ver mais vídeos' }));
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Pílula 25' })).toHaveFocus());
    expect(within(row).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Ver mais vídeos' })).not.toBeInTheDocument();
    expect(vi.mocked(api.getShortVideoPage).mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);

    // The last video plays like the first.
    await userEvent.click(within(row).getByRole('button', { name: 'Pílula 30' }));
    expect(screen.getByRole('dialog', { name: 'Pílula 30' })).toBeInTheDocument();
  });

  it('offline, keeps what it shows and disables "Ver mais vídeos" with the reason', async () => {
    servePages(pills(20));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSection();
    const more = await screen.findByRole('button', { name: 'Ver mais vídeos' });
    expect(more).toBeDisabled();
    expect(more).toHaveAccessibleDescription(
      'Sem conexão com a internet: esta ação fica disponível quando a conexão voltar.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });

  it('shows a failed next batch as an error whose retry reads it again, keeping the first', async () => {
    const many = pills(20);
    servePages(many);
    renderSection();
    await screen.findByRole('button', { name: 'Pílula 12' });
    vi.mocked(api.getShortVideoPage).mockRejectedValueOnce(new NetworkError());
    await userEvent.click(screen.getByRole('button', { name: 'Ver mais vídeos' }));
    const alert = await screen.findByRole('alert');
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pílula 13' })).toHaveFocus());
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    servePages([]);
    renderSection();
    expect(await screen.findByText('Nenhum vídeo curto disponível no momento.')).toBeInTheDocument();
  });

  it('shows the error with a retry that reads again', async () => {
    vi.mocked(api.getShortVideoPage).mockRejectedValueOnce(new NetworkError());
    renderSection();
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: video.title })).toBeInTheDocument();
    expect(api.getShortVideoPage).toHaveBeenCalledTimes(2);
  });

  it('opens a video in a dialog through the proxy, records the start, and closes with Fechar', async () => {
    renderSection();
    const opener = await screen.findByRole('button', { name: video.title });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: video.title });
    const el = videoOf(dialog);
    expect(el).toHaveAttribute('controls');
    expect(el.getAttribute('src')).toBe(api.proxiedVideoUrl(video.resource, 'tok-view'));
    await waitFor(() => expect(queued()).toContainEqual({ kind: 'shortVideo.start', shortVideoId: 7 }));
    expect(api.getUserActivity).toHaveBeenCalledWith(demoUser.id, video.id, expect.anything());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resumes near the saved position and announces it politely', async () => {
    vi.mocked(api.getUserActivity).mockResolvedValue(savedAt(12.4));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    const dialog = screen.getByRole('dialog', { name: video.title });
    const el = videoOf(dialog);
    fireEvent.loadedMetadata(el);
    await waitFor(() => expect(el.currentTime).toBe(12.4));
    fireEvent.seeked(el);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Continuando de 0:12');
  });

  it('decides from this opening’s answer, not from an earlier one kept in the cache (a reload)', async () => {
    // What a reload restores from the device: the first opening's answer (nothing saved yet).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['userActivity', demoUser.id, video.id], null);
    await client.invalidateQueries({ refetchType: 'none' });
    let answer!: (a: UserActivity) => void;
    vi.mocked(api.getUserActivity).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSection(client);
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    const dialog = screen.getByRole('dialog', { name: video.title });
    const el = videoOf(dialog);
    fireEvent.loadedMetadata(el);
    await waitFor(() => expect(api.getUserActivity).toHaveBeenCalled());
    expect(el.currentTime).toBe(0);
    await act(async () => answer(savedAt(12.4)));
    await waitFor(() => expect(el.currentTime).toBe(12.4));
    fireEvent.seeked(el);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Continuando de 0:12');
  });

  it('never resumes inside the last 5 s, nor when the student already moved past 5 s', async () => {
    vi.mocked(api.getUserActivity).mockResolvedValue(savedAt(21));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    let el = videoOf(screen.getByRole('dialog'));
    fireEvent.loadedMetadata(el);
    await waitFor(() => expect(api.getUserActivity).toHaveBeenCalled());
    expect(el.currentTime).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));

    // A slow answer: the student starts watching and seeks to 8 s before it arrives.
    let answer!: (a: UserActivity) => void;
    vi.mocked(api.getUserActivity).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await userEvent.click(screen.getByRole('button', { name: video.title }));
    el = videoOf(screen.getByRole('dialog'));
    fireEvent.loadedMetadata(el);
    el.currentTime = 8;
    await act(async () => answer(savedAt(15)));
    expect(el.currentTime).toBe(8);
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('');
  });

  it('starts at 0 and stays playable when the read fails (timeout)', async () => {
    vi.mocked(api.getUserActivity).mockRejectedValue(new TimeoutError(5000));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    const dialog = screen.getByRole('dialog');
    const el = videoOf(dialog);
    fireEvent.loadedMetadata(el);
    await waitFor(() => expect(api.getUserActivity).toHaveBeenCalled());
    expect(el.currentTime).toBe(0);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('prefers the newer unsent position of the outbox over the server’s', async () => {
    vi.mocked(api.getUserActivity).mockResolvedValue(savedAt(6, '2000-01-01T00:00:00.000Z'));
    renderSection();
    await outbox.recordVideoProgress({ resourceId: video.id, positionSeconds: 14, durationSeconds: 24 });
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    const el = videoOf(screen.getByRole('dialog'));
    fireEvent.loadedMetadata(el);
    await waitFor(() => expect(el.currentTime).toBe(14));
  });

  it('throttles progress writes: one per 10 s of playback, plus pause and close; ended records the end', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: video.title }));
    const dialog = screen.getByRole('dialog');
    const el = videoOf(dialog, { playing: true });
    fireEvent.loadedMetadata(el);
    await waitFor(() => expect(api.getUserActivity).toHaveBeenCalled());
    const progressWrites = () => queued().flatMap((w) => (w.kind === 'videoProgress' ? [w.positionSeconds] : []));
    for (let t = 0.25; t <= 21; t += 0.25) {
      el.currentTime = t;
      fireEvent.timeUpdate(el);
    }
    await waitFor(() => expect(progressWrites()).toEqual([10, 20]));
    el.currentTime = 20.1;
    fireEvent.pause(el);
    el.currentTime = 22.5;
    fireEvent.ended(el);
    await waitFor(() => expect(queued()).toContainEqual({ kind: 'shortVideo.end', shortVideoId: 7 }));
    expect(progressWrites()).toEqual([10, 20, 24]); // pause at 20.1 equals the last write
    expect(within(dialog).getByRole('status')).toHaveTextContent('Vídeo assistido até o fim.');

    el.currentTime = 3;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(progressWrites()).toEqual([10, 20, 24, 3]));
    expect(queued().filter((w) => w.kind === 'shortVideo.start')).toHaveLength(1);
  });
});
