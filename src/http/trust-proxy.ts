import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

type TrustSetting = boolean | number | string;

/** TRUST_PROXY as Fastify takes it: a number of proxy hops becomes "trust the nearest N addresses". */
export function trustProxyOption(
  setting: TrustSetting,
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The caller's address as Fastify's `request.ip` works it out under the same TRUST_PROXY. */
export function clientAddress(setting: TrustSetting): (req: IncomingMessage) => string {
  const option = trustProxyOption(setting);
  if (option === false) return (req) => req.socket.remoteAddress ?? '';
  const trust =
    typeof option === 'function'
      ? option
      : option === true
        ? () => true
        : proxyAddr.compile(option.split(',').map((value) => value.trim()));
  return (req) => proxyAddr(req, trust);
}

/**
 * Whether a socket's own address is a proxy trusted to forward its clients' addresses: it carries
 * many clients' connections and requests. With TRUST_PROXY=true (or a hop count) the nearest address
 * is always one.
 */
export function isTrustedProxy(setting: TrustSetting): (address: string) => boolean {
  const option = trustProxyOption(setting);
  if (option === false) return () => false;
  if (option === true) return () => true;
  if (typeof option === 'function') return (address) => option(address, 0);
  const trust = proxyAddr.compile(option.split(',').map((value) => value.trim()));
  return (address) => trust(address, 0);
}
