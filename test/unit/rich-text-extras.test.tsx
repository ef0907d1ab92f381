/**
 * What a text lesson needs beyond the sanitiser is code of its own, loaded only for a lesson that
 * has it (src/services/content/rich-text.ts `RichTextExtras`; docs/performance.md): the providers'
 * recognition for a provider's frame or lone link, colord's colour names for a colour written as a
 * word. Without it, the sanitiser shows what needed it as unrecognised and names it in `missing`;
 * with it, the lesson as it is meant to look (the view, which waits for it:
 * rich-text-extras-view.test.tsx). A file of its own: the colour names, once loaded, stay loaded
 * for every colord parse of the page (as in the app).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeRichText, type RichTextLabels, type RichTextOptions } from '../../src/services/content/rich-text';
import { recognizeProvider } from '../../src/services/content/providers';
import { contentSources } from '../../src/services/contract/content-sources';

const ORIGIN = 'https://app.escola.com.br';
// Not the fixture's (test/fixtures/rich-text.ts loads every extra, the colour names included).
const labels: RichTextLabels = {
  openIn: (host) => `Abrir em ${host}`,
  openImageIn: (host) => `Abrir imagem em ${host}`,
  table: 'Tabela',
  code: 'Código',
  embedTitle: (provider) => `Conteúdo do ${provider}`,
};
const sources = contentSources({ VITE_CONTENT_HOSTS: 'https://cdn.escola.com.br' });
const bare: RichTextOptions = { origin: ORIGIN, sources, labels };
const withProviders: RichTextOptions = { ...bare, extras: { recognizeProvider } };
const missing = (html: string, opts: RichTextOptions = bare) => sanitizeRichText(html, opts).missing;

/** The sanitised HTML parsed again, as `innerHTML` would. */
function parsed(html: string, opts: RichTextOptions): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = String(sanitizeRichText(html, opts).html);
  return root;
}

describe('a text lesson’s extras', () => {
  it('a lesson without provider frames, lone provider links or colour words needs none', () => {
    expect(
      missing(
        '<h2 style="text-align:center">Aula</h2><p>Veja <a href="https://www.youtube.com/watch?v=M7lc1UVf-VE">este vídeo</a> depois.</p>' +
          '<p><span style="color:#000000;background-color:transparent">Colado do Google Docs</span></p>' +
          '<table><tr><td style="background: none; color: inherit">1</td></tr></table><math><mi>x</mi></math>' +
          '<p><iframe src="https://widgets.exemplo.net/quiz/42"></iframe></p><img src="https://cdn.escola.com.br/a.png">',
      ),
    ).toEqual([]);
  });

  it('without the providers’ code, a provider’s frame is a link out and the lesson says it needs the code; with it, the embed', () => {
    const frame = '<p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Aula 1"></iframe></p>';
    expect(missing(frame)).toEqual(['providers']);
    const without = parsed(frame, bare);
    expect(without.querySelector('.rt-embed')).toBeNull();
    expect(without.querySelector('a')).toHaveTextContent('Abrir em youtube.com');
    expect(missing(frame, withProviders)).toEqual([]);
    expect(parsed(frame, withProviders).querySelector('.rt-embed')?.getAttribute('data-rt-embed-url')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  it('a provider’s link alone in its paragraph needs the providers’ code; a protocol-relative frame too', () => {
    expect(missing('<p><a href="https://youtu.be/M7lc1UVf-VE">https://youtu.be/M7lc1UVf-VE</a></p>')).toEqual([
      'providers',
    ]);
    expect(missing('<iframe src="//player.vimeo.com/video/76979871"></iframe>')).toEqual(['providers']);
    // A page the provider does not embed is known only by asking it: the code is needed to say so.
    expect(missing('<iframe src="https://www.youtube.com/@canal"></iframe>')).toEqual(['providers']);
    expect(parsed('<iframe src="https://www.youtube.com/@canal"></iframe>', withProviders).innerHTML).toContain(
      'class="rt-link-out"',
    );
  });

  it('a colour written as a word needs the colour names: dropped without them, kept once they are loaded', async () => {
    const word = '<p style="color: red">a</p><font color="Navy">b</font>';
    expect(missing(word)).toEqual(['colourNames']);
    expect(parsed(word, bare).innerHTML).not.toContain('data-rt-color');
    const { COLOUR_NAMES } = await import('../../src/services/content/colour-names');
    const withNames: RichTextOptions = { ...bare, extras: { colourNames: COLOUR_NAMES } };
    expect(missing(word, withNames)).toEqual([]);
    expect(Array.from(parsed(word, withNames).children).map((el) => el.getAttribute('data-rt-color'))).toEqual([
      '#ff0000',
      '#000080',
    ]);
  });
});
