/**
 * Learning objects whose URL is a provider's page, another site or a hostile URL
 * (docs/content.md "What is shown how"), rendered as a student sees them: a YouTube video is a
 * facade until play (no thumbnail, no request to the provider), then the provider's player whose end
 * finishes the learning object; offline it says it needs the internet; a site that is not
 * allowed is 'Abrir em <host>'; a `javascript:`/`data:` URL is never a link or a source.
 */
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { WithAppActors } from '../fixtures/app-actors';
import { LearningObjectContent } from '../../src/views/learning-object/content';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import type { LearningObject } from '../../src/services/contract';
import { learningObject } from '../fixtures/learning-object';

const base: LearningObject = learningObject({
  name: 'Vídeo do YouTube: o ciclo da água',
  content: { url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', html: null, quiz: null },
});

const lo = (type: LearningObject['type'], url: string): LearningObject => ({
  ...base,
  type,
  content: { ...base.content, url },
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('online'));
});

function renderLo(item: LearningObject, { dataSaver = false, onFinish = () => {} } = {}) {
  const actor = createActor(accessibilityMachine, {
    input: { userId: 1, settings: { ...DEFAULT_SETTINGS, data_saver: dataSaver } },
  }).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <WithAppActors actors={{ accessibility: actor }}>
        {/* A provider's page loads its recognition and embed (a chunk of their own) first. */}
        <Suspense fallback={<p>Carregando…</p>}>
          <LearningObjectContent lo={item} onFinish={onFinish} />
        </Suspense>
      </WithAppActors>
    </IntlProvider>,
  );
}

/** Every href/src/data/poster value in the document. */
const urlsInDom = () =>
  Array.from(document.querySelectorAll('[href], [src], [data], [poster]')).flatMap((el) =>
    ['href', 'src', 'data', 'poster'].map((name) => el.getAttribute(name)).filter((v): v is string => v !== null),
  );

describe('a provider video', () => {
  it.each([false, true])(
    'is a facade naming the provider and the video, loading nothing from the provider until play (data saver %s)',
    async (dataSaver) => {
      renderLo(base, { dataSaver });
      expect(await screen.findByRole('button', { name: /Reproduzir vídeo no YouTube/ })).toHaveTextContent(
        'Vídeo do YouTube: o ciclo da água',
      );
      // No player and no thumbnail: nothing on the page points at the provider yet.
      expect(document.querySelector('iframe, video, img')).toBeNull();
    },
  );

  it("plays through youtube-nocookie after the tap, and its player's end finishes the learning object once", async () => {
    const onFinish = vi.fn();
    renderLo(base, { onFinish });
    await userEvent.click(await screen.findByRole('button', { name: /Reproduzir vídeo no YouTube/ }));
    const frame = (await screen.findByTitle('Vídeo do YouTube: o ciclo da água')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE\?.*enablejsapi=1/,
    );
    // The player takes the focus once it is on the page (what a keyboard or screen-reader user
    // lands on); its listener for the player's messages starts in the same commit's effects, which
    // React may run after the frame is in the DOM — a message sent before would be lost.
    await waitFor(() => expect(frame).toHaveFocus());
    // When the frame loads, the page tells the player it listens (else YouTube sends no states).
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    frame.dispatchEvent(new Event('load'));
    expect(post).toHaveBeenCalledWith(JSON.stringify({ event: 'listening', id: 'M7lc1UVf-VE' }), '*');
    const ended = JSON.stringify({ event: 'infoDelivery', info: { playerState: 0 } });
    // A message from another origin is not the player's.
    act(() => window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: ended })));
    expect(onFinish).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://www.youtube-nocookie.com', data: ended }));
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://www.youtube-nocookie.com', data: ended }));
    });
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('offline says it needs the internet, with no frame', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    window.dispatchEvent(new Event('offline'));
    renderLo(lo('embed', 'https://vimeo.com/76979871'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Este conteúdo está no Vimeo e precisa de internet. Conecte-se para abri-lo.',
    );
    expect(document.querySelector('iframe, button')).toBeNull();
  });
});

describe('other sites and hostile URLs', () => {
  it('a page provider is a sandboxed, lazy, titled frame of its embed URL', async () => {
    renderLo(lo('embed', 'https://docs.google.com/presentation/d/e/2PACX-1vRabcdefghijkl/pub?start=false'));
    const frame = (await screen.findByTitle('Vídeo do YouTube: o ciclo da água')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://docs.google.com/presentation/d/e/2PACX-1vRabcdefghijkl/embed');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('loading')).toBe('lazy');
  });

  it('an embed of a site that is not allowed is a link out naming its host', () => {
    renderLo(lo('embed', 'https://widgets.exemplo.net/quiz/42'));
    expect(screen.getByRole('link', { name: 'Abrir em widgets.exemplo.net' })).toHaveAttribute(
      'href',
      'https://widgets.exemplo.net/quiz/42',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['link', 'javascript:alert(document.domain)'],
    ['link', 'data:text/html,<script>alert(1)</script>'],
    ['video', ' javascript:alert(1)'],
    ['audio', 'vbscript:msgbox(1)'],
    ['pdf', 'java\tscript:alert(1)'],
    ['embed', 'data:text/html,<script>alert(1)</script>'],
  ] as const)('a %s at %j is never rendered: the student reads that it is unavailable', (type, url) => {
    renderLo(lo(type, url));
    expect(screen.getByText('Este conteúdo está indisponível no momento.')).toBeInTheDocument();
    expect(urlsInDom()).toEqual([]);
  });

  it.each([
    ['video', 'https://www.youtube.com/@canaldaescola'],
    ['embed', 'https://www.youtube.com/results?search_query=ciclo'],
  ] as const)(
    'a %s on a provider’s host that it does not embed (%s) is a link out naming its host',
    async (type, url) => {
      renderLo(lo(type, url));
      expect(await screen.findByRole('link', { name: 'Abrir em youtube.com' })).toHaveAttribute('href', url);
      expect(document.querySelector('iframe, button')).toBeNull();
    },
  );

  it('a PDF or an audio at a provider’s video is unavailable, not a player', async () => {
    renderLo(lo('pdf', 'https://www.youtube.com/watch?v=M7lc1UVf-VE'));
    expect(await screen.findByText('Este conteúdo está indisponível no momento.')).toBeInTheDocument();
    expect(document.querySelector('iframe, button')).toBeNull();
  });

  it('a link keeps mailto: and tel:', () => {
    renderLo(lo('link', 'mailto:secretaria@escola.com.br'));
    expect(screen.getByRole('link')).toHaveAttribute('href', 'mailto:secretaria@escola.com.br');
  });
});
