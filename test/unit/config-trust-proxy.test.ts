import { describe, expect, it } from 'vitest';
import { ConfigError, createConfig, TRUST_PROXY_FOR_TRUE } from '../../src/config';
import { trustProxyOption } from '../../src/http/server';

// Which proxies the server believes about a client's address: never every hop, whatever the setting says.
describe('HTTP_TRUST_PROXY', () => {
  const trust = (v?: string) => createConfig(v === undefined ? {} : { HTTP_TRUST_PROXY: v }).HTTP_TRUST_PROXY;

  it('is off by default and with false or 0', () => {
    for (const v of [undefined, 'false', '0']) expect(trust(v)).toEqual({ trust: false, fromTrue: false });
  });

  it('takes a hop count or a list of proxy addresses, CIDRs and range names', () => {
    expect(trust('1')).toEqual({ trust: 1, fromTrue: false });
    expect(trust('2')).toEqual({ trust: 2, fromTrue: false });
    expect(trust('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual({
      trust: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
      fromTrue: false,
    });
  });

  it('takes the old true as this machine or the private network, and says so', () => {
    expect(trust('true')).toEqual({ trust: TRUST_PROXY_FOR_TRUE, fromTrue: true });
    expect(TRUST_PROXY_FOR_TRUE).toEqual(['loopback', 'uniquelocal']);
  });

  it.each(['11', '-1', 'yes', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/8', 'example.com', '10.0.0.1,'])(
    'refuses %s with the variable named',
    (v) => {
      expect(() => trust(v)).toThrow(ConfigError);
      expect(() => trust(v)).toThrow(/HTTP_TRUST_PROXY must be false, the number of proxies/);
    },
  );

  it('believes a hop count as that many proxies nearest to the server, never the entries before them', () => {
    const f = trustProxyOption(2) as (a: string, i: number) => boolean;
    expect([0, 1, 2, 3].map((i) => f('198.51.100.1', i))).toEqual([true, true, false, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['loopback'])).toEqual(['loopback']);
  });
});
