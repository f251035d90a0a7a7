/**
 * The address ranges Fastly's servers connect from: Firebase Hosting's CDN, so the hop that hands a Hosting visitor's
 * request to Google's front end. Source: Fastly's public list, https://api.fastly.com/public-ip-list (its `addresses`
 * and `ipv6_addresses`, as published in December 2024). When Fastly publishes a new range, add it to `TRUSTED_PROXIES`
 * (config/trusted-proxies.ts) until this list is updated.
 */
export const FASTLY_ADDRESS_RANGES: readonly string[] = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
];
