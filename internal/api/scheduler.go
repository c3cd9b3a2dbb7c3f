package api

import (
	"net/http"
	"strconv"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler"
)

func (s *Server) schedulerMeasures(w http.ResponseWriter, r *http.Request) error {
	minutes := 60
	if v := r.URL.Query().Get("minutes"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1440 {
			return paprika.BadRequest("minutes is a whole number from 1 to 1440")
		}
		minutes = n
	}
	tiers, err := scheduler.Measures(r.Context(), s.store, s.cfg.Tiers, minutes)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Minutes int                      `json:"minutes"`
		Tiers   []scheduler.TierMeasures `json:"tiers"`
	}{minutes, tiers})
	return nil
}
