import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.server";

const from = (address?: string) =>
  clientAddress(new Request("https://werkstatt.test/", { headers: address ? { "CF-Connecting-IP": address } : {} }));

describe("clientAddress", () => {
  it("counts an IPv4 address as it is, and 'local' without Cloudflare's header", () => {
    expect(from("198.51.100.7")).toBe("198.51.100.7");
    expect(from()).toBe("local");
  });

  it("counts every IPv6 address of one /64 as one sender, in any spelling", () => {
    const senders = ["2001:db8:1:2::1", "2001:db8:1:2::7", "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2:0:0:0:1"].map(from);
    expect(new Set(senders)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(from("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(from("::1")).toBe("0:0:0:0::/64");
    expect(from("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address it is", () => {
    expect(from("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(from("::ffff:c633:6407")).toBe("198.51.100.7");
  });

  it("keeps what is no address as it came, so it still counts as one sender", () => {
    expect(from("2001:db8::1::2")).toBe("2001:db8::1::2");
    expect(from("nonsense:value")).toBe("nonsense:value");
  });
});
