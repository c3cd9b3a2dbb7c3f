package webhook

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Outbox is what a Deliverer needs of the webhook outbox (docs/webhooks.md):
// *postgres.Store, whose statements are the named blocks of
// internal/postgres/sql/webhooks.sql.
type Outbox interface {
	// ClaimWebhooks takes up to n due events, at most perTenant of a
	// tenant less room[tenant] in flight, and holds each for hold.
	ClaimWebhooks(ctx context.Context, n int, hold time.Duration, perTenant int, room map[string]int) ([]paprika.WebhookEvent, error)
	// NextWebhookDue says how long until the next pending event is due,
	// and false when none is pending.
	NextWebhookDue(ctx context.Context) (time.Duration, bool, error)
	// SetWebhookBody keeps body unless one was kept before; it returns the
	// one kept.
	SetWebhookBody(ctx context.Context, id string, body []byte) ([]byte, error)
	// RecordWebhookAttempt logs an attempt and returns the event's status
	// after it ("" when the attempt was no longer the event's).
	RecordWebhookAttempt(ctx context.Context, id string, a paprika.WebhookAttempt, ok bool, retry, giveUp time.Duration) (string, error)
	// SigningSecrets returns the secrets that sign a tenant's events now.
	SigningSecrets(ctx context.Context, tenantID string) ([]string, error)
	// ListenWebhooks calls wake whenever events are written, until ctx
	// ends or the connection fails.
	ListenWebhooks(ctx context.Context, wake func()) error
}

// DataFunc returns an event's data: the job or batch JSON the API answers.
type DataFunc func(ctx context.Context, ev *paprika.WebhookEvent) (json.RawMessage, error)

// Config is a Deliverer's setup. Only AllowHosts comes from the
// environment; the rest is for the process's wiring and for tests.
type Config struct {
	Data       DataFunc
	AllowHosts []string
	Logger     *slog.Logger
	// Concurrency is how many attempts run at once (default 16); one
	// tenant's events take at most a quarter of them (at least one).
	Concurrency int
	// Poll is the longest an idle deliverer sleeps without being woken
	// (LISTEN paprika_webhooks wakes it at once). Default 1 s.
	Poll time.Duration
	// Backoff is the wait after failed attempt n (from 1); nil is Backoff.
	Backoff func(attempt int) time.Duration
	// GiveUp is how long after an event is written it is retried (24 h).
	GiveUp time.Duration
	// Resolver and RootCAs go to the client (nil: the system's).
	Resolver *net.Resolver
	RootCAs  *x509.CertPool
}

// hold is how long a claimed event stays claimed: an attempt's limit and
// the time to read what it needs and record it.
const hold = AttemptTimeout + 20*time.Second

// Backoff is the production schedule: 5 s after the first failure,
// doubling to at most an hour, each wait ±20% at random so that a
// receiver that was down is not hit by every retry at once.
func Backoff(attempt int) time.Duration {
	d := 5 * time.Second
	for i := 1; i < attempt && d < time.Hour; i++ {
		d *= 2
	}
	d = min(d, time.Hour)
	return time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
}

// Deliverer drains the outbox.
type Deliverer struct {
	cfg     Config
	store   Outbox
	client  *Client
	log     *slog.Logger
	metrics *Metrics
}

// New returns a deliverer over the outbox store; Run starts it.
func New(store Outbox, cfg Config) *Deliverer {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 16
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Backoff == nil {
		cfg.Backoff = Backoff
	}
	if cfg.GiveUp <= 0 {
		cfg.GiveUp = 24 * time.Hour
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Deliverer{
		cfg:     cfg,
		store:   store,
		client:  NewClient(ClientOptions{Allow: NewAllowList(cfg.AllowHosts), Resolver: cfg.Resolver, RootCAs: cfg.RootCAs}),
		log:     cfg.Logger,
		metrics: newMetrics(),
	}
}

// Metrics returns the deliverer's Prometheus collectors.
func (d *Deliverer) Metrics() *Metrics { return d.metrics }

// Run delivers until ctx ends, then lets the attempts in flight finish
// (each is bounded by AttemptTimeout) and returns.
func (d *Deliverer) Run(ctx context.Context) error {
	wake := make(chan struct{}, 1)
	signal := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); d.listen(ctx, signal) }()
	defer d.client.CloseIdleConnections()
	defer wg.Wait()

	slots := make(chan struct{}, d.cfg.Concurrency)
	perTenant := max(1, d.cfg.Concurrency/4)
	var mu sync.Mutex
	inFlight := map[string]int{}           // by tenant
	attempts := context.WithoutCancel(ctx) // an attempt begun is finished and recorded
	for ctx.Err() == nil {
		wait := d.cfg.Poll
		if free := cap(slots) - len(slots); free > 0 {
			mu.Lock()
			room := make(map[string]int, len(inFlight))
			for t, n := range inFlight {
				room[t] = perTenant - n
			}
			mu.Unlock()
			evs, err := d.store.ClaimWebhooks(ctx, free, hold, perTenant, room)
			if err != nil && ctx.Err() == nil {
				d.log.ErrorContext(ctx, "claiming webhook events failed", "err", err)
			}
			for i := range evs {
				slots <- struct{}{}
				mu.Lock()
				inFlight[evs[i].TenantID]++
				mu.Unlock()
				wg.Add(1)
				go func(ev *paprika.WebhookEvent) {
					defer wg.Done()
					defer func() {
						mu.Lock()
						if inFlight[ev.TenantID]--; inFlight[ev.TenantID] == 0 {
							delete(inFlight, ev.TenantID)
						}
						mu.Unlock()
						<-slots
						signal()
					}()
					defer func() {
						// A bug must not take the worker down with it: the
						// event is tried again once its claim runs out.
						if r := recover(); r != nil {
							d.log.ErrorContext(ctx, "webhook delivery panicked", "event", ev.ID, "panic", r, "stack", string(debug.Stack()))
						}
					}()
					d.deliver(attempts, ev)
				}(&evs[i])
			}
			if len(evs) == free {
				continue // more may be due
			}
			// Fewer than asked: nothing else is due, or what is due belongs to
			// tenants at their share; a finishing attempt wakes the loop.
			if next, ok, err := d.store.NextWebhookDue(ctx); err == nil && ok {
				wait = max(min(wait, next), 5*time.Millisecond)
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
		case <-wake:
		case <-t.C:
		}
		t.Stop()
	}
	return nil
}

// listen wakes Run on NOTIFY paprika_webhooks, reconnecting as needed.
func (d *Deliverer) listen(ctx context.Context, wake func()) {
	for ctx.Err() == nil {
		err := d.store.ListenWebhooks(ctx, wake)
		if ctx.Err() == nil {
			d.log.WarnContext(ctx, "webhook listen failed; polling until it reconnects", "err", err)
			t := time.NewTimer(time.Second)
			select {
			case <-ctx.Done():
			case <-t.C:
			}
			t.Stop()
		}
	}
}

// deliver makes one attempt of ev and records it.
func (d *Deliverer) deliver(ctx context.Context, ev *paprika.WebhookEvent) {
	start := time.Now()
	ans, err := d.attempt(ctx, ev)
	a := paprika.WebhookAttempt{Attempt: ev.Attempts, At: start, Status: ans.Status,
		DurationMs: int(time.Since(start).Milliseconds())}
	switch {
	case err != nil:
		a.Error = err.Error()
	case !ans.OK():
		a.Error = answerError(ans)
	}
	giveUp := d.cfg.GiveUp
	if err != nil && Refused(err) {
		// A URL webhooks may not take, or a host that resolves only to
		// addresses they may not reach, would be refused at every retry
		// for a day: the event fails now, the reason in its attempt. A
		// give-up time already past is what fails it.
		giveUp = -time.Second
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	status, rerr := d.store.RecordWebhookAttempt(rctx, ev.ID, a, err == nil && ans.OK(), d.cfg.Backoff(ev.Attempts), giveUp)
	if rerr != nil {
		d.log.ErrorContext(ctx, "recording a webhook attempt failed; the event will be tried again", "event", ev.ID, "err", rerr)
		return
	}
	outcome := map[string]string{paprika.WebhookDelivered: "delivered", paprika.WebhookPending: "retry", paprika.WebhookFailed: "failed", "": "superseded"}[status]
	d.metrics.deliveries.WithLabelValues(outcome).Inc()
	level := slog.LevelInfo
	if outcome != "delivered" {
		level = slog.LevelWarn
	}
	d.log.Log(ctx, level, "webhook attempt", "tenant", ev.TenantID, "event", ev.ID, "type", ev.Type,
		"attempt", a.Attempt, "status", a.Status, "ms", a.DurationMs, "outcome", outcome, "error", a.Error)
}

// attempt builds the body on the first attempt (kept for every retry),
// reads the signing secrets now (a rotation signs with both) and posts.
func (d *Deliverer) attempt(ctx context.Context, ev *paprika.WebhookEvent) (Answer, error) {
	body := ev.Body
	if body == nil {
		data, err := d.cfg.Data(ctx, ev)
		if err != nil {
			d.log.ErrorContext(ctx, "building a webhook event failed", "event", ev.ID, "err", err)
			return Answer{}, errors.New("the event could not be built (internal error; it will be retried)")
		}
		if body, err = eventBody(ev, data); err != nil {
			return Answer{}, err
		}
		if body, err = d.store.SetWebhookBody(ctx, ev.ID, body); err != nil {
			return Answer{}, fmt.Errorf("the event could not be stored (it will be retried)")
		}
	}
	secrets, err := d.store.SigningSecrets(ctx, ev.TenantID)
	if err != nil {
		return Answer{}, fmt.Errorf("the signing secrets could not be read (they will be retried)")
	}
	return d.client.Post(ctx, ev.URL, ev.ID, secrets, body)
}

// eventBody is {"type", "timestamp", "data"}: timestamp is when the work
// finished (the event was written).
func eventBody(ev *paprika.WebhookEvent, data json.RawMessage) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // as the API writes its JSON
	err := enc.Encode(struct {
		Type      string          `json:"type"`
		Timestamp string          `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}{ev.Type, ev.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"), data})
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}

// answerError describes a non-2xx answer with the start of its body.
func answerError(a Answer) string {
	msg := fmt.Sprintf("the receiver answered %d", a.Status)
	if a.Status >= 300 && a.Status < 400 {
		msg += " (redirects are not followed)"
	}
	// Text only: PostgreSQL's text holds no NUL, and the log no bytes that
	// are not UTF-8.
	snippet := strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' {
			return -1
		}
		return r
	}, strings.ToValidUTF8(string(a.Body), "\ufffd"))
	snippet = strings.TrimSpace(snippet)
	if len(snippet) > 200 {
		cut := 200
		for !utf8.RuneStart(snippet[cut]) {
			cut--
		}
		snippet = snippet[:cut] + "…"
	}
	if snippet != "" {
		msg += ": " + snippet
	}
	return msg
}
