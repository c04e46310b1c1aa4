/*
 * Who is asking, as the limits count it (login throttle, enquiry limit): one IPv4 address, or
 * one IPv6 /64. A single connection is handed a whole /64 and may use any address in it, so
 * counting IPv6 addresses one by one would give every connection an endless supply of them.
 */

/** Cloudflare puts the visitor's address in this header; locally it is absent. */
const ADDRESS_HEADER = "CF-Connecting-IP";

const HEXTET = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address in text form, or null if it is none. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase().split("%")[0];
  // An IPv4 tail (::ffff:192.0.2.1) is two groups.
  const ipv4Tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (ipv4Tail) {
    const bytes = ipv4Tail.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    address = `${address.slice(0, ipv4Tail.index)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parts = (half: string) => (half === "" ? [] : half.split(":"));
  const head = parts(halves[0]);
  const tail = halves.length === 2 ? parts(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => HEXTET.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The sender as the limits count it: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address as its /64 (`2001:db8:1:2::/64`), "local" without
 * the header (wrangler dev, tests).
 */
export function clientAddress(request: Request): string {
  const address = request.headers.get(ADDRESS_HEADER)?.trim();
  if (!address) return "local";
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
