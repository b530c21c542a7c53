/**
 * Other areas (web apps) tell this area which subdomains they use, so a subdomain with a linked
 * web app is not deleted. Keyed by the core object: one registry per running app.
 */
export type LinkCounter = (domainId: number, subdomain: string) => Promise<number>;

const registries = new WeakMap<object, LinkCounter[]>();

export function subdomainLinks(core: object) {
  let counters = registries.get(core);
  if (!counters) {
    counters = [];
    registries.set(core, counters);
  }
  const list = counters;
  return {
    register(counter: LinkCounter): void {
      list.push(counter);
    },
    async count(domainId: number, subdomain: string): Promise<number> {
      let n = 0;
      for (const c of list) n += await c(domainId, subdomain);
      return n;
    },
  };
}
export type SubdomainLinks = ReturnType<typeof subdomainLinks>;
