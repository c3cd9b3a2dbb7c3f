package wire

import (
	"math"
	"strconv"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Usage is one tenant's usage at one tier on one UTC day, as the API
// answers it.
type Usage struct {
	Day    string `json:"day"`
	Tenant string `json:"tenant"`
	Tier   string `json:"tier"`
	UsageCounts
}

// UsageCounts are what a day counts, and their sum over an answer's days.
type UsageCounts struct {
	Renders       int64   `json:"renders"`
	Jobs          int64   `json:"jobs"`
	Records       int64   `json:"records"`
	Documents     int64   `json:"documents"`
	Pages         int64   `json:"pages"`
	RenderSeconds float64 `json:"renderSeconds"`
	Bytes         int64   `json:"bytes"`
	Failed        int64   `json:"failed"`
	// Previews are the console studio's previews, in none of the above.
	Previews int64 `json:"previews"`
}

func (c *UsageCounts) add(u UsageCounts) {
	c.Renders, c.Jobs, c.Records, c.Documents = c.Renders+u.Renders, c.Jobs+u.Jobs, c.Records+u.Records, c.Documents+u.Documents
	c.Pages, c.RenderSeconds, c.Bytes, c.Failed = c.Pages+u.Pages, c.RenderSeconds+u.RenderSeconds, c.Bytes+u.Bytes, c.Failed+u.Failed
	c.Previews += u.Previews
}

// UsageList is the answer of both usage routes.
type UsageList struct {
	From  string      `json:"from"`
	To    string      `json:"to"`
	Days  []Usage     `json:"days"`
	Total UsageCounts `json:"total"`
}

// NewUsageList is the usage of rows, from and to the UTC days given: the
// total summed before each day's seconds are rounded to the millisecond,
// so that it is not the sum of rounded figures.
func NewUsageList(from, to time.Time, rows []paprika.Usage) UsageList {
	out := UsageList{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly), Days: make([]Usage, 0, len(rows))}
	for _, u := range rows {
		c := UsageCounts{Renders: u.Renders, Jobs: u.Jobs, Records: u.Records, Documents: u.Documents, Pages: u.Pages,
			RenderSeconds: u.RenderSeconds, Bytes: u.Bytes, Failed: u.Failed, Previews: u.Previews}
		out.Total.add(c)
		c.RenderSeconds = seconds3(c.RenderSeconds)
		out.Days = append(out.Days, Usage{Day: u.Day.Format(time.DateOnly), Tenant: u.TenantID, Tier: u.Tier, UsageCounts: c})
	}
	out.Total.RenderSeconds = seconds3(out.Total.RenderSeconds)
	return out
}

// seconds3 rounds to the millisecond.
func seconds3(s float64) float64 { return math.Round(s*1000) / 1000 }

// UsageCSVColumns are the columns of usage as CSV, in order.
var UsageCSVColumns = []string{"day", "tenant", "tier", "renders", "jobs", "records", "documents", "pages", "renderSeconds", "bytes", "failed", "previews"}

// CSV is the day's row of usage as CSV, in the order of UsageCSVColumns:
// the API's text/csv answer and the command line's --csv write the same.
func (d Usage) CSV() []string {
	i := func(n int64) string { return strconv.FormatInt(n, 10) }
	return []string{d.Day, d.Tenant, d.Tier, i(d.Renders), i(d.Jobs), i(d.Records), i(d.Documents),
		i(d.Pages), strconv.FormatFloat(d.RenderSeconds, 'f', 3, 64), i(d.Bytes), i(d.Failed), i(d.Previews)}
}
