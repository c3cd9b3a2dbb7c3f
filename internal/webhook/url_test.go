package webhook

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckURL(t *testing.T) {
	t.Parallel()
	allow := NewAllowList([]string{"hooks.internal", "10.0.0.7", "fd00::7"})
	ok := []string{
		"https://example.com/hooks/paprika?x=1",
		"https://example.com:8443/",
		"https://93.184.215.14/",
		"https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/",
		"http://hooks.internal/paprika",  // allow-listed: http too
		"http://HOOKS.internal./paprika", // the same host
		"https://10.0.0.7/",              // an allow-listed private address
		"http://[fd00:0::7]:8080/",
		"https://example.com:1/", "https://example.com:65535/hook",
		"https://under_score.example.com/", "https://a-b.example.com./",
	}
	for _, u := range ok {
		require.NoError(t, CheckURL(u, allow), u)
	}
	refused := []string{
		"", "/relative", "example.com/hook", "ftp://example.com/", "mailto:a@example.com",
		"http://example.com/", // http to a host not allow-listed
		"https:///no-host",    //
		"https://example.com:0/",
		"https://127.0.0.1/", "https://127.0.0.1:4180/", "https://127.1/", "https://0x7f.1/", "https://0x7f000001/",
		"https://2130706433/", "https://0177.0.0.1/", "https://017700000001/", "https://127.000.000.001/",
		"https://localhost/", "https://localhost./", "https://LocalHost/", "https://api.localhost/",
		"https://[::1]:443/x", "https://[::ffff:127.0.0.1]/", "https://[::ffff:7f00:1]/", "https://[0:0:0:0:0:0:0:1]/",
		"https://169.254.169.254/latest/meta-data/", "https://[fd00:ec2::254]/", "https://[::ffff:169.254.169.254]/",
		"https://10.0.0.8/", "https://172.16.3.4/", "https://192.168.1.1/", "https://100.64.0.1/", "https://100.100.100.200/",
		"https://0.0.0.0/", "https://[::]/", "https://224.0.0.1/", "https://255.255.255.255/",
		"https://[fe80::1%25eth0]/", "https://[fc00::1]/", "https://[64:ff9b::7f00:1]/", "https://[2002:7f00:1::]/",
		"https://ⓛocalhost/", "https://exämple.com/",
		"https://example.com/" + string(make([]byte, MaxURLBytes)),
	}
	for _, u := range refused {
		require.Error(t, CheckURL(u, allow), u)
	}
}

func TestCheckAddr(t *testing.T) {
	t.Parallel()
	for _, a := range []string{"8.8.8.8", "1.1.1.1", "93.184.215.14", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::1"} {
		require.NoError(t, checkAddr(netip.MustParseAddr(a)), a)
	}
	for _, a := range []string{
		"127.0.0.1", "127.255.255.254", "0.0.0.0", "10.1.2.3", "172.31.255.255", "192.168.0.1", "100.64.0.1", "100.127.255.255",
		"169.254.169.254", "169.254.1.1", "224.0.0.251", "239.255.255.250", "255.255.255.255", "198.18.0.1",
		"::1", "::", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::127.0.0.1", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1",
		"64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::1", "2002:7f00:1::1", "2002:c0a8:101::1", "2001::1", "2001:db8::1",
	} {
		require.ErrorIs(t, checkAddr(netip.MustParseAddr(a)), ErrForbiddenAddress, a)
	}
}

// TestCheckURLParts: every part of a webhookUrl is checked, each refusal
// saying which part is wrong, and an allow-listed host is spared the
// address checks only, never the checks of the URL's form.
func TestCheckURLParts(t *testing.T) {
	t.Parallel()
	allow := NewAllowList([]string{"hooks.internal"})
	for u, why := range map[string]string{
		"https://example.com:99999/":                           `has port "99999": a port is a number from 1 to 65535`,
		"https://example.com:65536/":                           `has port "65536"`,
		"https://example.com:0/":                               `has port "0"`,
		"https://example.com:0443/":                            `has port "0443"`,
		"http://hooks.internal:70000/":                         `has port "70000"`,
		"https://example.com:/":                                "has an empty port",
		"https://example.com:-1/":                              "must be an absolute https URL",
		"https://example.com:https/":                           "must be an absolute https URL",
		"https://user:pass@example.com/":                       "must not hold credentials",
		"https://user@example.com/":                            "must not hold credentials",
		"http://user:pass@hooks.internal/":                     "must not hold credentials",
		"https://example.com/hook#part":                        "must not have a #fragment",
		"https://exa mple.com/":                                "must be an absolute https URL",
		"https://a..b.example.com/":                            "empty label",
		"https://" + strings.Repeat("a", 64) + ".example.com/": "longer than 63",
		"https://" + strings.Repeat("a.", 127) + "com/":        "longer than 253",
		"https://-bad.example.com/":                            "starts or ends with a hyphen",
		"https://bad-.example.com/":                            "starts or ends with a hyphen",
		"https://ex!ample.com/":                                "characters other than",
		"https://ex$ample.com/":                                "characters other than",
		"https://[example.com]/":                               "must be an absolute https URL",
		"https://example.com/hook#":                            "must not have a #fragment",
		"https://[fe80::1%25eth0]:8443/":                       "IPv6 zone",
		"https:/example.com/":                                  "with a host",
		"https:example.com":                                    "must be an absolute https URL",
		"HTTPS://127.0.0.1/":                                   "a loopback address",
		"gopher://example.com/":                                "must be an https URL",
	} {
		err := CheckURL(u, allow)
		require.Error(t, err, u)
		require.Contains(t, err.Error(), why, u)
	}
}
