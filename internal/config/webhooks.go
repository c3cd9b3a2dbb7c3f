package config

import (
	"fmt"
	"net/netip"
	"strings"
)

// webhookHosts reads PAPRIKA_WEBHOOK_ALLOW_HOSTS: comma-separated host names
// or IP addresses (IPv6 with or without brackets), no scheme, port or path.
// Names are lowercased without a trailing dot and addresses written in
// their canonical form, as the webhook client compares them.
func webhookHosts(v string) ([]string, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	var hosts []string
	for _, h := range strings.Split(v, ",") {
		h = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
		if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")); err == nil {
			hosts = append(hosts, a.String())
			continue
		}
		if h == "" || len(h) > 253 || strings.ContainsAny(h, "/:@[]?# ") {
			return nil, fmt.Errorf("must be comma-separated host names or IP addresses without scheme or port, like hooks.internal,10.0.0.7, not %q", v)
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}
