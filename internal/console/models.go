package console

import "encoding/json"

// The API's JSON, as the console reads it (SPEC §3). The console decodes
// the API's answers rather than the store's types, so that it depends on the
// API's contract only.

type tenantJSON struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Tier          *string `json:"tier"`
	RetentionDays int     `json:"retentionDays"`
	CreatedAt     string  `json:"createdAt"`
	SuspendedAt   *string `json:"suspendedAt"`
	DeletedAt     *string `json:"deletedAt"`
}

type keyJSON struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Scopes    []string `json:"scopes"`
	Tier      *string  `json:"tier"`
	Prefix    string   `json:"prefix"`
	CreatedAt string   `json:"createdAt"`
	RevokedAt *string  `json:"revokedAt"`
	Secret    string   `json:"secret"`
}

type templateJSON struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Content   string `json:"content"`
	Version   int    `json:"version"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type outputJSON struct {
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Bytes       int64  `json:"bytes"`
	Pages       int    `json:"pages"`
}

type errorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type jobJSON struct {
	ID         string               `json:"id"`
	Status     string               `json:"status"`
	Tier       string               `json:"tier"`
	Format     string               `json:"format"`
	TemplateID *string              `json:"templateId"`
	CreatedAt  string               `json:"createdAt"`
	StartedAt  *string              `json:"startedAt"`
	FinishedAt *string              `json:"finishedAt"`
	Attempts   int                  `json:"attempts"`
	Queue      *struct{ Ahead int } `json:"queue"`
	Output     *outputJSON          `json:"output"`
	Error      *errorJSON           `json:"error"`
	Metadata   json.RawMessage      `json:"metadata"`
}

// Live tells whether the job may still change.
func (j jobJSON) Live() bool { return j.Status == "queued" || j.Status == "running" }

type batchJSON struct {
	ID         string          `json:"id"`
	Status     string          `json:"status"`
	Tier       string          `json:"tier"`
	Format     string          `json:"format"`
	TemplateID *string         `json:"templateId"`
	Total      int             `json:"total"`
	Queued     int             `json:"queued"`
	Running    int             `json:"running"`
	Done       int             `json:"done"`
	Failed     int             `json:"failed"`
	Canceled   int             `json:"canceled"`
	CreatedAt  string          `json:"createdAt"`
	StartedAt  *string         `json:"startedAt"`
	FinishedAt *string         `json:"finishedAt"`
	Metadata   json.RawMessage `json:"metadata"`
}

// Live tells whether the batch may still change.
func (b batchJSON) Live() bool { return b.Status == "queued" || b.Status == "running" }

// Ended is how many records have ended, done or not.
func (b batchJSON) Ended() int { return b.Done + b.Failed + b.Canceled }

type recordJSON struct {
	Index      int        `json:"index"`
	Status     string     `json:"status"`
	StartedAt  *string    `json:"startedAt"`
	FinishedAt *string    `json:"finishedAt"`
	Error      *errorJSON `json:"error"`
	OutputURL  *string    `json:"outputUrl"`
}

type percentiles struct {
	P50 *float64 `json:"p50"`
	P95 *float64 `json:"p95"`
}

type tierMeasures struct {
	Tier          string      `json:"tier"`
	Name          string      `json:"name"`
	Weight        float64     `json:"weight"`
	MaxRunning    *int        `json:"maxRunning"`
	RatePerMinute *int        `json:"ratePerMinute"`
	Queued        int64       `json:"queued"`
	Running       int64       `json:"running"`
	Started       int64       `json:"started"`
	Done          int64       `json:"done"`
	WaitSeconds   percentiles `json:"waitSeconds"`
	RenderSeconds percentiles `json:"renderSeconds"`
}

type schedulerJSON struct {
	Minutes int            `json:"minutes"`
	Tiers   []tierMeasures `json:"tiers"`
}

type deliveryEventJSON struct {
	ID            string  `json:"id"`
	Type          string  `json:"type"`
	URL           string  `json:"url"`
	Status        string  `json:"status"`
	CreatedAt     string  `json:"createdAt"`
	Attempts      int     `json:"attempts"`
	NextAttemptAt *string `json:"nextAttemptAt"`
	FinishedAt    *string `json:"finishedAt"`
}

type attemptJSON struct {
	Attempt    int     `json:"attempt"`
	At         string  `json:"at"`
	Status     *int    `json:"status"`
	DurationMs int     `json:"durationMs"`
	Error      *string `json:"error"`
}

// deliveriesJSON is a job's or batch's webhook event and its attempts
// (GET /v1/jobs/{id}/deliveries); Event is nil without a webhookUrl.
type deliveriesJSON struct {
	Event    *deliveryEventJSON `json:"event"`
	Attempts []attemptJSON      `json:"attempts"`
}

// Pending tells whether the event may still be attempted.
func (d deliveriesJSON) Pending() bool { return d.Event != nil && d.Event.Status == "pending" }

type webhookSecretJSON struct {
	Secret    string  `json:"secret"`
	RotatedAt *string `json:"rotatedAt"`
	Previous  []struct {
		Secret    string `json:"secret"`
		ExpiresAt string `json:"expiresAt"`
	} `json:"previous"`
}
