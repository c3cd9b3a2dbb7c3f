package webhook

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// MaxURLBytes bounds a webhookUrl.
const MaxURLBytes = 2048

// AllowList is the hosts of PAPRIKA_WEBHOOK_ALLOW_HOSTS: they may be
// reached over http and at any address.
type AllowList map[string]bool

// NewAllowList returns the allow-list of hosts, as config reads them.
func NewAllowList(hosts []string) AllowList {
	a := AllowList{}
	for _, h := range hosts {
		a[normalHost(h)] = true
	}
	return a
}

// Allows reports whether host (a URL's host name or a dial address's
// host) is allow-listed.
func (a AllowList) Allows(host string) bool {
	return len(a) > 0 && a[normalHost(host)]
}

// normalHost lowercases a name without its trailing dot, and writes an IP
// address in its canonical form, brackets and zone dropped.
func normalHost(h string) string {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	if ip, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")); err == nil {
		return ip.WithZone("").String()
	}
	return h
}

// CheckURL says why raw may not be a webhookUrl, or nil when it may: it is
// an absolute https URL (http only to an allow-listed host) whose host is a
// name or an address webhooks may reach. Names are resolved only at connect
// time, where the address is checked again. The error's text completes
// "webhookUrl …".
func CheckURL(raw string, allow AllowList) error {
	if len(raw) > MaxURLBytes {
		return fmt.Errorf("is at most %d bytes", MaxURLBytes)
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return errors.New("must be an absolute https URL")
	}
	host := u.Hostname()
	if host == "" {
		return errors.New("must be an absolute https URL with a host")
	}
	allowed := allow.Allows(host)
	switch u.Scheme {
	case "https":
	case "http":
		if !allowed {
			return fmt.Errorf("must be https (http only to a host in PAPRIKA_WEBHOOK_ALLOW_HOSTS; %s is not)", host)
		}
	default:
		return errors.New("must be an https URL")
	}
	if p := u.Port(); p == "0" {
		return errors.New("has no port 0")
	}
	if allowed {
		return nil
	}
	for _, r := range host {
		if r > 0x7e || r < 0x21 {
			return fmt.Errorf("has a host that is not ASCII: write international names in punycode (xn--…)")
		}
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		if why := forbiddenWhy(ip); why != "" {
			return fmt.Errorf("may not reach this address: %s (unless the host is in PAPRIKA_WEBHOOK_ALLOW_HOSTS)", why)
		}
		return nil
	}
	name := strings.TrimSuffix(strings.ToLower(host), ".")
	labels := strings.Split(name, ".")
	if last := labels[len(labels)-1]; numeric(last) {
		// WHATWG URLs read a host ending in a number as an IPv4 address in
		// any of its spellings (127.1, 0x7f.1, 2130706433, 0177.0.0.1);
		// only four decimal numbers are taken here.
		return fmt.Errorf("has a host %q that is neither a name nor an IPv4 address in dotted decimal", host)
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return fmt.Errorf("may not reach %s, a loopback name (unless the host is in PAPRIKA_WEBHOOK_ALLOW_HOSTS)", host)
	}
	return nil
}

// numeric reports whether a label is a number as the WHATWG IPv4 parser
// reads one: decimal, octal (leading 0) or hex (0x).
func numeric(label string) bool {
	if label == "" {
		return false
	}
	s := label
	if strings.HasPrefix(s, "0x") {
		s = s[2:]
		return !strings.ContainsFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789abcdef", r) })
	}
	return !strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
}
