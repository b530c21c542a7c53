/**
 * Other areas hear of a new subdomain here (the DNS area serves its name). One list per
 * webhosting module: registry.ts registers the listeners (see webhosting.exports.ts). A listener
 * that fails is logged: the subdomain is made and served either way.
 */
export type SubdomainAdded = (domain: { id: number; name: string }, name: string) => Promise<void>;

export function createSubdomainEvents(log: (obj: object, msg: string) => void) {
  const listeners: SubdomainAdded[] = [];
  return {
    register(listener: SubdomainAdded): void {
      listeners.push(listener);
    },
    async added(domain: { id: number; name: string }, name: string): Promise<void> {
      for (const listener of listeners)
        await listener(domain, name).catch((err: unknown) =>
          log(
            { err, domain: domain.name, subdomain: name },
            'webhosting: a subdomain listener failed',
          ),
        );
    },
  };
}
export type SubdomainEvents = ReturnType<typeof createSubdomainEvents>;
