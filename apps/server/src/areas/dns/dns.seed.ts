import type { DomainRef } from '../../model/principal.ts';
import type { DnsService } from './dns.service.ts';

/** A lived-in zone for the demo domain: the records a small business really has. */
export async function seedDnsDemo(svc: DnsService, domain: DomainRef): Promise<void> {
  await svc.create(domain, { record: 'A', host: 'kassa', ttl: 899, value: '192.0.2.15' });
  await svc.create(domain, {
    record: 'CNAME',
    host: 'webshop',
    ttl: 899,
    value: `www.${domain.name}`,
  });
  // Mail keeps the domain's DMARC policy (a second one is refused): a site verification instead.
  await svc.create(domain, {
    record: 'TXT',
    host: '',
    ttl: 899,
    value: 'google-site-verification=haven-demo-4f2c9a',
  });
  await svc.create(domain, {
    record: 'CAA',
    host: '',
    ttl: 899,
    flags: 0,
    tag: 'issue',
    value: 'letsencrypt.org',
  });
  await svc.create(domain, {
    record: 'SRV',
    host: '',
    ttl: 899,
    service: 'autodiscover',
    protocol: 'tcp',
    priority: 10,
    weight: 0,
    port: 443,
    target: `www.${domain.name}`,
  });
}
