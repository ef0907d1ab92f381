/**
 * 'Volume dos sons' (docs/product.md §3 volume_of_sounds, default 0.6): every video and
 * audio element of a learning object plays at the setting, and follows a change at once.
 * (`<video>` / `<audio>` have no ARIA role: they are found as elements.)
 */
import { describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';
import type { LearningObject } from '../../src/services/contract';
import { WithAppActors } from '../fixtures/app-actors';
import { LearningObjectContent } from '../../src/views/learning-object/content';

const lo = (type: 'video' | 'audio'): LearningObject => ({
  id: 5,
  name: 'Aula',
  type,
  lesson_id: 2,
  module_id: 3,
  course_id: 1,
  content: { url: `/api/files/media/aula.${type === 'video' ? 'webm' : 'ogg'}`, html: null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: null,
  next: null,
  next_module: null,
  quiz_result: null,
});

/** Renders the learning object as the viewer does, once its player (a chunk of its own) is in. */
async function renderWithSettings(type: 'video' | 'audio', withActor = true) {
  const accessibility = createActor(accessibilityMachine, {
    input: { userId: 1, settings: DEFAULT_SETTINGS },
  }).start();
  const view = render(
    <WithAppActors actors={withActor ? { accessibility } : {}}>
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <Suspense fallback={null}>
          <LearningObjectContent lo={lo(type)} onFinish={vi.fn()} />
        </Suspense>
      </IntlProvider>
    </WithAppActors>,
  );
  const media = await waitFor(
    () => document.querySelector<HTMLMediaElement>(type) ?? Promise.reject(new Error('no player yet')),
  );
  return { accessibility, media, view };
}

describe.each(['video', 'audio'] as const)('a %s learning object', (type) => {
  it('plays at the volume setting (0.6 by default) and follows a change live', async () => {
    const { accessibility, media } = await renderWithSettings(type);
    expect(media).not.toBeNull();
    expect(media.volume).toBeCloseTo(0.6);
    act(() => accessibility.send({ type: 'settings.change', patch: { volume_of_sounds: 0.2 } }));
    expect(media.volume).toBeCloseTo(0.2);
    act(() => accessibility.send({ type: 'settings.change', patch: { volume_of_sounds: 0 } }));
    expect(media.volume).toBe(0);
    act(() => accessibility.send({ type: 'settings.reset' }));
    expect(media.volume).toBeCloseTo(0.6);
  });

  it("keeps the student's own adjustment until the setting changes", async () => {
    const { accessibility, media, view } = await renderWithSettings(type);
    media.volume = 0.9; // the player's own volume control
    view.rerender(
      <WithAppActors actors={{ accessibility }}>
        <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
          <Suspense fallback={null}>
            <LearningObjectContent lo={lo(type)} onFinish={vi.fn()} />
          </Suspense>
        </IntlProvider>
      </WithAppActors>,
    );
    expect(media.volume).toBeCloseTo(0.9);
    act(() => accessibility.send({ type: 'settings.change', patch: { volume_of_sounds: 0.3 } }));
    expect(media.volume).toBeCloseTo(0.3);
  });

  it('uses the default of docs/product.md §3 without a settings actor', async () => {
    const { media } = await renderWithSettings(type, false);
    expect(media.volume).toBeCloseTo(DEFAULT_SETTINGS.volume_of_sounds);
  });
});
