import net from 'node:net';
import { z } from 'zod';

/**
 * Which `X-Forwarded-For` entries the API may believe: none, the last `n` hops (the proxies in front of
 * the API), or the proxies' own addresses. Never "all": then a client's made-up first entry would be its
 * address, and every per-IP limit could be dodged with a new one per request.
 */
export type TrustProxy = false | number | string[];

/** Named ranges proxy-addr (Fastify's resolver) understands. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

const MAX_HOPS = 10;

/** `TRUST_PROXY`: `false` (the default), a hop count, or a comma-separated list of addresses or CIDRs. */
export const trustProxySetting = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    const refuse = (message: string) => {
      ctx.issues.push({ code: 'custom', input: raw, message });
      return z.NEVER;
    };
    if (value === 'true') {
      return refuse(
        'no se admite true (se creería cualquier X-Forwarded-For y los límites por IP se esquivarían): ' +
          'indica cuántos proxies hay delante de la API (p. ej. 1) o sus direcciones (10.0.0.5,10.1.0.0/16)',
      );
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return hops <= MAX_HOPS ? hops : refuse(`como mucho ${MAX_HOPS} proxies`);
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      return refuse(
        `no son direcciones IP ni rangos CIDR: ${wrong.join(', ')} (escribe un número de proxies o sus direcciones separadas por comas)`,
      );
    }
    return entries;
  });

/** Loopback, link-local and private networks: where a proxy in front of the API connects from. */
const privateNetworks = new net.BlockList();
for (const [address, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const) {
  privateNetworks.addSubnet(address, prefix, type);
}

const isPrivateAddress = (address: string): boolean => {
  const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  return net.isIP(address) !== 0 && privateNetworks.check(address, type);
};

/**
 * The setting as Fastify's `trustProxy`. Fastify 5.12 ignores a bare hop count (it would trust whoever
 * connects, even a client reaching the API directly), so every client behind the proxy would share the
 * proxy's address and its budget. A hop count is therefore a function here: the last `n` hops are
 * believed, and the nearest one only when it connects from a loopback or private address (a proxy on the
 * same host or network); a client connecting from the internet is its own address, whatever it sends.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (address, hop) => hop < setting && (hop > 0 || isPrivateAddress(address));
}
