/**
 * Other areas hear of a new subdomain here (the DNS area serves its name), and of a deleted one
 * (what it brought along goes: its DNS record, its logs). One list per webhosting module:
 * registry.ts registers the listeners (see webhosting.exports.ts). A listener that fails is
 * logged: the subdomain is made (or deleted) either way.
 */
export type SubdomainAdded = (domain: { id: number; name: string }, name: string) => Promise<void>;
export type SubdomainRemoved = SubdomainAdded;

export function createSubdomainEvents(log: (obj: object, msg: string) => void) {
  const listeners: SubdomainAdded[] = [];
  const removedListeners: SubdomainRemoved[] = [];
  const tell = async (
    to: readonly SubdomainAdded[],
    domain: { id: number; name: string },
    name: string,
  ) => {
    for (const listener of to)
      await listener(domain, name).catch((err: unknown) =>
        log(
          { err, domain: domain.name, subdomain: name },
          'webhosting: a subdomain listener failed',
        ),
      );
  };
  return {
    register(listener: SubdomainAdded): void {
      listeners.push(listener);
    },
    registerRemoved(listener: SubdomainRemoved): void {
      removedListeners.push(listener);
    },
    added: (domain: { id: number; name: string }, name: string) => tell(listeners, domain, name),
    removed: (domain: { id: number; name: string }, name: string) =>
      tell(removedListeners, domain, name),
  };
}
export type SubdomainEvents = ReturnType<typeof createSubdomainEvents>;
