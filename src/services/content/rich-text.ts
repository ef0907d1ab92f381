/**
 * Sanitising a text lesson's HTML (docs/content.md "Text lessons: what the sanitiser keeps"):
 * teacher-authored HTML from TinyMCE, CKEditor or a Google Docs paste, shown under a strict CSP
 * (`style-src 'self'`; `img-src`/`media-src`/`frame-src` limited to the app's origin, the content
 * hosts and the allowed embed providers).
 *
 * The one DOMPurify configuration of the app (OWASP XSS Prevention Cheat Sheet: sanitise untrusted
 * HTML with a vetted allow-list library, never with hand-written filters). DOMPurify decides what
 * may exist (tags, attributes, URL schemes); this module's hooks only ever take away or rewrite —
 * into the few shapes the view understands — what DOMPurify would keep: frames become placeholders
 * or links out, images and media of other hosts become links out, `style` attributes become `rt-*`
 * classes and `data-rt-*` colours. Every URL left in the output has passed `safeUrl`
 * (services/content/urls.ts). The hooks live on a module-private DOMPurify instance and only
 * for the duration of one `sanitizeRichText` call, so no other sanitiser sees them.
 *
 * Two things a lesson may need are code of their own, which only a lesson that has them loads
 * (`RichTextExtras`, docs/performance.md): the providers' recognition (a frame or a lone link on a
 * provider's host) and colord's colour names (a colour written as a word). Without one, the
 * output treats what needed it as unrecognised (a link out, no colour) and `missing` names it:
 * the view loads it and sanitises again.
 *
 * Owns the `dompurify` Trusted Types policy (docs/architecture.md §D5; services/security/trusted-types.ts):
 * only DOMPurify's output becomes TrustedHTML.
 */
import DOMPurify from 'dompurify';
import type {
  Config,
  DOMPurify as Purifier,
  UponSanitizeAttributeHookEvent,
  UponSanitizeElementHookEvent,
} from 'dompurify';
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { TrustedHTML, TrustedTypePolicy } from 'trusted-types/lib';
import type { ContentSources } from '../contract/content-sources';
import { TRUSTED_TYPES_POLICY } from '../contract/security-policy';
import { factory } from '../security/trusted-script-url';
import type { ProviderMatch } from './providers';
import { displayHost, isContentFileUrl, placeOfContentUrl, safeUrl } from './urls';

extend([a11yPlugin]);

/** The texts the sanitiser writes into the lesson (react-intl-formatted by the view). */
export interface RichTextLabels {
  /** A link out: 'Abrir em vimeo.com'. */
  openIn(host: string): string;
  /** A link to an image of another host: 'Abrir imagem em exemplo.net'. */
  openImageIn(host: string): string;
  /** A table's scroll region, numbered: 'Tabela' → 'Tabela 1'. */
  table: string;
  /** A code block's scroll region, numbered: 'Código' → 'Código 1'. */
  code: string;
  /** An embed's title when the iframe has none: 'Conteúdo do YouTube'. */
  embedTitle(provider: string): string;
}

/** Code a lesson may need besides the sanitiser's own, each loaded only for a lesson that has it. */
export interface RichTextExtras {
  /**
   * The providers' recognition (./providers.ts `recognizeProvider`, with `get-video-id`): a frame
   * or a lone link on a provider's host becomes the provider's embed when it recognises the page.
   */
  recognizeProvider?: (raw: string, sources: ContentSources) => ProviderMatch | null;
  /** True once colord knows the CSS colour names (./colour-names.ts): colours written as words. */
  colourNames?: boolean;
}

/** An extra a lesson needed and the call did not have (`RichTextExtras`). */
export type RichTextExtra = 'providers' | 'colourNames';

export interface RichTextOptions {
  /** The app's origin (`location.origin`): relative URLs resolve against it, and its files load. */
  origin: string;
  /** The brand's content hosts and embed providers (`narrowContentSources`). */
  sources: ContentSources;
  labels: RichTextLabels;
  /** What is loaded of the extras (default none). */
  extras?: RichTextExtras;
}

/** `sanitizeRichText`'s answer. */
export interface SanitizedRichText {
  /** The sanitised HTML (TrustedHTML where the browser has Trusted Types). */
  html: TrustedHTML | string;
  /**
   * The extras this lesson needs and the call did not have: its `html` shows what needed them as
   * unrecognised (a link out, no colour). Empty when `html` is the lesson as it is meant to look.
   */
  missing: RichTextExtra[];
}

// --- Trusted Types ---------------------------------------------------------------------------

const passThrough = { createHTML: (s: string) => s, createScriptURL: (s: string) => s };
type HtmlPolicy = Pick<TrustedTypePolicy, 'name' | 'createHTML' | 'createScriptURL'>;
let htmlPolicy: HtmlPolicy | null | undefined;

/** DOMPurify's own policy (created once; pass-through because only DOMPurify calls it). */
function domPurifyPolicy(): HtmlPolicy | null {
  if (htmlPolicy === undefined) {
    const tt = factory();
    htmlPolicy = tt ? tt.createPolicy(TRUSTED_TYPES_POLICY.html, passThrough) : null;
  }
  return htmlPolicy;
}

// --- The configuration -----------------------------------------------------------------------

/**
 * What DOMPurify keeps: its HTML and MathML allow-lists (formatting, lists, links, images, media,
 * tables, figure, details, MathML), minus what a lesson never needs. Attributes the hooks replace
 * (`style`, `class`, presentational colours, `target`, `tabindex`) and the ones that load or point
 * somewhere the hooks do not check (`srcset`, `poster`, `background`, `cite`, `xlink:href`) are
 * forbidden: a teacher's value never survives, only the hooks' own (`uponSanitizeAttribute`).
 * `data-*` is refused so that teacher HTML cannot forge the `data-rt-*` attributes the view reads;
 * ids and names get the `user-content-` prefix so that they cannot clobber the app's own.
 */
const CONFIG = {
  USE_PROFILES: { html: true, mathMl: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'select',
    'option',
    'optgroup',
    'textarea',
    'datalist',
    'output',
    'iframe',
    'object',
    'embed',
    'dialog',
    'template',
    'map',
    'area',
  ],
  FORBID_ATTR: [
    'style',
    'class',
    'color',
    'bgcolor',
    'background',
    'face',
    'size',
    'mathcolor',
    'mathbackground',
    'target',
    'tabindex',
    'srcset',
    'sizes',
    'poster',
    'autoplay',
    'crossorigin',
    'usemap',
    'ismap',
    'cite',
    'xlink:href',
    'nonce',
    'popover',
    'popovertarget',
    'popovertargetaction',
    'command',
    'commandfor',
  ],
  ALLOW_DATA_ATTR: false,
  SANITIZE_NAMED_PROPS: true,
} satisfies Config;

/** Prefix DOMPurify gives ids and names (`SANITIZE_NAMED_PROPS`); in-page links follow it. */
const NAMED_PROPS_PREFIX = 'user-content-';

let instance: Purifier | undefined;

/** The module's own DOMPurify instance: its hooks never reach the shared default instance. */
function purifier(): Purifier {
  instance ??= DOMPurify(typeof window === 'undefined' ? undefined : window);
  return instance;
}

// --- One call's state ------------------------------------------------------------------------

interface CallState {
  options: RichTextOptions;
  /** Attributes the hooks set (not the teacher): kept even where the configuration forbids them. */
  own: WeakMap<Element, Set<string>>;
  /** Elements whose attributes the hooks have rewritten, or created (DOMPurify may visit them twice). */
  done: WeakSet<Element>;
  /** Tables already wrapped in their scroll region. */
  wrapped: WeakSet<Element>;
  tables: number;
  codes: number;
  /** Extras the lesson needed that `options.extras` lacked. */
  missing: Set<RichTextExtra>;
}

/** Sets an attribute of the sanitiser's own (survives `FORBID_ATTR` and `ALLOW_DATA_ATTR: false`). */
function setOwn(state: CallState, el: Element, name: string, value: string): void {
  el.setAttribute(name, value);
  let names = state.own.get(el);
  if (!names) state.own.set(el, (names = new Set()));
  names.add(name);
}

/** A new element of the sanitiser's, in the document DOMPurify parsed into. */
function create(state: CallState, near: Node, tag: string, attrs: Record<string, string> = {}): HTMLElement {
  const el = near.ownerDocument!.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) setOwn(state, el, name, value);
  state.done.add(el);
  return el;
}

/** `<a href target=_blank rel="noopener noreferrer">text</a>` to a URL that passed `safeUrl`. */
function linkOut(state: CallState, near: Node, url: string, text: string): HTMLElement {
  const a = create(state, near, 'a', { target: '_blank' });
  a.setAttribute('href', url);
  a.setAttribute('rel', 'noopener noreferrer');
  a.textContent = text;
  return a;
}

/** Elements that only wrap what they contain (TinyMCE writes `<p><iframe></iframe></p>`). */
const WRAPPERS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'font',
  'center',
]);
/** Parents in which a block (`<p>`, `<div>`) may stand. */
const FLOW_PARENTS = new Set([
  'body',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'search',
  'address',
  'blockquote',
  'li',
  'dd',
  'td',
  'th',
  'caption',
  'figure',
  'figcaption',
  'details',
  'center',
]);

/** White space or a line break. */
const isFiller = (n: Node) =>
  (n.nodeType === 3 && /^\s*$/.test(n.textContent ?? '')) || (n.nodeType === 1 && (n as Element).localName === 'br');

/** Whether `child` is all that `parent` holds (besides white space and line breaks). */
const soleContent = (parent: Element, child: Node) =>
  Array.from(parent.childNodes).every((n) => n === child || isFiller(n));

/** The outermost wrapper around `node` that holds nothing else (or `node`). */
function outermost(node: Element): Element {
  let outer = node;
  while (
    outer.parentElement &&
    WRAPPERS.has(outer.parentElement.localName) &&
    soleContent(outer.parentElement, outer)
  ) {
    outer = outer.parentElement;
  }
  return outer;
}

/** Puts `replacement` where `node` is; a wrapper holding only `node` goes too. */
function replace(node: Element, outer: Element, replacement: Node): void {
  if (outer !== node) node.remove();
  outer.replaceWith(replacement);
}

/** Paragraphs a block placeholder splits in two rather than standing inside (invalid HTML). */
const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Whether an element holds nothing but white space and line breaks. */
const blank = (el: Element) => Array.from(el.childNodes).every(isFiller);

/**
 * Replaces `node` by a block (`.rt-embed`). Inside a paragraph, the paragraph is split around it:
 * 'Assista: <iframe> e responda' becomes `<p>Assista:</p><div …></div><p>e responda</p>`.
 */
function placeBlock(state: CallState, node: Element, block: Element): void {
  const outer = outermost(node);
  const paragraph = outer.parentElement;
  if (!paragraph || !PARAGRAPHS.has(paragraph.localName) || !paragraph.parentNode) {
    replace(node, outer, block);
    return;
  }
  if (outer !== node) node.remove();
  // The paragraph's own attributes were already sanitised (DOMPurify visits parents first).
  const attrs: Record<string, string> = {};
  for (const name of state.own.get(paragraph) ?? []) attrs[name] = paragraph.getAttribute(name) ?? '';
  const rest = create(state, paragraph, paragraph.localName, attrs);
  for (const name of ['dir', 'lang', 'align']) {
    const value = paragraph.getAttribute(name);
    if (value !== null) rest.setAttribute(name, value);
  }
  while (outer.nextSibling) rest.append(outer.nextSibling);
  outer.remove();
  paragraph.after(block);
  if (!blank(rest)) block.after(rest);
  if (blank(paragraph)) paragraph.remove();
}

/** Replaces `node` by a link out in a `.rt-link-out` paragraph (a `span` where no block may stand). */
function placeLinkOut(state: CallState, node: Element, url: string, text: string): void {
  const outer = outermost(node);
  const block = !outer.parentElement || FLOW_PARENTS.has(outer.parentElement.localName);
  const box = create(state, node, block ? 'p' : 'span', { class: 'rt-link-out' });
  box.append(linkOut(state, node, url, text));
  replace(node, outer, box);
}

/** A positive pixel length (`560`, `315px`), or null (`100%`, `auto`). */
function pixels(value: string | null): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value ?? '');
  const n = m ? Number(m[1]) : NaN;
  return n > 0 ? n : null;
}

// --- Elements --------------------------------------------------------------------------------

/**
 * The provider's recognition of `url` (a page on a provider's host), or null when the provider
 * does not embed it — or when the recognition is not loaded: then the lesson needs it (`missing`).
 */
function recognize(state: CallState, url: string): ProviderMatch | null {
  const { recognizeProvider } = state.options.extras ?? {};
  if (!recognizeProvider) {
    state.missing.add('providers');
    return null;
  }
  return recognizeProvider(url, state.options.sources);
}

/** An iframe: an allowed provider's placeholder, a link out, or nothing (not http(s)). */
function replaceFrame(state: CallState, frame: Element): void {
  const { origin, sources, labels } = state.options;
  const src = frame.getAttribute('src');
  const place = placeOfContentUrl(src, origin, sources);
  const match = place.kind === 'provider-page' ? recognize(state, place.url) : null;
  if (place.kind !== 'provider-page' || !match) {
    // A provider's page it does not embed is what the URL is without a provider.
    const target =
      place.kind === 'provider-page' ? placeOfContentUrl(src, origin, sources, { provider: false }) : place;
    if (target.kind === 'unsafe') {
      frame.remove();
      return;
    }
    placeLinkOut(
      state,
      frame,
      target.url,
      labels.openIn(target.kind === 'external' ? target.host : displayHost(target.url)),
    );
    return;
  }
  const width = pixels(frame.getAttribute('width'));
  const height = pixels(frame.getAttribute('height'));
  const own = width && height ? width / height : null;
  placeEmbed(
    state,
    frame,
    { url: place.url, match },
    frame.getAttribute('title') ?? '',
    own && own >= 0.2 && own <= 5 ? own : null,
  );
}

/**
 * A link to a provider's page standing alone in its paragraph — what editors make of a pasted
 * YouTube or Slides URL — becomes that provider's embed, like its iframe would. A link inside a
 * sentence stays a link.
 */
function embedProviderLink(state: CallState, link: Element): void {
  const { origin, sources } = state.options;
  const place = placeOfContentUrl(safeUrl(link.getAttribute('href'), origin, 'link'), origin, sources);
  if (place.kind !== 'provider-page') return;
  // Alone: its paragraph (or a div) holds nothing else but wrappers around it and line breaks.
  const outer = outermost(link);
  const block = outer === link ? link.parentElement : outer;
  const alone =
    block !== null &&
    (PARAGRAPHS.has(block.localName) || block.localName === 'div') &&
    (outer !== link || soleContent(block, link));
  if (!alone) return;
  const match = recognize(state, place.url);
  if (!match) return;
  const text = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
  // The link's words name the video unless they are just its address.
  placeEmbed(
    state,
    link,
    { url: place.url, match },
    /^(https?:)?\/\//i.test(text) || text.includes('www.') ? '' : text,
    null,
  );
}

/** Replaces `source` (an iframe, a lone link) by the `.rt-embed` placeholder of a provider's content. */
function placeEmbed(
  state: CallState,
  source: Element,
  target: { url: string; match: ProviderMatch },
  title: string,
  ratio: number | null,
): void {
  const { labels } = state.options;
  const { provider, embedUrl } = target.match;
  const name = title.replace(/\s+/g, ' ').trim().slice(0, 200);
  const placeholder = create(state, source, 'div', {
    class: 'rt-embed',
    'data-rt-embed-url': embedUrl,
    'data-rt-embed-provider': provider.id,
    'data-rt-embed-title': name || labels.embedTitle(provider.name),
    'data-rt-embed-ratio': String(Number((ratio ?? provider.ratio).toFixed(4))),
  });
  placeholder.append(linkOut(state, source, target.url, labels.openIn(displayHost(target.url))));
  placeBlock(state, source, placeholder);
}

/** An image: kept on the app's origin or a content host, else a link out, else its alt text. */
function checkImage(state: CallState, img: Element): void {
  const { origin, sources, labels } = state.options;
  const url = safeUrl(img.getAttribute('src'), origin, 'source');
  if (url && isContentFileUrl(url, origin, sources)) return;
  const alt = (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
  if (!url) {
    img.replaceWith(img.ownerDocument.createTextNode(alt));
    return;
  }
  const label = labels.openImageIn(displayHost(url));
  // Inside a link a second link cannot stand: the image's words stay, the outer link leads.
  if (img.parentElement?.closest('a')) img.replaceWith(img.ownerDocument.createTextNode(alt || label));
  else img.replaceWith(linkOut(state, img, url, alt ? `${label}: ${alt}` : label));
}

/** An audio or video element: kept when one of its sources is a content file, else a link out. */
function checkMedia(state: CallState, media: Element): void {
  const { origin, sources, labels } = state.options;
  const urls = [media, ...Array.from(media.children).filter((c) => c.localName === 'source')]
    .map((el) => safeUrl(el.getAttribute('src'), origin, 'source'))
    .filter((url): url is string => url !== null);
  if (urls.some((url) => isContentFileUrl(url, origin, sources))) return;
  const [other] = urls;
  if (other) placeLinkOut(state, media, other, labels.openIn(displayHost(other)));
  else media.remove();
}

/** A `source` or `track`: kept only for a content file (the media element links out otherwise). */
function checkSource(state: CallState, source: Element): void {
  const { origin, sources } = state.options;
  const url = safeUrl(source.getAttribute('src'), origin, 'source');
  if (!url || !isContentFileUrl(url, origin, sources)) source.remove();
}

/** Wraps a table in a focusable, labelled region that scrolls sideways on its own. */
function wrapTable(state: CallState, table: Element): void {
  if (state.wrapped.has(table)) return;
  state.wrapped.add(table);
  state.tables += 1;
  const region = create(state, table, 'div', { class: 'rt-scroll', tabindex: '0' });
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', `${state.options.labels.table} ${state.tables}`);
  table.replaceWith(region);
  region.append(table);
}

function onElement(state: CallState, node: Node, event: UponSanitizeElementHookEvent): void {
  if (node.nodeType !== 1 || !node.parentNode) return;
  const el = node as Element;
  if (state.done.has(el)) return;
  switch (event.tagName) {
    case 'iframe':
      return replaceFrame(state, el);
    case 'a':
      return embedProviderLink(state, el);
    case 'img':
      return checkImage(state, el);
    case 'audio':
    case 'video':
      return checkMedia(state, el);
    case 'source':
    case 'track':
      return checkSource(state, el);
    case 'table':
      return wrapTable(state, el);
    case 'annotation':
      // A formula's source (LaTeX…) that MathML never renders: not to be shown as text.
      el.remove();
      return;
  }
}

// --- Attributes ------------------------------------------------------------------------------

const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const TABLE_PARTS = new Set(['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);

/** Keywords that are never a colour to keep, with the colour names or without (`transparent`: no alpha). */
const NO_COLOUR = new Set(['transparent', 'currentcolor', 'inherit', 'initial', 'unset', 'revert', 'none']);

/**
 * A valid CSS colour as `#rrggbb[aa]`, or null (invalid, transparent, or anything but a colour).
 * With `state`, a word that may be a colour's name ('red') while the names are not loaded is noted
 * as `missing` (and is no colour in this call's output).
 */
function cssColor(value: string | null | undefined, state?: CallState): string | null {
  const text = (value ?? '').trim().toLowerCase();
  if (!text || /[^#a-z0-9(),.%\s/+-]/.test(text)) return null;
  const c = colord(text);
  if (c.isValid()) return c.alpha() > 0 ? c.toHex() : null;
  if (state && !state.options.extras?.colourNames && /^[a-z]+$/.test(text) && !NO_COLOUR.has(text))
    state.missing.add('colourNames');
  return null;
}

/** The meaning kept from an element's presentation: `rt-*` classes and colours. */
interface Presentation {
  align?: string;
  weight?: 'bold' | 'normal';
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string | null;
  bg?: string | null;
}

/** Reads a `style` attribute's declarations that keep a meaning; every other one is dropped. */
function readStyle(state: CallState, style: string, into: Presentation): void {
  const declarations = style.replace(/\/\*[\s\S]*?\*\//g, '').split(';');
  for (const declaration of declarations) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim()
      .toLowerCase();
    switch (property) {
      case 'text-align':
        if (ALIGN.has(value)) into.align = value;
        break;
      case 'font-weight': {
        const n = /^\d{3}$/.test(value) ? Number(value) : NaN;
        if (value === 'bold' || value === 'bolder' || n >= 700) into.weight = 'bold';
        else if (value === 'normal' || value === 'lighter' || n < 700) into.weight = 'normal';
        break;
      }
      case 'font-style':
        into.italic = value === 'italic' || value.startsWith('oblique');
        break;
      case 'text-decoration':
      case 'text-decoration-line': {
        const words = value.split(/\s+/);
        into.underline = words.includes('underline');
        into.strike = words.includes('line-through');
        break;
      }
      // A colour CSS would not accept leaves the one before it (as in CSS).
      case 'color':
        into.color = cssColor(value, state) ?? into.color;
        break;
      case 'background-color':
      case 'background':
        into.bg = cssColor(value, state) ?? into.bg;
        break;
    }
  }
}

/** `href` of a link: kept when `safeUrl` allows it (absolute), else removed; other sites open apart. */
function checkLink(state: CallState, a: Element): void {
  const raw = a.getAttribute('href');
  a.removeAttribute('rel');
  if (raw === null) return;
  const fragment = /^\s*#([\w.:-]+)\s*$/.exec(raw);
  if (fragment) {
    // An in-page link follows its target's id, which DOMPurify prefixes.
    const id = fragment[1]!;
    a.setAttribute('href', `#${id.startsWith(NAMED_PROPS_PREFIX) ? id : NAMED_PROPS_PREFIX + id}`);
    return;
  }
  const url = safeUrl(raw, state.options.origin, 'link');
  if (!url) {
    a.removeAttribute('href');
    return;
  }
  a.setAttribute('href', url);
  const parsed = new URL(url);
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin !== state.options.origin) {
    setOwn(state, a, 'target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
}

/** `src` of a kept image, media, source or track as its absolute URL. */
function normaliseSource(state: CallState, el: Element): void {
  const { origin, sources } = state.options;
  const url = safeUrl(el.getAttribute('src'), origin, 'source');
  if (url && isContentFileUrl(url, origin, sources)) el.setAttribute('src', url);
  else el.removeAttribute('src');
}

/** Keeps `width`/`height` only as plain pixel numbers (the image's ratio before it loads). */
function keepDimensions(el: Element): void {
  for (const name of ['width', 'height']) {
    const value = el.getAttribute(name);
    if (value !== null && !/^\d{1,5}$/.test(value.trim())) el.removeAttribute(name);
  }
}

function onAttributes(state: CallState, el: Element): void {
  // DOMPurify calls the attribute hooks for every node it keeps, text included.
  if (el.nodeType !== 1 || !el.parentNode || state.done.has(el)) return;
  state.done.add(el);
  const tag = el.localName;
  const look: Presentation = {};
  // Presentational attributes first; the style attribute wins, as in CSS.
  look.color = cssColor(el.getAttribute('color') ?? el.getAttribute('mathcolor'), state);
  look.bg = cssColor(el.getAttribute('bgcolor') ?? el.getAttribute('mathbackground'), state);
  readStyle(state, el.getAttribute(DEFERRED_STYLE) ?? el.getAttribute('style') ?? '', look);
  el.removeAttribute(DEFERRED_STYLE);
  el.removeAttribute('style');

  const classes: string[] = [];
  if (look.align) classes.push(`rt-align-${look.align}`);
  if (look.weight === 'bold') classes.push('rt-bold');
  // Google Docs wraps a whole paste in `<b style="font-weight:normal">`.
  if (look.weight === 'normal' && (tag === 'b' || tag === 'strong')) classes.push('rt-weight-normal');
  if (look.italic) classes.push('rt-italic');
  if (look.underline) classes.push('rt-underline');
  if (look.strike) classes.push('rt-strike');

  if (tag === 'a') checkLink(state, el);
  else if (el.hasAttribute('href')) el.removeAttribute('href'); // MathML links: not checked, not kept

  switch (tag) {
    case 'img':
      normaliseSource(state, el);
      keepDimensions(el);
      el.setAttribute('loading', 'lazy');
      el.setAttribute('decoding', 'async');
      break;
    case 'audio':
    case 'video':
      if (el.hasAttribute('src')) normaliseSource(state, el);
      if (tag === 'video') keepDimensions(el);
      el.setAttribute('controls', '');
      el.setAttribute('preload', 'none');
      break;
    case 'source':
    case 'track':
      normaliseSource(state, el);
      break;
    case 'pre':
      state.codes += 1;
      classes.push('rt-scroll');
      setOwn(state, el, 'tabindex', '0');
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', `${state.options.labels.code} ${state.codes}`);
      break;
    default:
      if (TABLE_PARTS.has(tag)) {
        el.removeAttribute('width');
        el.removeAttribute('height');
      }
  }

  if (look.color) setOwn(state, el, 'data-rt-color', look.color);
  if (look.bg) setOwn(state, el, 'data-rt-bg', look.bg);
  if (classes.length > 0) setOwn(state, el, 'class', classes.join(' '));
  else el.removeAttribute('class');
}

function onAttribute(state: CallState, el: Element, event: UponSanitizeAttributeHookEvent): void {
  if (state.own.get(el)?.has(event.attrName)) event.forceKeepAttr = true;
}

function afterAttributes(el: Element): void {
  // A link whose address DOMPurify refused is no link: it opens nothing.
  if (el.nodeType === 1 && el.localName === 'a' && !el.hasAttribute('href')) {
    el.removeAttribute('target');
    el.removeAttribute('rel');
  }
}

// --- The sanitiser ---------------------------------------------------------------------------

/** Where a start tag's `style` attribute waits for the sanitiser (read, then removed). */
const DEFERRED_STYLE = 'data-rt-style';

/**
 * The HTML with its start tags' `style` and `on…` attributes renamed to inert `data-rt-…` ones,
 * before any parser sees them. Chromium checks inline styles and handlers against the page's CSP
 * while parsing, even into DOMPurify's inert document: nothing is applied, but a
 * `securitypolicyviolation` is reported for each teacher's `style` (cure53/DOMPurify#900). Renamed,
 * the style's meaning is still read (`DEFERRED_STYLE`) and the handlers are dropped with every
 * other `data-` attribute. A tag this does not recognise (an attribute value holding `>`) keeps its
 * attributes: DOMPurify removes them as before, only the false report remains.
 */
export function deferInlineAttributes(html: string): string {
  return html.replace(/<[a-zA-Z][^<>]*>/g, (tag) =>
    tag.replace(/(\s)(style|on[a-z]+)(\s*=)/gi, (_m, space: string, name: string, eq: string) =>
      name.toLowerCase() === 'style' ? `${space}${DEFERRED_STYLE}${eq}` : `${space}data-rt-removed-${name}${eq}`,
    ),
  );
}

/**
 * Sanitises a text lesson's HTML for `dangerouslySetInnerHTML` / `innerHTML`.
 *
 * Keeps formatting, lists, links, tables, images and media of the content hosts, MathML,
 * `figure`/`figcaption` and `details`/`summary`. Removes scripts, event handlers, `style`
 * elements, forms and their controls, `object`/`embed`, `srcset`, teacher `class`/`data-*`/
 * `tabindex`/`target`, and every URL that `safeUrl` refuses. Rewrites:
 * - an iframe of an allowed provider → `<div class="rt-embed" data-rt-embed-url data-rt-embed-provider
 *   data-rt-embed-title data-rt-embed-ratio>` holding a fallback link 'Abrir em <host>'; any other
 *   http(s) iframe → `<p class="rt-link-out">` with that link (a `span` inside a paragraph); any
 *   other iframe → nothing;
 * - an image (audio, video) of another host → a link out; of a bad scheme → its alt text;
 *   kept images load lazily (`loading="lazy"`, `decoding="async"`), kept media `preload="none"`;
 * - links → absolute `href` (http, https, mailto, tel), other sites in a new tab with
 *   `rel="noopener noreferrer"`; a refused `href` is removed (the text stays);
 * - tables → wrapped in `<div class="rt-scroll" role="region" tabindex="0" aria-label="Tabela N">`
 *   (their widths removed); `pre` → the same attributes on itself ('Código N');
 * - `style` → `rt-align-*`, `rt-bold`, `rt-weight-normal` (on `b`/`strong`), `rt-italic`,
 *   `rt-underline`, `rt-strike` classes and `data-rt-color`/`data-rt-bg` (`#rrggbb`, valid colours
 *   only), which `applyRichTextColors` applies.
 *
 * What needs an extra the call lacks (`options.extras`) is left as if unrecognised — a provider's
 * frame as a link out, a lone link as a link, a colour word as no colour — and named in `missing`.
 *
 * @param html the server's HTML (untrusted).
 * @param options the app's origin, the brand's content sources, the texts to write, the extras loaded.
 * @returns `html`: TrustedHTML from the `dompurify` policy where the browser has Trusted Types, else
 *   the sanitised string; `''` where no DOM exists to sanitise with (fails closed). `missing`: the
 *   extras the lesson needs that the call did not have.
 */
export function sanitizeRichText(html: string, options: RichTextOptions): SanitizedRichText {
  const purify = purifier();
  if (!purify.isSupported) return { html: '', missing: [] };
  const state: CallState = {
    options,
    own: new WeakMap(),
    done: new WeakSet(),
    wrapped: new WeakSet(),
    tables: 0,
    codes: 0,
    missing: new Set(),
  };
  purify.addHook('uponSanitizeElement', (node, event) => onElement(state, node, event));
  purify.addHook('beforeSanitizeAttributes', (el) => onAttributes(state, el));
  purify.addHook('uponSanitizeAttribute', (el, event) => onAttribute(state, el, event));
  purify.addHook('afterSanitizeAttributes', afterAttributes);
  try {
    const policy = domPurifyPolicy();
    const out = policy
      ? purify.sanitize(deferInlineAttributes(html), {
          ...CONFIG,
          RETURN_TRUSTED_TYPE: true,
          TRUSTED_TYPES_POLICY: policy as unknown as TrustedTypePolicy,
        })
      : purify.sanitize(deferInlineAttributes(html), CONFIG);
    return { html: out, missing: [...state.missing] };
  } finally {
    purify.removeAllHooks();
  }
}

// --- Colours ---------------------------------------------------------------------------------

/** WCAG 2 AA contrast for body text. */
const MIN_CONTRAST = 4.5;
const WHITE = colord('#ffffff');
const BLACK = colord('#000000');

/** `fg` painted over the opaque `bg` (a translucent colour's real look). */
function over(fg: Colord, bg: Colord): Colord {
  const a = fg.alpha();
  if (a >= 1) return fg;
  const f = fg.toRgb();
  const b = bg.toRgb();
  const mix = (x: number, y: number) => Math.round(x * a + y * (1 - a));
  return colord({ r: mix(f.r, b.r), g: mix(f.g, b.g), b: mix(f.b, b.b) });
}

const readable = (text: Colord, background: Colord) => over(text, background).contrast(background) >= MIN_CONTRAST;

/** A computed colour, or null when the browser gives none that parses. */
function computed(value: string | null | undefined): Colord | null {
  const c = colord((value ?? '').trim());
  return c.isValid() ? c : null;
}

/** The background the lesson sits on: `root`'s, or its nearest painted ancestor's (white if none). */
function backgroundOf(root: HTMLElement): Colord {
  const view = root.ownerDocument.defaultView;
  for (let el: Element | null = root; el && view; el = el.parentElement) {
    const c = computed(view.getComputedStyle(el).backgroundColor);
    if (c && c.alpha() > 0) return over(c, WHITE);
  }
  return WHITE;
}

/**
 * Applies the teacher's colours (`data-rt-color`, `data-rt-bg` of `sanitizeRichText`) inside `root`
 * through the CSSOM (`el.style.setProperty`, allowed by `style-src 'self'`), only where the text
 * stays readable: a colour is applied when it keeps WCAG AA contrast (4.5:1) on the background it
 * ends up on (its own applied `data-rt-bg`, else the nearest applied one around it, else `root`'s
 * computed background); a background when the text on it (its own colour, else the colour around
 * it, else `root`'s computed colour) keeps 4.5:1. Whatever would fail is left to the theme, so a
 * lesson stays readable in dark mode. Idempotent: call it again after the theme changes.
 * @param root the element the sanitised HTML was rendered into (`.lo-text`).
 */
export function applyRichTextColors(root: HTMLElement): void {
  const elements = Array.from(
    root.querySelectorAll<Element & ElementCSSInlineStyle>('[data-rt-color], [data-rt-bg]'),
  ).filter(
    (el) => el.style !== undefined, // MathML elements have no CSSOM where the browser has no MathML
  );
  // Most lessons have no colour: no computed style is asked for (it would force a style
  // recalculation before the lesson's first paint).
  if (elements.length === 0) return;
  const view = root.ownerDocument.defaultView;
  const rootBg = backgroundOf(root);
  const rootText = computed(view?.getComputedStyle(root).color) ?? (rootBg.isDark() ? WHITE : BLACK);
  for (const el of elements) {
    el.style.removeProperty('color');
    el.style.removeProperty('background-color');
  }
  const applied = new Map<Element, { color?: Colord; bg?: Colord }>();
  /** The applied colour and background around `el` (its nearest ancestors' within root). */
  const around = (el: Element) => {
    let color: Colord | undefined;
    let bg: Colord | undefined;
    for (let p = el.parentElement; p && p !== root && !(color && bg); p = p.parentElement) {
      const a = applied.get(p);
      color ??= a?.color;
      bg ??= a?.bg;
    }
    return { color: color ?? rootText, bg: bg ?? rootBg };
  };
  for (const el of elements) {
    const ownColor = computed(cssColor(el.getAttribute('data-rt-color')));
    const ownBg = computed(cssColor(el.getAttribute('data-rt-bg')));
    const context = around(el);
    const result: { color?: Colord; bg?: Colord } = {};
    let background = context.bg;
    if (ownBg) {
      const candidate = over(ownBg, context.bg);
      const text = ownColor && readable(ownColor, candidate) ? ownColor : context.color;
      if (readable(text, candidate)) {
        el.style.setProperty('background-color', ownBg.toHex());
        background = result.bg = candidate;
      }
    }
    if (ownColor && readable(ownColor, background)) {
      el.style.setProperty('color', ownColor.toHex());
      result.color = over(ownColor, background);
    }
    if (result.color || result.bg) applied.set(el, result);
  }
}
