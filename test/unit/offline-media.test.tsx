/**
 * Offline, a video or audio learning object that is not stored on the device says so instead of a
 * dead 0:00 player, offers the module and the course (where 'Baixar para estudar offline' is), and
 * the player comes back when the connection returns (docs/offline.md "Media that was not
 * downloaded"); `hasOfflineCopy` finds a downloaded or already-played copy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { LearningObjectContent } from '../../src/views/learning-object/content';
import { DOWNLOADS_OWNER_CACHE, DOWNLOADS_OWNER_URL, hasOfflineCopy } from '../../src/services/pwa/downloads-cache';
import { MEDIA_CACHE } from '../../src/services/pwa/caches';
import type { LearningObject } from '../../src/services/contract';
import { learningObject } from '../fixtures/learning-object';

const VIDEO = 'http://localhost:3000/api/files/media/aula.webm';
const AUDIO = 'http://localhost:3000/api/files/media/podcast.ogg';

const lo = (type: 'video' | 'audio', url: string): LearningObject =>
  learningObject({ type, content: { url, html: null, quiz: null } });

/** A Cache Storage holding `entries` (cache name → URLs). */
function fakeCaches(entries: Record<string, Record<string, string>>): CacheStorage {
  return {
    keys: async () => Object.keys(entries),
    // Like the real one: reads the named cache without creating it.
    match: async (url: string, options: { cacheName?: string } = {}) => {
      const body = options.cacheName === undefined ? undefined : entries[options.cacheName]?.[url];
      return body === undefined ? undefined : new Response(body);
    },
    open: async (name: string) =>
      ({
        match: async (url: string) => {
          const body = entries[name]?.[url];
          return body === undefined ? undefined : new Response(body);
        },
      }) as unknown as Cache,
  } as unknown as CacheStorage;
}

/** Renders `value` as the viewer does, once its player (a chunk of its own) is in. */
const renderLo = async (value: LearningObject, readOnly = false) => {
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <Suspense fallback={null}>
        <LearningObjectContent lo={value} onFinish={vi.fn()} readOnly={readOnly} />
      </Suspense>
    </IntlProvider>,
  );
  await waitFor(() => expect(document.querySelector('video, audio')).not.toBeNull());
};

const goOffline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
};
const goOnline = () => {
  vi.restoreAllMocks();
  act(() => void window.dispatchEvent(new Event('online')));
};

const VIDEO_OFFLINE = 'Este vídeo precisa de internet: ele não foi baixado neste aparelho. Conecte-se para assisti-lo.';

afterEach(() => {
  vi.unstubAllGlobals();
  goOnline();
});

describe('a video or audio that is not on the device, offline', () => {
  it('says it needs the internet, offers the module and the course, and the player comes back online', async () => {
    vi.stubGlobal('caches', fakeCaches({}));
    await renderLo(lo('video', VIDEO));
    expect(document.querySelector('video')).not.toBeNull();
    goOffline();
    expect(await screen.findByRole('status')).toHaveTextContent(VIDEO_OFFLINE);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByText(/Baixar para estudar offline/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o módulo' })).toHaveAttribute('href', '/courses/1/modules/3');
    expect(screen.getByRole('link', { name: 'Ir para o curso' })).toHaveAttribute('href', '/courses/1');

    goOnline();
    expect(screen.queryByText(VIDEO_OFFLINE)).toBeNull();
    expect(document.querySelector('video')).toHaveAttribute('src', VIDEO);
  });

  it('an audio says so in its own words', async () => {
    vi.stubGlobal('caches', fakeCaches({}));
    await renderLo(lo('audio', AUDIO));
    goOffline();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Este áudio precisa de internet: ele não foi baixado neste aparelho. Conecte-se para ouvi-lo.',
    );
    expect(document.querySelector('audio')).toBeNull();
  });

  it('a player whose source fails offline says so too, even when a copy seemed stored', async () => {
    vi.stubGlobal('caches', fakeCaches({ [MEDIA_CACHE]: { [VIDEO]: 'bytes' } }));
    await renderLo(lo('video', VIDEO));
    goOffline();
    await act(async () => {});
    const video = document.querySelector('video');
    expect(video, 'a stored copy keeps the player').not.toBeNull();
    fireEvent.error(video!);
    expect(screen.getByRole('status')).toHaveTextContent(VIDEO_OFFLINE);
  });

  it('online, an error of the player is not blamed on the connection', async () => {
    await renderLo(lo('video', VIDEO));
    fireEvent.error(document.querySelector('video')!);
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('video')).not.toBeNull();
  });

  it('a public preview says so without offering a download', async () => {
    vi.stubGlobal('caches', fakeCaches({}));
    await renderLo(lo('video', VIDEO), true);
    goOffline();
    expect(await screen.findByRole('status')).toHaveTextContent(VIDEO_OFFLINE);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('a video or audio stored on the device, offline', () => {
  it('a downloaded course keeps the player', async () => {
    vi.stubGlobal(
      'caches',
      fakeCaches({ [DOWNLOADS_OWNER_CACHE]: { [DOWNLOADS_OWNER_URL]: '7' }, 'downloads:7': { [VIDEO]: 'bytes' } }),
    );
    await renderLo(lo('video', VIDEO));
    goOffline();
    await act(async () => {});
    expect(document.querySelector('video')).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('hasOfflineCopy', () => {
  it('finds the signed-in student’s downloads and the media played before, nothing else', async () => {
    const storage = fakeCaches({
      [DOWNLOADS_OWNER_CACHE]: { [DOWNLOADS_OWNER_URL]: '7' },
      'downloads:7': { [VIDEO]: 'bytes' },
      'downloads:8': { [AUDIO]: 'bytes' },
      [MEDIA_CACHE]: { 'http://localhost:3000/api/files/media/played.webm': 'bytes' },
    });
    expect(await hasOfflineCopy(VIDEO, storage)).toBe(true);
    expect(await hasOfflineCopy('http://localhost:3000/api/files/media/played.webm', storage)).toBe(true);
    expect(await hasOfflineCopy(AUDIO, storage), 'another student’s download').toBe(false);
    expect(await hasOfflineCopy('http://localhost:3000/api/files/media/never.webm', storage)).toBe(false);
    expect(await hasOfflineCopy(VIDEO, undefined), 'no Cache Storage').toBe(false);
  });
});
