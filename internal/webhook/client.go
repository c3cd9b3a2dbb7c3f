package webhook

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"syscall"
	"time"
)

// Limits of one attempt (docs/webhooks.md).
const (
	AttemptTimeout = 10 * time.Second
	MaxAnswerBytes = 64 << 10
)

// ClientOptions set up a Client.
type ClientOptions struct {
	Allow AllowList
	// Resolver resolves names at connect time; nil is the system's.
	Resolver *net.Resolver
	// RootCAs are the CAs receivers' certificates are checked against; nil
	// is the system's.
	RootCAs *x509.CertPool
	// UserAgent is sent with every delivery.
	UserAgent string
}

// Client posts events. Its dialer checks every address it connects to,
// after resolution, so what a name resolves to (DNS rebinding included)
// cannot take a delivery where a literal address could not go.
type Client struct {
	allow AllowList
	http  *http.Client
	tr    *http.Transport
	ua    string
	// timeout bounds an attempt: AttemptTimeout, shorter in tests.
	timeout time.Duration
}

// NewClient returns a client that follows no redirect and uses no proxy.
func NewClient(o ClientOptions) *Client {
	c := &Client{allow: o.Allow, ua: o.UserAgent, timeout: AttemptTimeout}
	if c.ua == "" {
		c.ua = "Paprika-Webhooks/1"
	}
	c.tr = &http.Transport{
		Proxy:                  nil, // a proxy would connect where the dialer cannot check
		DialContext:            c.dial(o.Resolver),
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: o.RootCAs},
		TLSHandshakeTimeout:    AttemptTimeout,
		ResponseHeaderTimeout:  AttemptTimeout,
		MaxResponseHeaderBytes: MaxAnswerBytes,
		DisableCompression:     true, // 64 KiB read means 64 KiB received
		MaxIdleConns:           64,
		MaxIdleConnsPerHost:    2,
		IdleConnTimeout:        30 * time.Second,
	}
	c.http = &http.Client{
		Transport:     c.tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return c
}

// CloseIdleConnections closes kept-alive connections (when stopping).
func (c *Client) CloseIdleConnections() { c.tr.CloseIdleConnections() }

// dial connects to addr, checking each resolved address before connecting
// unless addr's host is allow-listed.
func (c *Client) dial(resolver *net.Resolver) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		d := &net.Dialer{Resolver: resolver, Timeout: AttemptTimeout}
		if !c.allow.Allows(host) {
			d.Control = checkConnect
		}
		return d.DialContext(ctx, network, addr)
	}
}

// checkConnect is the dialer's Control hook: it runs after resolution,
// before connect, for every address tried.
func checkConnect(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: cannot read %q", ErrForbiddenAddress, address)
	}
	return checkAddr(ap.Addr())
}

// Answer is what one attempt got.
type Answer struct {
	Status int    // 0 when no answer came
	Body   []byte // the first bytes of the answer, at most MaxAnswerBytes
}

// OK reports a 2xx answer, which ends an event's delivery.
func (a Answer) OK() bool { return a.Status >= 200 && a.Status < 300 }

// Post sends one signed attempt of event id with body to target, within
// AttemptTimeout, and reads at most MaxAnswerBytes of the answer.
func (c *Client) Post(ctx context.Context, target, id string, secrets []string, body []byte) (Answer, error) {
	if err := CheckURL(target, c.allow); err != nil {
		return Answer{}, refusal{fmt.Errorf("the webhookUrl %s", err)}
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	now := time.Now()
	sig, err := Sign(secrets, id, now, body)
	if err != nil {
		return Answer{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return Answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.ua)
	req.Header.Set(HeaderID, id)
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(now.Unix(), 10))
	req.Header.Set(HeaderSignature, sig)
	resp, err := c.http.Do(req)
	if err != nil {
		return Answer{}, attemptError(err, c.timeout)
	}
	defer resp.Body.Close()
	a := Answer{Status: resp.StatusCode}
	// A read error past the status changes nothing: the status is the answer.
	a.Body, _ = io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes))
	return a, nil
}

// ErrRefused is what an attempt refused before sending anything fails with
// (errors.Is): its webhookUrl is not one webhooks may take, or every
// address its host resolved to is one webhooks may not reach. Trying again
// would be refused again, so the event fails at once (see Refused).
var ErrRefused = errors.New("webhook refused before sending")

// refusal marks err as ErrRefused, keeping err's text.
type refusal struct{ err error }

func (r refusal) Error() string   { return r.err.Error() }
func (r refusal) Unwrap() []error { return []error{r.err, ErrRefused} }

// Refused reports whether an attempt failed because the webhook may not
// go where its URL says, rather than because the receiver did not answer.
func Refused(err error) bool {
	return errors.Is(err, ErrRefused) || errors.Is(err, ErrForbiddenAddress)
}

// attemptError says in a line what went wrong, without Go's "Post URL:".
func attemptError(err error, timeout time.Duration) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var op *net.OpError
	switch {
	case errors.Is(err, ErrForbiddenAddress) && errors.As(err, &op):
		return fmt.Errorf("refused before connecting: %w", op.Err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("no answer within %s: %w", timeout, context.DeadlineExceeded)
	}
	return err
}
