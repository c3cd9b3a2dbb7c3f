package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// busyWait is how long a synchronous render that finds every slot taken
// waits for one before it is answered busy. A slot freed meanwhile goes to
// one of the renders waiting, whichever wins the race, so that a client
// retrying at once, without honouring Retry-After, does not take every slot
// freed from clients that do; and such a client's retries come at most
// every busyWait on each of its connections, so that they cost next to
// nothing (bench/storm, docs/performance.md). It is short: no line of
// requests forms behind the slots.
const busyWait = 50 * time.Millisecond

// slotDeadlineKey holds, in a render's context, until when it may wait for
// a slot: the route waits for a free one before anything else (the key,
// the body, the template), so that a busy answer costs next to nothing, and
// createRender takes it by the same deadline.
type slotDeadlineKeyType struct{}

var slotDeadlineKey slotDeadlineKeyType

// busyTier is the tier a render answered busy before its key was looked up
// is counted at: its key's, when the key cache knows it (p is not nil),
// else "" (no tier is named so): the busy answer touches nothing but memory.
func busyTier(p *tenantCaller) string {
	if p != nil {
		return p.Tier.Key
	}
	return ""
}

// slotTenant is the tenant a render waits for a slot as before its key is
// looked up: the key cache's principal's, or "" when it has none.
func slotTenant(p *tenantCaller) string {
	if p == nil {
		return ""
	}
	return p.Tenant.ID
}

// createRender renders synchronously in one of this process's render slots
// (render.Slots, which the worker of paprika dev takes too).
// When no slot its tenant may take comes free within busyWait it answers
// busy (a tenant holding a slot may not take the last free one, see
// render.Slots): no line of requests waits behind the slots. The slot is given back as soon as the
// render ends, before the answer is written, so a client that waits for
// its answer before sending the next request finds its slot free. A render
// Chromium fails under (render.BrowserFailed: a crash) is rendered once
// more in the same slot, on the browser the engine starts in its place.
func (s *Server) createRender(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	var in renderInput
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return s.refused(r.Context(), p, err)
	}
	src, content, err := s.source(r.Context(), p.Tenant.ID, &in)
	if err != nil {
		return s.refused(r.Context(), p, err)
	}
	data, err := checkData("data", in.Data)
	if err != nil {
		return s.refused(r.Context(), p, err)
	}
	// The slot first: a render answered busy is not counted against the
	// tenant's ratePerMinute.
	tier := p.Tier.Key
	deadline, _ := r.Context().Value(slotDeadlineKey).(time.Time)
	if !s.slots.Take(r.Context(), deadline, p.Tenant.ID) {
		s.meters.Busy(tier, metrics.SlotsRender)
		return s.slots.Busy(p.Tenant.ID)
	}
	var once sync.Once
	release := func() { once.Do(func() { s.slots.Release(p.Tenant.ID) }) }
	defer release()
	ctx := s.slots.InSlot(r.Context()) // the engine renders in this slot
	if err := s.countRequest(r.Context(), p); err != nil {
		return err
	}
	assets := s.renderAssets(p.Tenant.ID, src.Format)
	s.meters.Started(tier, metrics.KindRender)
	input := render.Input{Template: content, Source: src.SourcePath(), Tenant: p.Tenant.ID, Data: data, Format: src.Format, Options: in.options, Assets: assets}
	input.Certificates = s.renderCertificates(p.Tenant.ID)
	start := time.Now()
	out, err := s.renderer.Render(ctx, input)
	secs := time.Since(start).Seconds()
	if err != nil && render.BrowserFailed(err) && r.Context().Err() == nil {
		// Chromium failed under the render (it crashed): once more, on the
		// browser the engine starts in its place, in the same slot, so that
		// one crash is invisible to the client.
		s.meters.RenderFailed(paprika.CodeRenderFailed)
		s.log.WarnContext(r.Context(), "synchronous render failed in Chromium; rendering it once more",
			"requestId", requestID(r.Context()), "err", err)
		again := time.Now()
		out, err = s.renderer.Render(ctx, input)
		secs = time.Since(again).Seconds()
	}
	total := time.Since(start).Seconds()
	release()
	if err != nil {
		return s.renderFailed(r.Context(), p.Tenant.ID, tier, secs, err)
	}
	s.meters.Rendered(tier, src.Format, secs)
	s.meters.Completed(tier, metrics.KindRender, paprika.StatusDone)
	// Its usage and measures, when it is answered (docs/operations.md, Usage).
	s.recordRender(r.Context(), p.Tenant.ID, tier, paprika.StatusDone, secs,
		&paprika.Output{ContentType: out.ContentType, Bytes: int64(len(out.Body)), Pages: out.Pages})
	w.Header().Set("Content-Type", out.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(out.Body)))
	w.Header().Set("X-Render-Seconds", strconv.FormatFloat(total, 'f', 3, 64))
	w.Header().Set("X-Render-Pages", strconv.Itoa(out.Pages))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out.Body)
	return nil
}

// renderFailed counts a synchronous render's failure, in the metrics and
// the tenant's usage, and returns the error to answer. A render whose
// request went away is no failure of the render.
func (s *Server) renderFailed(ctx context.Context, tenantID, tier string, secs float64, err error) error {
	var re *paprika.Error
	if errors.As(err, &re) {
		s.meters.RenderFailed(re.Code)
		s.meters.Completed(tier, metrics.KindRender, paprika.StatusFailed)
		s.recordRender(ctx, tenantID, tier, paprika.StatusFailed, secs, nil)
	}
	return renderError(err)
}
