package webhook

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
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

// CheckURL says why raw may not be a webhookUrl, or nil when it may. The
// URL is parsed once and every part of it checked: an absolute https URL
// (http only to an allow-listed host) without credentials or fragment,
// whose port, when given, is 1–65535, and whose host is a DNS name or an
// address webhooks may reach. Names are resolved only at connect time,
// where the address is checked again. The error's text completes
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
	// Credentials in the URL would be stored and shown with the job, and
	// sent in the clear to any http receiver: the signature is how a
	// receiver knows the sender.
	if u.User != nil {
		return errors.New("must not hold credentials (user:password@): receivers verify the webhook's signature")
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return errors.New("must not have a #fragment, which is never sent")
	}
	if err := checkPort(u); err != nil {
		return err
	}
	if strings.Contains(host, "%") {
		return errors.New("has an IPv6 zone (%…), which names an interface of this machine")
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
	if err := checkName(name, labels); err != nil {
		return err
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return fmt.Errorf("may not reach %s, a loopback name (unless the host is in PAPRIKA_WEBHOOK_ALLOW_HOSTS)", host)
	}
	return nil
}

// checkPort refuses a port outside 1–65535: url.Parse takes any digits
// (port 99999 parsed, and then failed every attempt for 24 h), and an
// empty one after the colon.
func checkPort(u *url.URL) error {
	p := u.Port()
	if p == "" {
		if strings.HasSuffix(u.Host, ":") {
			return errors.New("has an empty port after its host's colon")
		}
		return nil
	}
	n, err := strconv.Atoi(p)
	if err != nil || n < 1 || n > 65535 || p[0] == '0' {
		return fmt.Errorf("has port %q: a port is a number from 1 to 65535", p)
	}
	return nil
}

// checkName refuses a host name that DNS cannot hold: at most 253
// characters of labels of 1–63 letters, digits, hyphens and underscores,
// none starting or ending with a hyphen. Such a name could never resolve,
// so each of its attempts would fail for a day.
func checkName(name string, labels []string) error {
	if len(name) > 253 {
		return errors.New("has a host name longer than 253 characters")
	}
	for _, l := range labels {
		switch {
		case l == "" || len(l) > 63:
			return fmt.Errorf("has a host name %q with an empty label or one longer than 63 characters", name)
		case strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-"):
			return fmt.Errorf("has a host name %q with a label that starts or ends with a hyphen", name)
		case strings.ContainsFunc(l, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
		}):
			return fmt.Errorf("has a host name %q with characters other than letters, digits, - and _", name)
		}
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
