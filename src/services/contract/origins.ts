/**
 * Matching an origin or a host name against the content sources' patterns (content-sources.ts):
 * exact origins, a `:*` port wildcard, a `*.vendor.com` tenant wildcard. Its own tiny module so
 * that what checks a file's origin (services/pwa/downloads-cache.ts, loaded on every page) does
 * not bring the providers' table with it.
 */

/**
 * Whether `origin` (`https://cdn.x.com`, `http://conteudo.localhost:4173`) is allowed by `pattern`
 * (an origin, a `:*` port wildcard, or a `https://*.vendor.com` tenant wildcard).
 */
export function originMatches(pattern: string, origin: string): boolean {
  const normal = origin.toLowerCase();
  if (pattern === normal) return true;
  const m = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d+|\*))?$/.exec(pattern);
  const o = /^(https?):\/\/([a-z0-9.-]+)(?::(\d+))?$/.exec(normal);
  if (!m || !o) return false;
  const [, scheme, star, host, port] = m;
  const [, oScheme, oHost, oPort] = o;
  if (scheme !== oScheme) return false;
  const hostOk = star ? oHost!.endsWith(`.${host}`) : oHost === host;
  const portOk = port === '*' || (port ?? '') === (oPort ?? '');
  return hostOk && portOk;
}

/** Whether an http(s) host name is one of `hosts` (exact, or `*.vendor.com` for its subdomains). */
export function hostMatches(hosts: readonly string[], hostname: string): boolean {
  const name = hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith('*.') ? name.endsWith(h.slice(1)) : name === h));
}
