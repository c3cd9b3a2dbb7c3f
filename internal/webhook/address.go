package webhook

import (
	"errors"
	"fmt"
	"net/netip"
)

// ErrForbiddenAddress is what a delivery to an address webhooks must not
// reach fails with (errors.Is), at submission or at connect time.
var ErrForbiddenAddress = errors.New("webhooks may not reach this address")

// forbidden lists what webhooks must not reach unless the host is
// allow-listed: everything that is not a public unicast address.
var forbidden = []struct {
	prefix netip.Prefix
	what   string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "an unspecified (this-network) address"},
	{netip.MustParsePrefix("10.0.0.0/8"), "a private address"},
	{netip.MustParsePrefix("100.64.0.0/10"), "a shared (CGNAT) address"},
	{netip.MustParsePrefix("127.0.0.0/8"), "a loopback address"},
	{netip.MustParsePrefix("169.254.169.254/32"), "a cloud metadata address"},
	{netip.MustParsePrefix("169.254.0.0/16"), "a link-local address"},
	{netip.MustParsePrefix("172.16.0.0/12"), "a private address"},
	{netip.MustParsePrefix("192.0.0.0/24"), "an IETF protocol address"},
	{netip.MustParsePrefix("192.0.2.0/24"), "a documentation address"},
	{netip.MustParsePrefix("192.88.99.0/24"), "a 6to4 relay address"},
	{netip.MustParsePrefix("192.168.0.0/16"), "a private address"},
	{netip.MustParsePrefix("198.18.0.0/15"), "a benchmarking address"},
	{netip.MustParsePrefix("198.51.100.0/24"), "a documentation address"},
	{netip.MustParsePrefix("203.0.113.0/24"), "a documentation address"},
	{netip.MustParsePrefix("224.0.0.0/4"), "a multicast address"},
	{netip.MustParsePrefix("240.0.0.0/4"), "a reserved address"},
	{netip.MustParsePrefix("::/128"), "an unspecified address"},
	{netip.MustParsePrefix("::1/128"), "a loopback address"},
	{netip.MustParsePrefix("::/96"), "an IPv4-compatible address"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "a local NAT64 address"},
	{netip.MustParsePrefix("100::/64"), "a discard address"},
	{netip.MustParsePrefix("2001::/32"), "a Teredo address"},
	{netip.MustParsePrefix("2001:db8::/32"), "a documentation address"},
	{netip.MustParsePrefix("fc00::/7"), "a private (unique local) address"},
	{netip.MustParsePrefix("fe80::/10"), "a link-local address"},
	{netip.MustParsePrefix("fec0::/10"), "a site-local address"},
	{netip.MustParsePrefix("ff00::/8"), "a multicast address"},
}

// nat64 and sixToFour embed an IPv4 address, which is what they reach.
var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// checkAddr returns an error wrapping ErrForbiddenAddress when a is not a
// public unicast address.
func checkAddr(a netip.Addr) error {
	if why := forbiddenWhy(a); why != "" {
		return fmt.Errorf("%w: %s", ErrForbiddenAddress, why)
	}
	return nil
}

// forbiddenWhy says why webhooks may not reach a ("127.0.0.1 is a loopback
// address"), or "" when they may. IPv4 in IPv6 (mapped, NAT64, 6to4) is
// judged by the IPv4 address it reaches.
func forbiddenWhy(a netip.Addr) string {
	ip := a.Unmap().WithZone("")
	if b := ip.As16(); ip.Is6() && (nat64.Contains(ip) || sixToFour.Contains(ip)) {
		v4 := netip.AddrFrom4([4]byte(b[12:16]))
		if sixToFour.Contains(ip) {
			v4 = netip.AddrFrom4([4]byte(b[2:6]))
		}
		if what := describe(v4); what != "" {
			return fmt.Sprintf("%s reaches %s, %s", a, v4, what)
		}
		return ""
	}
	if what := describe(ip); what != "" {
		return fmt.Sprintf("%s is %s", a, what)
	}
	return ""
}

func describe(ip netip.Addr) string {
	for _, f := range forbidden {
		if f.prefix.Contains(ip) {
			return f.what
		}
	}
	return ""
}
