/**
 * The text-lesson sanitiser (src/services/content/rich-text.ts; docs/content.md "Text lessons"):
 * what teacher HTML from TinyMCE, CKEditor and Google Docs keeps, what becomes a placeholder or a
 * link out, what never survives, and how the teacher's colours are applied only where they stay
 * readable. Outputs are parsed again and inspected as the browser would see them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import DOMPurify from 'dompurify';
import {
  applyRichTextColors,
  sanitizeRichText,
  type RichTextLabels,
  type RichTextOptions,
} from '../../src/services/content/rich-text';
import { contentSources } from '../../src/services/contract/content-sources';
import { ALL_EXTRAS } from '../fixtures/rich-text';

const ORIGIN = 'https://app.escola.com.br';
const labels: RichTextLabels = {
  openIn: (host) => `Abrir em ${host}`,
  openImageIn: (host) => `Abrir imagem em ${host}`,
  table: 'Tabela',
  code: 'Código',
  embedTitle: (provider) => `Conteúdo do ${provider}`,
};
const sources = contentSources({ VITE_CONTENT_HOSTS: 'https://cdn.escola.com.br' });
/** As a text lesson is shown: with every extra it may need loaded (see "extras" below for without). */
const options: RichTextOptions = { origin: ORIGIN, sources, labels, extras: ALL_EXTRAS };

/** The sanitised HTML as a string. */
const clean = (html: string, opts: RichTextOptions = options) => String(sanitizeRichText(html, opts).html);

/** The sanitised HTML parsed again, as `innerHTML` would. */
function parsed(html: string, opts: RichTextOptions = options): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = clean(html, opts);
  return root;
}

const attrs = (el: Element | null) =>
  Object.fromEntries(Array.from(el?.attributes ?? []).map((a) => [a.name, a.value] as const));

describe('iframes teachers paste', () => {
  it('a YouTube embed becomes a placeholder with the privacy-enhanced URL and a fallback link', () => {
    const root = parsed(
      '<p>Assista:</p><p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe></p>',
    );
    expect(root.querySelector('iframe')).toBeNull();
    const embed = root.querySelector('.rt-embed');
    expect(attrs(embed)).toEqual({
      class: 'rt-embed',
      'data-rt-embed-url': 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'data-rt-embed-provider': 'youtube',
      'data-rt-embed-title': 'Conteúdo do YouTube',
      'data-rt-embed-ratio': '1.7778',
    });
    const link = embed!.querySelector('a');
    expect(link).toHaveTextContent('Abrir em youtube.com');
    expect(attrs(link)).toEqual({
      href: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    // The paragraph that only held the frame is gone; the text before it stays.
    expect(root.children).toHaveLength(2);
    expect(root.firstElementChild).toHaveTextContent('Assista:');
  });

  it('a Vimeo player becomes a placeholder with its title; the paragraph around it is split', () => {
    const root = parsed(
      '<p style="text-align: center">Veja <iframe src="https://player.vimeo.com/video/76979871" title="Aula 3"></iframe> e <b>responda</b></p>',
    );
    const embed = root.querySelector('.rt-embed')!;
    expect(embed.getAttribute('data-rt-embed-url')).toBe('https://player.vimeo.com/video/76979871');
    expect(embed.getAttribute('data-rt-embed-provider')).toBe('vimeo');
    expect(embed.getAttribute('data-rt-embed-title')).toBe('Aula 3');
    expect(embed.getAttribute('data-rt-embed-ratio')).toBe(String(Number((16 / 9).toFixed(4))));
    expect(Array.from(root.children).map((el) => [el.localName, el.className])).toEqual([
      ['p', 'rt-align-center'],
      ['div', 'rt-embed'],
      ['p', 'rt-align-center'],
    ]);
    expect(root.lastElementChild).toHaveTextContent('e responda');
    expect(root.querySelector('p:last-child b')).not.toBeNull();
  });

  it('two frames in one paragraph keep the text in order', () => {
    const root = parsed(
      '<p>a <iframe src="https://vimeo.com/1234"></iframe> b <iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe> c</p>',
    );
    expect(Array.from(root.children).map((el) => el.localName)).toEqual(['p', 'div', 'p', 'div', 'p']);
    expect(root.textContent).toBe('a Abrir em vimeo.com b Abrir em youtu.be c');
  });

  it('another site in a frame becomes a link that names its host', () => {
    const root = parsed('<div><iframe src="https://widgets.exemplo.net/quiz?id=1"></iframe></div>');
    const p = root.querySelector('p.rt-link-out');
    expect(p).not.toBeNull();
    expect(p!.querySelector('a')).toHaveTextContent('Abrir em widgets.exemplo.net');
    expect(attrs(p!.querySelector('a'))).toEqual({
      href: 'https://widgets.exemplo.net/quiz?id=1',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('an iframe inside running text becomes an inline link', () => {
    const root = parsed('<p>Veja <iframe src="https://widgets.exemplo.net/x"></iframe> agora</p>');
    expect(root.innerHTML).toBe(
      '<p>Veja <span class="rt-link-out"><a target="_blank" href="https://widgets.exemplo.net/x" rel="noopener noreferrer">Abrir em widgets.exemplo.net</a></span> agora</p>',
    );
  });

  it('a YouTube frame is a link out when the brand does not allow YouTube', () => {
    const root = parsed('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>', {
      ...options,
      sources: { ...sources, providers: sources.providers.filter((p) => p.id !== 'youtube') },
    });
    expect(root.querySelector('.rt-embed')).toBeNull();
    expect(root.querySelector('.rt-link-out a')).toHaveTextContent('Abrir em youtube.com');
  });

  it('a YouTube playlist frame is a link out, not a video called "videoseries"', () => {
    const root = parsed('<iframe src="https://www.youtube.com/embed/videoseries?list=PL1234567890"></iframe>');
    expect(root.querySelector('.rt-embed')).toBeNull();
    expect(root.querySelector('.rt-link-out a')?.getAttribute('href')).toBe(
      'https://www.youtube.com/embed/videoseries?list=PL1234567890',
    );
  });

  it('a frame of any other scheme, or without a source, is removed entirely', () => {
    expect(
      clean(
        '<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe><iframe src="data:text/html,x"></iframe>',
      ),
    ).toBe('');
  });

  it('teacher HTML cannot forge a placeholder', () => {
    const root = parsed(
      '<div class="rt-embed" data-rt-embed-url="javascript:alert(1)" data-rt-embed-provider="youtube" tabindex="3">x</div>',
    );
    expect(root.innerHTML).toBe('<div>x</div>');
  });
});

describe('what the sanitiser keeps', () => {
  it('keeps MathML (with its formatting) but not the annotation source', () => {
    const root = parsed(
      '<math display="block"><semantics><mrow><mfrac><mi>a</mi><msqrt><mn>2</mn></msqrt></mfrac></mrow><annotation encoding="application/x-tex">\\frac{a}{\\sqrt2}</annotation></semantics></math>',
    );
    const math = root.querySelector('math');
    expect(math?.getAttribute('display')).toBe('block');
    expect(math?.querySelector('mfrac')).not.toBeNull();
    expect(math?.querySelector('msqrt mn')?.textContent).toBe('2');
    expect(root.textContent).toBe('a2');
  });

  it('keeps figure, figcaption, details and summary', () => {
    const html =
      '<figure><figcaption>Legenda</figcaption></figure><details open><summary>Dica</summary><p>Texto</p></details>';
    expect(clean(html)).toBe(html.replace('<details open>', '<details open="">'));
  });

  it('keeps an image of a content host, lazy, with its size; its srcset goes', () => {
    const root = parsed(
      '<img src="https://cdn.escola.com.br/mapa.png" width="800" height="600" alt="Mapa" srcset="https://outro.net/x.png 2x" class="mce-img">',
    );
    expect(attrs(root.querySelector('img'))).toEqual({
      src: 'https://cdn.escola.com.br/mapa.png',
      width: '800',
      height: '600',
      alt: 'Mapa',
      loading: 'lazy',
      decoding: 'async',
    });
  });

  it("keeps an image of the app's origin, as an absolute URL", () => {
    expect(parsed('<img src="/api/files/a.png">').querySelector('img')?.getAttribute('src')).toBe(
      `${ORIGIN}/api/files/a.png`,
    );
  });

  it('an image of another host becomes a link that keeps its alt text', () => {
    const root = parsed('<p><img src="https://outro.net/b.png" alt="Mapa do Brasil"></p>');
    expect(root.querySelector('img')).toBeNull();
    const link = root.querySelector('a');
    expect(link).toHaveTextContent('Abrir imagem em outro.net: Mapa do Brasil');
    expect(attrs(link)).toEqual({ href: 'https://outro.net/b.png', target: '_blank', rel: 'noopener noreferrer' });
  });

  it('a data:, javascript: or other-scheme image is removed, its alt text stays', () => {
    expect(
      clean(
        '<p><img src="data:image/png;base64,AAAA" alt="gráfico"><img src="javascript:alert(1)"><img src="blob:x"></p>',
      ),
    ).toBe('<p>gráfico</p>');
  });

  it('media: a content host plays (no preload, controls); another host is a link; a bad scheme goes', () => {
    const root = parsed(
      '<video src="https://cdn.escola.com.br/aula.mp4" width="640" height="360" autoplay poster="https://outro.net/p.jpg"></video>' +
        '<audio><source src="https://outro.net/a.ogg"></audio>' +
        '<video src="data:video/mp4;base64,AAAA"></video>' +
        '<video><source src="https://cdn.escola.com.br/v.webm"><source src="https://outro.net/v.mp4"></video>',
    );
    const [kept, withSource] = Array.from(root.querySelectorAll('video'));
    expect(attrs(kept!)).toEqual({
      src: 'https://cdn.escola.com.br/aula.mp4',
      width: '640',
      height: '360',
      controls: '',
      preload: 'none',
    });
    expect(root.querySelectorAll('audio')).toHaveLength(0);
    expect(root.querySelector('.rt-link-out a')).toHaveTextContent('Abrir em outro.net');
    expect(Array.from(withSource!.querySelectorAll('source')).map((s) => s.getAttribute('src'))).toEqual([
      'https://cdn.escola.com.br/v.webm',
    ]);
    expect(root.querySelectorAll('video')).toHaveLength(2);
  });

  it('links: safe ones become absolute, other sites open apart, in-page ones follow the prefixed ids', () => {
    const root = parsed(
      '<a href="https://outro.net/x" target="_self" rel="opener">o</a><a href="/cursos/2">c</a><a href="mailto:prof@escola.com.br">m</a><a href="tel:+5511999999999">t</a><h2 id="parte-2">P</h2><a href="#parte-2">p</a>',
    );
    const links = Array.from(root.querySelectorAll('a')).map(attrs);
    expect(links).toEqual([
      { href: 'https://outro.net/x', target: '_blank', rel: 'noopener noreferrer' },
      { href: `${ORIGIN}/cursos/2` },
      { href: 'mailto:prof@escola.com.br' },
      { href: 'tel:+5511999999999' },
      { href: '#user-content-parte-2' },
    ]);
    expect(root.querySelector('h2')?.id).toBe('user-content-parte-2');
  });
});

describe('what never survives', () => {
  const BAD_SCHEME = /^\s*(javascript|vbscript|data):/i;
  const hostile = [
    '<a href="javascript:alert(1)">1</a>',
    '<a href="  JaVaScRiPt:alert(1)">2</a>',
    '<a href="java\tscript:alert(1)">3</a>',
    '<a href="java&#x0A;script:alert(1)">4</a>',
    '<a href="vbscript:msgbox(1)">5</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">6</a>',
    '<img src="javascript:alert(1)" alt="7">',
    '<img src=" data:image/svg+xml,<svg onload=alert(1)>" alt="8">',
    '<video src="vbscript:x"></video><audio src="javascript:x"></audio><source src="data:x">',
    '<iframe src="  JaVaScRiPt:alert(1)"></iframe>',
    '<math><mi href="javascript:alert(1)" xlink:href="javascript:alert(2)">x</mi></math>',
    '<blockquote cite="javascript:alert(1)">q</blockquote><table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
  ].join('');

  it('no attribute value in the output starts with javascript:, vbscript: or data:', () => {
    const root = parsed(hostile);
    const values = Array.from(root.querySelectorAll('*')).flatMap((el) =>
      Array.from(el.attributes).map((a) => a.value),
    );
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((v) => BAD_SCHEME.test(v.replace(/[\t\n\r]/g, '')))).toEqual([]);
    // The links' texts stay, as text.
    expect(Array.from(root.querySelectorAll('a')).filter((a) => !a.hasAttribute('href'))).toHaveLength(6);
    expect(root.textContent).toContain('123456');
  });

  it('no script, event handler, style element, form or object', () => {
    const root = parsed(
      '<p onclick="alert(1)" onmouseover="alert(2)">texto</p><script>alert(3)</script><style>p{color:red}</style>' +
        '<form action="https://evil.example"><input name="q"><button>ok</button><select><option>a</option></select><textarea>t</textarea></form>' +
        '<object data="x.swf"></object><embed src="y.swf"><svg><script>alert(4)</script></svg><img src="/a.png" onerror="alert(5)">',
    );
    expect(
      root.querySelectorAll('script, style, form, input, button, select, textarea, object, embed, svg'),
    ).toHaveLength(0);
    expect(root.innerHTML).not.toMatch(/on(click|mouseover|error)|alert/);
    expect(root.querySelector('p')).toHaveTextContent('texto');
  });
});

describe('wide content on phones', () => {
  it('wraps every table in a labelled, focusable scroll region and drops editor widths', () => {
    const root = parsed(
      '<table width="1000" style="width: 1000px"><colgroup><col width="500"></colgroup><tr><td width="500" height="20">a</td></tr></table><p>x</p><table><tr><th style="width:300px">b</th></tr></table>',
    );
    const regions = Array.from(root.querySelectorAll('div.rt-scroll'));
    expect(regions.map(attrs)).toEqual([
      { class: 'rt-scroll', tabindex: '0', role: 'region', 'aria-label': 'Tabela 1' },
      { class: 'rt-scroll', tabindex: '0', role: 'region', 'aria-label': 'Tabela 2' },
    ]);
    expect(regions.every((r) => r.firstElementChild?.localName === 'table')).toBe(true);
    expect(root.querySelectorAll('[width], [height], [style]')).toHaveLength(0);
  });

  it('makes every pre a labelled, focusable scroll region', () => {
    const root = parsed('<pre class="language-js" tabindex="-1">const a = 1;</pre><pre>b</pre>');
    expect(Array.from(root.querySelectorAll('pre')).map(attrs)).toEqual([
      { tabindex: '0', role: 'region', 'aria-label': 'Código 1', class: 'rt-scroll' },
      { tabindex: '0', role: 'region', 'aria-label': 'Código 2', class: 'rt-scroll' },
    ]);
  });
});

describe('editor formatting under the CSP', () => {
  it('turns style declarations into rt-* classes and drops the rest', () => {
    const root = parsed(
      '<p class="mce-x MsoNormal" style="text-align: center; font-weight: 700; font-style: italic; text-decoration: underline line-through; margin-left: 40px; position: fixed">t</p>' +
        '<h2 style="TEXT-ALIGN:justify !important">h</h2><span style="font-weight: bold">b</span><span style="font-weight:400">n</span>',
    );
    expect(root.querySelector('p')?.className).toBe('rt-align-center rt-bold rt-italic rt-underline rt-strike');
    expect(root.querySelector('h2')?.className).toBe('rt-align-justify');
    expect(Array.from(root.querySelectorAll('span')).map((s) => s.className)).toEqual(['rt-bold', '']);
    expect(root.querySelectorAll('[style]')).toHaveLength(0);
    expect(root.innerHTML).not.toContain('mce-x');
  });

  it('keeps a Google Docs paste from turning bold', () => {
    const root = parsed('<b style="font-weight:normal;" id="docs-internal-guid-1"><span>texto</span></b>');
    expect(root.querySelector('b')?.className).toBe('rt-weight-normal');
  });

  it('turns valid colours into data attributes and drops invalid ones', () => {
    const root = parsed(
      '<span style="color: #c00; background-color: rgb(255, 255, 0)">a</span>' +
        '<span style="color: red; background: transparent">b</span>' +
        '<span style="color: expression(alert(1)); background-color: url(javascript:alert(1))">c</span>' +
        '<span style="background: url(https://evil.example/x.png) red">d</span>' +
        '<font color="#336699" face="Comic Sans" size="7">e</font>',
    );
    expect(Array.from(root.children).map(attrs)).toEqual([
      { 'data-rt-color': '#cc0000', 'data-rt-bg': '#ffff00' },
      { 'data-rt-color': '#ff0000' },
      {},
      {},
      { 'data-rt-color': '#336699' },
    ]);
  });

  it('keeps its own attributes when DOMPurify visits an element twice (a wrapped table)', () => {
    const root = parsed('<table style="background-color: #eeeeee; text-align: right"><tr><td>x</td></tr></table>');
    expect(attrs(root.querySelector('table'))).toEqual({ 'data-rt-bg': '#eeeeee', class: 'rt-align-right' });
  });
});

describe('with Trusted Types', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('returns TrustedHTML of the "dompurify" policy, placeholders included', async () => {
    const names: string[] = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy: (name: string, rules: { createHTML: (s: string) => string }) => {
        names.push(name);
        return {
          name,
          // DOMPurify parses the input through the policy too: the value must stringify.
          createHTML: (s: string) => ({
            trusted: 'html',
            value: rules.createHTML(s),
            toString: () => rules.createHTML(s),
          }),
          createScriptURL: (s: string) => s,
        };
      },
    });
    vi.resetModules();
    const fresh = await import('../../src/services/content/rich-text');
    const result = fresh.sanitizeRichText(
      '<p onclick="x()">a</p><iframe src="https://vimeo.com/76979871"></iframe>',
      options,
    ).html as unknown as { trusted: string; value: string };
    expect(names).toEqual(['dompurify']);
    expect(result.trusted).toBe('html');
    expect(result.value).toContain(
      '<p>a</p><div class="rt-embed" data-rt-embed-url="https://player.vimeo.com/video/76979871"',
    );
  });
});

describe('scoped to one call', () => {
  it("leaves DOMPurify's shared instance without hooks", () => {
    clean('<p style="text-align:center" class="x"><img src="/a.png"></p>');
    expect(DOMPurify.sanitize('<p class="x">a</p><img src="/a.png">')).toBe('<p class="x">a</p><img src="/a.png">');
  });

  it('numbers tables and code blocks per call', () => {
    clean('<table><tr><td>1</td></tr></table>');
    expect(parsed('<table><tr><td>1</td></tr></table>').querySelector('.rt-scroll')?.getAttribute('aria-label')).toBe(
      'Tabela 1',
    );
  });
});

describe('applyRichTextColors', () => {
  let root: HTMLElement;
  afterEach(() => root?.remove());

  function rendered(html: string, background = 'white', color = 'black'): HTMLElement {
    root = document.createElement('article');
    root.style.backgroundColor = background;
    root.style.color = color;
    document.body.append(root);
    root.innerHTML = clean(html);
    applyRichTextColors(root);
    return root;
  }

  it('applies a dark red on white and refuses yellow text on white', () => {
    const el = rendered('<p style="color: #8b0000">vermelho</p><p style="color: yellow">amarelo</p>');
    const [red, yellow] = Array.from(el.querySelectorAll('p'));
    expect(red!.style.getPropertyValue('color')).toBe('rgb(139, 0, 0)');
    expect(yellow!.style.getPropertyValue('color')).toBe('');
  });

  it('checks text against its own background, and a background against the text on it', () => {
    const el = rendered(
      '<span style="color: #ffffff; background-color: #003366">a</span>' + // white on dark blue: both
        '<span style="background-color: #ffff00">b</span>' + // black text on yellow: readable
        '<span style="background-color: #000000">c</span>', // black text on black: refused
    );
    const [a, b, c] = Array.from(el.querySelectorAll('span'));
    expect([a!.style.color, a!.style.backgroundColor]).toEqual(['rgb(255, 255, 255)', 'rgb(0, 51, 102)']);
    expect(b!.style.backgroundColor).toBe('rgb(255, 255, 0)');
    expect(c!.style.backgroundColor).toBe('');
  });

  it('in dark mode, a dark colour is not applied; a light one is', () => {
    const el = rendered('<p style="color: #000000">preto</p><p style="color: #ffcc00">claro</p>', '#1c1f24', '#e8eaed');
    const [dark, light] = Array.from(el.querySelectorAll('p'));
    expect(dark!.style.color).toBe('');
    expect(light!.style.color).toBe('rgb(255, 204, 0)');
  });

  it('nested: text is checked against the background applied around it', () => {
    const el = rendered(
      '<p style="background-color: #003366"><span style="color: #000080">x</span><span style="color: #ffffff">y</span></p>',
      'white',
      'white',
    );
    const [navy, white] = Array.from(el.querySelectorAll('span'));
    expect(el.querySelector('p')!.style.backgroundColor).toBe('rgb(0, 51, 102)');
    expect(navy!.style.color).toBe('');
    expect(white!.style.color).toBe('rgb(255, 255, 255)');
  });

  it('is idempotent: applied again on another background, what fails is removed', () => {
    const el = rendered('<p style="color: #8b0000">r</p>');
    el.style.backgroundColor = '#121417';
    applyRichTextColors(el);
    expect(el.querySelector('p')!.style.color).toBe('');
  });
});

describe('deferInlineAttributes (no CSP report while parsing)', () => {
  it("renames start tags' style and handler attributes before any parser sees them; text is left alone", async () => {
    const { deferInlineAttributes } = await import('../../src/services/content/rich-text');
    expect(
      deferInlineAttributes('<p style="text-align:center" onclick="x()">a style=b</p><pre>&lt;p style="x"&gt;</pre>'),
    ).toBe(
      '<p data-rt-style="text-align:center" data-rt-removed-onclick="x()">a style=b</p><pre>&lt;p style="x"&gt;</pre>',
    );
  });
});

describe('a provider link standing alone in its paragraph', () => {
  it("becomes the provider's embed (its words as the title unless they are the address); a link in a sentence stays a link", () => {
    const out = parsed(
      '<p><a href="https://youtu.be/M7lc1UVf-VE">https://youtu.be/M7lc1UVf-VE</a></p>' +
        '<div><a href="https://vimeo.com/76979871">Aula 2 no Vimeo</a></div>' +
        '<p>Veja <a href="https://youtu.be/M7lc1UVf-VE">este vídeo</a> antes da prova.</p>',
    );
    const embeds = Array.from(out.querySelectorAll('.rt-embed'));
    expect(embeds.map((e) => [e.getAttribute('data-rt-embed-url'), e.getAttribute('data-rt-embed-title')])).toEqual([
      ['https://www.youtube-nocookie.com/embed/M7lc1UVf-VE', labels.embedTitle('YouTube')],
      ['https://player.vimeo.com/video/76979871', 'Aula 2 no Vimeo'],
    ]);
    // The fallback link stays inside each placeholder; the sentence keeps its link.
    expect(embeds[0]!.querySelector('a')?.getAttribute('href')).toBe('https://youtu.be/M7lc1UVf-VE');
    const sentence = Array.from(out.querySelectorAll('p')).find((p) => p.textContent?.includes('antes da prova'));
    expect(sentence?.querySelector('a')?.getAttribute('href')).toBe('https://youtu.be/M7lc1UVf-VE');
  });
});
