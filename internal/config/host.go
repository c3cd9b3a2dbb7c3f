package config

import (
	"fmt"
	"net"
	"strings"
)

// DevHost is where dev mode listens unless PAPRIKA_HOST says otherwise:
// loopback, because it prints its admin token and a demo key at start, and a
// newcomer's laptop on a café's network should not serve them to the room.
const DevHost = "127.0.0.1"

// loadHost reads PAPRIKA_HOST, the address to listen on: an IP literal or a
// host name. Unset, it is every interface ("") for the api and the worker,
// DevHost for dev mode.
func loadHost(role Role, getenv func(string) string) (string, error) {
	v := strings.TrimSpace(getenv("PAPRIKA_HOST"))
	if v == "" {
		if role == RoleDev {
			return DevHost, nil
		}
		return "", nil
	}
	if ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")); ip != nil {
		return ip.String(), nil
	}
	if !isHostName(v) {
		return "", &Error{Var: "PAPRIKA_HOST", Reason: fmt.Sprintf("must be an IP address (0.0.0.0, ::, 127.0.0.1) or a host name, not %q", v)}
	}
	return v, nil
}

// isHostName reports a DNS name of letters, digits and hyphens in labels of
// at most 63 bytes, 253 in all (RFC 1123): no port, scheme or path.
func isHostName(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}
