/**
 * Where course content may come from (src/services/contract/content-sources.ts) and what a URL
 * from the platform turns out to be (src/services/content/providers.ts): the pasted pages
 * teachers use become their providers' embeds, files of the content hosts stay files, other sites
 * become named links out, and no scheme other than http(s) (mailto/tel for links) survives.
 */
import { describe, expect, it } from 'vitest';
import {
  contentSources,
  narrowContentSources,
  originMatches,
  parseContentHost,
} from '../../src/services/contract/content-sources';
import { classifyContentUrl, recognizeProvider, safeUrl } from '../../src/services/content/providers';
import { isDownloadableUrl, downloadRequestHeaders } from '../../src/services/pwa/downloads-cache';

const ORIGIN = 'http://localhost:4173';
const sources = contentSources({ VITE_CONTENT_HOSTS: 'https://cdn.escola.com.br,http://conteudo.localhost:*' });

describe('safeUrl', () => {
  it.each([
    'javascript:alert(1)',
    '  JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'blob:http://localhost/abc',
    'file:///etc/passwd',
    '',
    '   ',
  ])('never gives a source or a link for %j', (raw) => {
    expect(safeUrl(raw, ORIGIN, 'source')).toBeNull();
    expect(safeUrl(raw, ORIGIN, 'link')).toBeNull();
  });

  it('resolves paths against the app and keeps http(s); mailto/tel only as links', () => {
    expect(safeUrl('/api/files/media/aula.webm', ORIGIN)).toBe(`${ORIGIN}/api/files/media/aula.webm`);
    expect(safeUrl(' https://www.gov.br/ ', ORIGIN, 'link')).toBe('https://www.gov.br/');
    expect(safeUrl('mailto:secretaria@escola.com.br', ORIGIN, 'link')).toBe('mailto:secretaria@escola.com.br');
    expect(safeUrl('tel:+5511999999999', ORIGIN, 'link')).toBe('tel:+5511999999999');
    expect(safeUrl('mailto:secretaria@escola.com.br', ORIGIN, 'source')).toBeNull();
  });
});

describe('provider recognition', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=M7lc1UVf-VE&t=10s',
      'youtube',
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
    ],
    ['https://youtu.be/M7lc1UVf-VE', 'youtube', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE'],
    ['https://m.youtube.com/watch?v=M7lc1UVf-VE', 'youtube', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE'],
    ['https://www.youtube.com/embed/M7lc1UVf-VE', 'youtube', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE'],
    ['https://www.youtube.com/shorts/M7lc1UVf-VE', 'youtube', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE'],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/abc123def4', 'vimeo', 'https://player.vimeo.com/video/76979871?h=abc123def4'],
    [
      'https://player.vimeo.com/video/76979871?h=abc123def4',
      'vimeo',
      'https://player.vimeo.com/video/76979871?h=abc123def4',
    ],
    [
      'https://docs.google.com/presentation/d/e/2PACX-1vRabcdefghijkl/pub?start=false&loop=false',
      'google-docs',
      'https://docs.google.com/presentation/d/e/2PACX-1vRabcdefghijkl/embed',
    ],
    [
      'https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOp/edit#slide=id.p',
      'google-docs',
      'https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOp/embed',
    ],
    [
      'https://docs.google.com/forms/d/e/1FAIpQLSdemoFormId/viewform?usp=sf_link',
      'google-docs',
      'https://docs.google.com/forms/d/e/1FAIpQLSdemoFormId/viewform?embedded=true',
    ],
    [
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing',
      'google-drive',
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview',
    ],
    ['https://escola.h5p.com/content/1291234567', 'h5p', 'https://escola.h5p.com/content/1291234567/embed'],
    ['https://h5p.org/node/1234', 'h5p', 'https://h5p.org/h5p/embed/1234'],
    [
      'https://view.genially.com/64a1b2c3d4e5f6a7b8c9d0e1',
      'genially',
      'https://view.genially.com/64a1b2c3d4e5f6a7b8c9d0e1',
    ],
    [
      'https://www.canva.com/design/DAFabc123/xyzToken/view',
      'canva',
      'https://www.canva.com/design/DAFabc123/xyzToken/view?embed',
    ],
  ])('%s is %s through %s', (url, provider, embedUrl) => {
    const match = recognizeProvider(url, sources);
    expect(match?.provider.id).toBe(provider);
    expect(match?.embedUrl).toBe(embedUrl);
  });

  it('needs the provider host itself, not its name somewhere in the URL', () => {
    expect(recognizeProvider('https://evil.example/youtube.com/watch?v=M7lc1UVf-VE', sources)).toBeNull();
    expect(recognizeProvider('https://youtube.com.evil.example/watch?v=M7lc1UVf-VE', sources)).toBeNull();
    expect(recognizeProvider('javascript://www.youtube.com/%0aalert(1)', sources)).toBeNull();
  });

  it('refuses what the provider cannot embed and ids that are not ids', () => {
    expect(recognizeProvider('https://www.youtube.com/@canal', sources)).toBeNull();
    expect(recognizeProvider('https://www.youtube.com/watch?v=<script>', sources)).toBeNull();
    expect(recognizeProvider('https://docs.google.com/spreadsheets/u/0/', sources)).toBeNull();
  });

  it('only recognises the providers the deployment (and the brand) allow', () => {
    const onlyDocs = contentSources({ VITE_EMBED_PROVIDERS: 'google-docs' });
    expect(recognizeProvider('https://youtu.be/M7lc1UVf-VE', onlyDocs)).toBeNull();
    const brand = narrowContentSources(sources, { embed_providers: ['vimeo'] });
    expect(recognizeProvider('https://youtu.be/M7lc1UVf-VE', brand)).toBeNull();
    expect(recognizeProvider('https://vimeo.com/76979871', brand)?.provider.id).toBe('vimeo');
  });
});

describe('classifyContentUrl', () => {
  it('tells providers, content files, other sites and unsafe URLs apart', () => {
    expect(classifyContentUrl('https://youtu.be/M7lc1UVf-VE', ORIGIN, sources).kind).toBe('provider');
    expect(classifyContentUrl('/api/files/media/apostila.pdf', ORIGIN, sources)).toEqual({
      kind: 'file',
      url: `${ORIGIN}/api/files/media/apostila.pdf`,
    });
    expect(classifyContentUrl('https://cdn.escola.com.br/a.pdf', ORIGIN, sources).kind).toBe('file');
    expect(classifyContentUrl('http://conteudo.localhost:51234/files/a.pdf', ORIGIN, sources).kind).toBe('file');
    expect(classifyContentUrl('https://widgets.exemplo.net/quiz/42', ORIGIN, sources)).toEqual({
      kind: 'external',
      url: 'https://widgets.exemplo.net/quiz/42',
      host: 'widgets.exemplo.net',
    });
    expect(classifyContentUrl('https://www.vimeo.com/channels/x', ORIGIN, sources).kind).toBe('external');
    expect(classifyContentUrl('javascript:alert(1)', ORIGIN, sources)).toEqual({ kind: 'unsafe' });
    expect(classifyContentUrl(null, ORIGIN, sources)).toEqual({ kind: 'unsafe' });
  });
});

describe('content hosts', () => {
  it('are origins; a port wildcard only on a localhost name; no wildcard hosts', () => {
    expect(parseContentHost('https://CDN.Escola.com.br/')).toBe('https://cdn.escola.com.br');
    expect(parseContentHost('http://conteudo.localhost:*')).toBe('http://conteudo.localhost:*');
    expect(parseContentHost('https://cdn.escola.com.br:*')).toBeNull();
    expect(parseContentHost('https://*.cloudfront.net')).toBeNull();
    expect(parseContentHost('cdn.escola.com.br')).toBeNull();
  });

  it('match an origin exactly, by any port where the pattern says so, or a vendor tenant', () => {
    expect(originMatches('http://conteudo.localhost:*', 'http://conteudo.localhost:4173')).toBe(true);
    expect(originMatches('http://conteudo.localhost:*', 'http://conteudo.localhost')).toBe(true);
    expect(originMatches('http://conteudo.localhost:*', 'https://conteudo.localhost:4173')).toBe(false);
    expect(originMatches('https://cdn.escola.com.br', 'https://cdn.escola.com.br:8443')).toBe(false);
    expect(originMatches('https://*.h5p.com', 'https://escola.h5p.com')).toBe(true);
    expect(originMatches('https://*.h5p.com', 'https://h5p.com.evil.net')).toBe(false);
  });

  it('a brand keeps only the hosts it names within the deployment', () => {
    const brand = narrowContentSources(sources, { content_hosts: ['https://cdn.escola.com.br', 'https://other.cdn'] });
    expect(brand.hosts).toEqual(['https://cdn.escola.com.br']);
    expect(narrowContentSources(sources, { show_banners: true })).toEqual(sources);
  });

  it('files on them are downloadable for offline study, without the custom header (no CORS preflight)', () => {
    expect(isDownloadableUrl('http://conteudo.localhost:4173/files/a.pdf', ORIGIN, sources.hosts)).toBe(true);
    expect(isDownloadableUrl('http://conteudo.localhost:4173/files/a.pdf', ORIGIN)).toBe(false);
    expect(isDownloadableUrl('https://outro.site/a.pdf', ORIGIN, sources.hosts)).toBe(false);
    expect(isDownloadableUrl('http://conteudo.localhost:4173/files/a.pdf?token=x', ORIGIN, sources.hosts)).toBe(false);
    expect(isDownloadableUrl(`${ORIGIN}/api/files/media/aula.webm`, ORIGIN)).toBe(true);
    expect(downloadRequestHeaders('http://conteudo.localhost:4173/files/a.pdf', ORIGIN)).toEqual({});
    expect(downloadRequestHeaders(`${ORIGIN}/api/files/media/aula.webm`, ORIGIN)).toEqual({
      'X-Offline-Download': '1',
    });
  });
});
