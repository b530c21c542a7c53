/**
 * Other areas (web apps) tell this area which subdomains they use, so a subdomain with a linked
 * web app is not deleted. One list per webhosting module: registry.ts hands its `register` to
 * the areas that link (see webhosting.exports.ts).
 */
export type LinkCounter = (domainId: number, subdomain: string) => Promise<number>;

export function createSubdomainLinks() {
  const counters: LinkCounter[] = [];
  return {
    register(counter: LinkCounter): void {
      counters.push(counter);
    },
    async count(domainId: number, subdomain: string): Promise<number> {
      let n = 0;
      for (const c of counters) n += await c(domainId, subdomain);
      return n;
    },
  };
}
export type SubdomainLinks = ReturnType<typeof createSubdomainLinks>;
