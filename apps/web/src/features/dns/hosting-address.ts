/**
 * Whether the hosting server's IPv4 address means something to a customer: one the internet can
 * reach. A loopback, private or link-local address (the local profile's 127.0.0.1) is the
 * operator's; the screen then says "our hosting server" without it. The documentation ranges
 * (192.0.2.0/24 …) stand for public addresses and are shown.
 */
export function isCustomerAddress(ipv4: string): boolean {
  const parts = ipv4.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    return false;
  const [a = 0, b = 0] = parts;
  return !(
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** The add form's help for a kind: a HOST record's names the server's address only if it is one. */
export function helpKey(record: string, ipv4: string): string {
  return record === 'HOST' && !isCustomerAddress(ipv4)
    ? 'type_help.HOST_plain'
    : `type_help.${record}`;
}
