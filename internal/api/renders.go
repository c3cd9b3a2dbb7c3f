package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// createRender renders synchronously in one of this process's render slots.
// When every slot is taken it answers busy at once: no unbounded line of
// requests waits behind the slots.
func (s *Server) createRender(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	var in renderInput
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	src, content, err := s.source(r.Context(), p.Tenant.ID, &in)
	if err != nil {
		return err
	}
	data, err := checkData("data", in.Data)
	if err != nil {
		return err
	}
	// The slot first: a render answered busy is not counted against the
	// tenant's ratePerMinute.
	tier := s.tierNow(p.Key.Tier, p)
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	default:
		s.meters.Busy(tier, metrics.SlotsRender)
		return &paprika.Error{Code: paprika.CodeBusy, Message: "Busy: every render slot is taken; retry shortly or queue a job", RetryAfter: 1}
	}
	if err := s.countRequest(r.Context(), p); err != nil {
		return err
	}
	var opts render.Options
	if in.Options != nil {
		opts = *in.Options
	}
	s.meters.Started(tier, metrics.KindRender)
	start := time.Now()
	out, err := s.renderer.Render(r.Context(), render.Input{Template: content, Data: data, Format: src.Format, Options: opts})
	secs := time.Since(start).Seconds()
	if err != nil {
		return s.renderFailed(tier, err)
	}
	s.meters.Rendered(tier, src.Format, secs)
	s.meters.Completed(tier, metrics.KindRender, paprika.StatusDone)
	if err := s.store.RecordSyncRender(r.Context(), tier, secs); err != nil {
		s.log.WarnContext(r.Context(), "measures not recorded", "err", err)
	}
	w.Header().Set("Content-Type", out.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(out.Body)))
	w.Header().Set("X-Render-Seconds", strconv.FormatFloat(secs, 'f', 3, 64))
	w.Header().Set("X-Render-Pages", strconv.Itoa(out.Pages))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out.Body)
	return nil
}

// renderFailed counts a synchronous render's failure and returns the error
// to answer. A render whose request went away is no failure of the render.
func (s *Server) renderFailed(tier string, err error) error {
	var re *render.Error
	if errors.As(err, &re) {
		s.meters.RenderFailed(re.Code)
		s.meters.Completed(tier, metrics.KindRender, paprika.StatusFailed)
	}
	return renderError(err)
}
