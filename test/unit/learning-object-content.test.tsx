import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { LearningObjectContent } from '../../src/views/learning-object/content';
import { sanitizeForTest as sanitizeHtml } from '../fixtures/rich-text';
import type { LearningObject } from '../../src/services/contract';

const base: LearningObject = {
  id: 5,
  name: 'Conteúdo',
  type: 'text',
  lesson_id: 2,
  module_id: 3,
  course_id: 1,
  content: { url: null, html: null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: null,
  next: null,
  next_module: null,
  quiz_result: null,
};

const renderLo = (lo: LearningObject, onFinish = vi.fn()) => {
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      {/* As in the viewer: a text lesson, a file's player suspend while their code loads. */}
      <Suspense fallback={null}>
        <LearningObjectContent lo={lo} onFinish={onFinish} />
      </Suspense>
    </IntlProvider>,
  );
  return onFinish;
};

describe('rich text learning object (server HTML sanitised, docs/architecture.md §D5)', () => {
  it('keeps the text but never lets a script or event handler through', () => {
    const dirty =
      '<h2>Aula</h2><p onclick="alert(1)">Texto <img src="x" onerror="window.hacked=1"></p><script>window.hacked=2</script>';
    const clean = sanitizeHtml(dirty);
    expect(clean).toContain('<h2>Aula</h2>');
    expect(clean).not.toMatch(/script|onerror|onclick/i);
  });

  it('renders the sanitised article (its code loads with the first text lesson)', async () => {
    renderLo({
      ...base,
      content: { url: null, html: '<p>Primeiro parágrafo</p><script>window.pwned=true</script>', quiz: null },
    });
    expect(await screen.findByText('Primeiro parágrafo')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });
});

/** The file's player, once its code (a chunk of its own) has loaded. */
const player = () => waitFor(() => document.querySelector('video') ?? Promise.reject(new Error('no player yet')));

describe('media learning objects report their end', () => {
  it('a preview (readOnly) promises no completion: it records nothing (issue 23)', async () => {
    render(
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <Suspense fallback={null}>
          <LearningObjectContent
            lo={{ ...base, type: 'video', content: { url: '/api/files/media/aula.webm', html: null, quiz: null } }}
            onFinish={vi.fn()}
            readOnly
          />
        </Suspense>
      </IntlProvider>,
    );
    await player();
    expect(screen.queryByText(/marcado como concluído/)).toBeNull();
  });

  it('a studied video says it is finished when it ends', async () => {
    renderLo({ ...base, type: 'video', content: { url: '/api/files/media/aula.webm', html: null, quiz: null } });
    expect(await screen.findByText('O vídeo é marcado como concluído quando termina.')).toBeInTheDocument();
  });

  it('a video that ends finishes the learning object', async () => {
    const onFinish = renderLo({
      ...base,
      type: 'video',
      content: { url: '/api/files/media/aula.webm', html: null, quiz: null },
    });
    const video = await player();
    fireEvent.ended(video);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('opening an external link finishes it; the link opens safely in a new tab', () => {
    const onFinish = renderLo({
      ...base,
      type: 'link',
      content: { url: 'https://example.org', html: null, quiz: null },
    });
    const link = screen.getByRole('link', { name: /Abrir o conteúdo externo/ });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    fireEvent.click(link);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('an embedded page is sandboxed and titled', () => {
    renderLo({
      ...base,
      type: 'embed',
      name: 'Simulador',
      content: { url: '/api/files/embed.html', html: null, quiz: null },
    });
    const frame = screen.getByTitle('Conteúdo: Simulador');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups');
  });

  it('says so when the content is missing instead of rendering an empty player', () => {
    renderLo({ ...base, type: 'video', content: { url: null, html: null, quiz: null } });
    expect(screen.getByText('Este conteúdo está indisponível no momento.')).toBeInTheDocument();
  });
});
