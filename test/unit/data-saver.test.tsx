/**
 * 'Economia de dados': off by default, on by default when the browser asks to save
 * data (Save-Data), the student's choice wins; when on, the learning object's video and audio are
 * not preloaded; server HTML images always load lazily. Offline, a link says it needs the internet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { WithAppActors } from '../fixtures/app-actors';
import { LearningObjectContent } from '../../src/views/learning-object/content';
import { sanitizeForTest as sanitizeHtml } from '../fixtures/rich-text';
import { DEFAULT_SETTINGS, parseSettings } from '../../src/services/storage/accessibility-settings';
import { dataSaverOn } from '../../src/services/media/data-saver';
import type { LearningObject } from '../../src/services/contract';
import { learningObject } from '../fixtures/learning-object';

const video: LearningObject = learningObject();

afterEach(() => vi.unstubAllGlobals());

function renderWith(dataSaver: boolean | undefined, lo: LearningObject = video) {
  const actor = createActor(accessibilityMachine, {
    input: { userId: 1, settings: { ...DEFAULT_SETTINGS, data_saver: dataSaver } },
  }).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <WithAppActors actors={{ accessibility: actor }}>
        {/* As in the viewer: a file's player suspends while its code (a chunk of its own) loads. */}
        <Suspense fallback={null}>
          <LearningObjectContent lo={lo} onFinish={() => {}} />
        </Suspense>
      </WithAppActors>
    </IntlProvider>,
  );
  return actor;
}

describe('Economia de dados', () => {
  it('follows Save-Data until the student chooses; stored values that are not booleans are ignored', () => {
    expect(dataSaverOn({}, false)).toBe(false);
    expect(dataSaverOn({}, true)).toBe(true);
    expect(dataSaverOn({ data_saver: false }, true)).toBe(false);
    expect(dataSaverOn({ data_saver: true }, false)).toBe(true);
    expect(parseSettings({ data_saver: 'yes' }).data_saver).toBeUndefined();
    expect(parseSettings({ data_saver: true }).data_saver).toBe(true);
  });

  it('keeps the video from preloading when on, and preloads its metadata when off', async () => {
    const actor = renderWith(true);
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('preload')).toBe('none'));
    act(() => actor.send({ type: 'settings.change', patch: { data_saver: false } }));
    expect(document.querySelector('video')?.getAttribute('preload')).toBe('metadata');
  });

  it('is on by default when the browser sends Save-Data', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true }, onLine: true });
    renderWith(undefined, { ...video, type: 'audio', content: { ...video.content, url: '/api/files/media/p.ogg' } });
    await waitFor(() => expect(document.querySelector('audio')?.getAttribute('preload')).toBe('none'));
  });

  it('server HTML images load lazily', () => {
    expect(String(sanitizeHtml('<p><img src="/a.png" alt="a"></p>'))).toContain('loading="lazy"');
  });
});

describe('offline, content that lives on another site', () => {
  it('a link says it needs the internet', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    window.dispatchEvent(new Event('offline'));
    renderWith(false, { ...video, type: 'link', content: { ...video.content, url: 'https://www.gov.br/' } });
    expect(screen.getByRole('status')).toHaveTextContent('Este conteúdo precisa de internet');
    window.dispatchEvent(new Event('online'));
  });
});
