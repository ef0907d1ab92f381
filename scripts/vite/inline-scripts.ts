/**
 * The inline scripts of an HTML document as the browser sees them (parse5, the HTML standard's
 * parsing algorithm), so that the build's Content-Security-Policy lists the hash of every inline
 * script its index.html actually carries (vite.config.ts `securityHeaders`), whatever plugin
 * put it there (docs/architecture.md §D5: no 'unsafe-inline').
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { scriptHash } from '../../server/security-headers.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** JavaScript MIME types (HTML standard, "JavaScript MIME type essence match"). */
const JS_TYPES = new Set(
  [
    'application/ecmascript',
    'application/javascript',
    'application/x-ecmascript',
    'application/x-javascript',
    'text/ecmascript',
    'text/javascript',
    'text/javascript1.0',
    'text/javascript1.1',
    'text/javascript1.2',
    'text/javascript1.3',
    'text/javascript1.4',
    'text/javascript1.5',
    'text/jscript',
    'text/livescript',
    'text/x-ecmascript',
    'text/x-javascript',
  ].map((t) => t.toLowerCase()),
);

/**
 * Whether a `<script type>` makes the browser run (or parse as script under the CSP) the
 * element's text: no type, a JavaScript MIME type, `module`, `importmap`, `speculationrules`.
 * Any other type (e.g. `application/json`) is a data block, which the CSP does not govern.
 */
export function isExecutableType(type: string | undefined): boolean {
  if (type === undefined) return true;
  const t = type.trim().toLowerCase();
  return t === '' || JS_TYPES.has(t) || t === 'module' || t === 'importmap' || t === 'speculationrules';
}

/**
 * The text of every inline script of `html` that the browser would execute (no `src`, an
 * executable type), in document order.
 */
export function inlineScriptsOf(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node && node.tagName === 'script') {
      const element = node as Element;
      const attr = (name: string) => element.attrs.find((a) => a.name === name)?.value;
      if (attr('src') === undefined && isExecutableType(attr('type'))) {
        found.push(element.childNodes.map((child) => ('value' in child ? child.value : '')).join(''));
      }
    }
    const children = 'content' in node ? [node.content] : [];
    for (const child of [...children, ...('childNodes' in node ? node.childNodes : [])]) visit(child);
  };
  visit(parse(html));
  return found;
}

/** The CSP hash sources (`'sha256-…'`) of the inline scripts of `html`, without duplicates. */
export function inlineScriptHashesOf(html: string): string[] {
  return [...new Set(inlineScriptsOf(html).map(scriptHash))];
}
