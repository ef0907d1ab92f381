/**
 * A text lesson whose HTML needs code beyond the sanitiser (a provider's frame, a colour written
 * as a word: src/services/content/rich-text.ts `RichTextExtras`) is shown once that code is in —
 * never first without it (the frame's link out, no colour) and then changed. A file of its own, so
 * that neither extra is loaded before the test (rich-text-extras.test.tsx for the sanitiser).
 */
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { LearningObjectContent } from '../../src/views/learning-object/content';
import { learningObject } from '../fixtures/learning-object';

describe('a text lesson that needs them', () => {
  it('shows its provider’s facade in place of the frame and its colour words, once their code is in', async () => {
    render(
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <Suspense fallback={<p>Carregando…</p>}>
          <LearningObjectContent
            lo={learningObject({
              type: 'text',
              content: {
                url: null,
                html:
                  '<p style="color: navy">Assista antes da aula:</p>' +
                  '<p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Frações"></iframe></p>',
                quiz: null,
              },
            })}
            onFinish={vi.fn()}
          />
        </Suspense>
      </IntlProvider>,
    );
    const play = await screen.findByRole('button', { name: /Reproduzir vídeo no YouTube.*Frações/ });
    expect(play).toBeVisible();
    // The facade replaced the frame's fallback link: the lesson was not shown without its code.
    expect(screen.queryByRole('link', { name: 'Abrir em youtube.com' })).toBeNull();
    expect(screen.getByText('Assista antes da aula:').style.color).toBe('rgb(0, 0, 128)');
  });
});
