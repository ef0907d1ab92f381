/**
 * The client's address behind trusted proxies (docs/scaling.md "Trusted proxies and device
 * cookies"), with the semantics of `proxy-addr` (Express's `trust proxy`): the addresses of a
 * request are the TCP peer followed by the `X-Forwarded-For` entries from right to left; walking
 * them in that order, each address that is a trusted proxy is skipped, and the client is the
 * first one that is not — the rightmost untrusted address. Entries left of it were written by the
 * client itself and are never believed.
 *
 * `TRUST_PROXY` (env, read per request) says which hops are trusted:
 *   unset, '', '0', 'false'  none: the client is the TCP peer and `X-Forwarded-For` is ignored;
 *   a hop count n ≥ 1        the n nearest hops (the peer and the n-1 rightmost entries): `1` =
 *                            one reverse proxy in front, the client is the LAST entry;
 *   a comma list             addresses and CIDR ranges of the proxies, and the names
 *                            `loopback`, `linklocal`, `uniquelocal` (e.g. `loopback, 10.0.0.0/8`).
 * Any other value (`true` among them: it would trust what the client writes) trusts nothing and
 * is reported once on stderr and in the start banner.
 *
 * Addresses are bucketed for the rate limits (server/rate-limit.ts): IPv4-mapped IPv6 as IPv4,
 * and an IPv6 address by its /64 prefix (one subscriber's network; a client picks any address
 * inside it).
 */
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyAddr from 'proxy-addr';

/** Whether the `i`-th address of a request (0 = TCP peer, 1 = rightmost entry…) is a trusted proxy. */
export type TrustFn = (address: string, i: number) => boolean;

/** The parsed `TRUST_PROXY`: what it trusts, its description, and an error for an invalid value. */
export interface TrustedProxies {
  trust: TrustFn | null;
  description: string;
  error: string | null;
}

/** Largest hop count accepted. */
const MAX_HOPS = 32;

const parsed = new Map<string, TrustedProxies>();
const reported = new Set<string>();

/**
 * Parses a `TRUST_PROXY` value (see the file header); results are cached per value.
 * @param raw the value (undefined = unset).
 * @returns `trust` null when no hop is trusted (unset, off or invalid), a description for the
 *   start banner, and `error` (English) when the value is invalid; never throws.
 */
export function trustedProxies(raw: string | undefined): TrustedProxies {
  const value = (raw ?? '').trim();
  const cached = parsed.get(value);
  if (cached) return cached;
  let result: TrustedProxies;
  if (value === '' || value === '0' || value.toLowerCase() === 'false') {
    result = { trust: null, description: 'the TCP peer (TRUST_PROXY off)', error: null };
  } else if (/^\d+$/.test(value)) {
    const hops = Number(value);
    result =
      hops <= MAX_HOPS
        ? {
            trust: (_address, i) => i < hops,
            description: `X-Forwarded-For behind ${hops} trusted hop(s): the ${hops === 1 ? 'last entry' : `entry ${hops} from the right`}`,
            error: null,
          }
        : invalid(value, `a hop count is at most ${MAX_HOPS}`);
  } else if (value.toLowerCase() === 'true') {
    result = invalid(value, 'it would trust every address the client writes; give a hop count or the proxies');
  } else {
    const list = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    try {
      result = {
        trust: proxyAddr.compile(list),
        description: `the rightmost X-Forwarded-For address not in ${list.join(', ')}`,
        error: null,
      };
    } catch (error) {
      result = invalid(value, (error as Error).message);
    }
  }
  parsed.set(value, result);
  return result;
}

const invalid = (value: string, why: string): TrustedProxies => ({
  trust: null,
  description: `the TCP peer (TRUST_PROXY="${value}" is invalid and ignored)`,
  error: `TRUST_PROXY="${value}" is invalid (${why}); X-Forwarded-For is ignored`,
});

/** The parsed `TRUST_PROXY` of `env`, reporting an invalid value on stderr once. */
function currentTrust(env: NodeJS.ProcessEnv): TrustFn | null {
  const proxies = trustedProxies(env.TRUST_PROXY);
  if (proxies.error && !reported.has(proxies.error)) {
    reported.add(proxies.error);
    console.error(`[server] ${proxies.error}`);
  }
  return proxies.trust;
}

/** The TCP peer's address, or undefined when there is none (e.g. `app.request` in tests). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The addresses of a request as `proxy-addr` reads them from a Node request. */
const asNodeRequest = (c: Context, peer: string | undefined) =>
  ({
    headers: { 'x-forwarded-for': c.req.header('x-forwarded-for') ?? '' },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

/**
 * The client's address as the rate limits count it (see the file header).
 * @param c the request's context.
 * @param env the environment to read `TRUST_PROXY` from (default `process.env`).
 * @returns an IPv4 address, an IPv6 /64 prefix (`2001:db8:1:2::/64`), another string a proxy
 *   wrote (at most 64 characters), or 'unknown' when there is no address at all.
 */
export function clientAddress(c: Context, env: NodeJS.ProcessEnv = process.env): string {
  const peer = peerAddress(c);
  const trust = currentTrust(env);
  const address = trust ? proxyAddr(asNodeRequest(c, peer), trust) : peer;
  return bucketOf(address);
}

/**
 * Whether the client's request is HTTPS: the server's own URL, or `X-Forwarded-Proto: https`
 * (its first value) when the TCP peer is a trusted proxy.
 * @param c the request's context.
 * @param env the environment to read `TRUST_PROXY` from (default `process.env`).
 */
export function requestIsHttps(c: Context, env: NodeJS.ProcessEnv = process.env): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const trust = currentTrust(env);
  const peer = peerAddress(c);
  if (!trust || !trust(peer ?? '', 0)) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The rate-limit bucket of an address (see the file header). */
function bucketOf(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return address.slice(0, 64);
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const bare = address.replace(/%.*$/, '');
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups.
  const withHex = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head = '', tail] = withHex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...missing, ...right].map((group) => parseInt(group, 16).toString(16));
}
