package webhook

import (
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

// FuzzCheckURL checks any webhookUrl against an empty allow-list: it may
// refuse it, never panic, and what it accepts is an absolute https URL
// whose host is ASCII, not a loopback name, and, when an address, one
// webhooks may reach.
//
//	go test ./internal/webhook -run '^$' -fuzz FuzzCheckURL -fuzztime 1m -parallel 1
func FuzzCheckURL(f *testing.F) {
	for _, s := range []string{
		"https://hooks.example.com/paprika", "http://hooks.example.com/", "https://127.0.0.1/", "https://[::1]:443/",
		"https://169.254.169.254/latest/meta-data", "https://0x7f.1/", "https://2130706433/", "https://localhost./",
		"https://a.localhost/", "https://[fe80::1%25eth0]/", "https://xn--bcher-kva.example/", "https://bücher.example/",
		"https://user:pass@example.com:0/", "//example.com/", "https:example.com", "https://10.0.0.1.nip.io/",
		"https://[::ffff:127.0.0.1]/", "https://100.64.0.1/", "https://224.0.0.1/", "https://example.com:65536/",
	} {
		f.Add(s)
	}
	none := NewAllowList(nil)
	f.Fuzz(func(t *testing.T, raw string) {
		if CheckURL(raw, none) != nil {
			return
		}
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatalf("accepted %q, which does not parse: %v", raw, err)
		}
		host := u.Hostname()
		switch {
		case u.Scheme != "https":
			t.Fatalf("accepted %q, not https", raw)
		case host == "":
			t.Fatalf("accepted %q, without a host", raw)
		case strings.ContainsFunc(host, func(r rune) bool { return r > 0x7e || r < 0x21 }):
			t.Fatalf("accepted %q, whose host is not ASCII", raw)
		case strings.TrimSuffix(strings.ToLower(host), ".") == "localhost":
			t.Fatalf("accepted %q, a loopback name", raw)
		}
		if ip, err := netip.ParseAddr(host); err == nil {
			if why := forbiddenWhy(ip); why != "" {
				t.Fatalf("accepted %q, an address webhooks may not reach: %s", raw, why)
			}
			if ip.Unmap().IsLoopback() || ip.Unmap().IsPrivate() || ip.Unmap().IsLinkLocalUnicast() {
				t.Fatalf("accepted %q, a loopback, private or link-local address", raw)
			}
		}
	})
}
