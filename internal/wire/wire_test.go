package wire_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/wire"
)

// TestEncodings holds every answer's bytes as the API has always written
// them: field order, null for what is not set, [] and {} where the API
// promises them, times in UTC to the millisecond, HTML characters as they
// are. A change here is a change of the wire format: docs/openapi.yaml,
// the console and the command line change with it.
func TestEncodings(t *testing.T) {
	recs := records()
	for _, c := range []struct {
		name string
		v    any
		want string
	}{
		{"doneJob", wire.NewJob(doneJob(), "bulk"),
			`{"id":"0193a6f2-7b1c-7d4e-8f00-0123456789ab","status":"done","tier":"standard","format":"pdf","templateId":"invoice@3","createdAt":"2026-12-07T17:04:05.006Z","startedAt":"2026-12-07T17:04:05.006Z","finishedAt":"2026-12-07T17:05:35.006Z","attempts":2,"queue":null,"output":{"url":"/v1/jobs/0193a6f2-7b1c-7d4e-8f00-0123456789ab/output","contentType":"application/pdf","bytes":12345,"pages":3},"error":null,"metadata":{"order":"<A&B>"}}`},
		{"queuedJob", wire.NewJob(queuedJob(), "bulk"),
			`{"id":"0193a6f2-7b1c-7d4e-8f00-0123456789ab","status":"queued","tier":"bulk","format":"html","templateId":null,"createdAt":"2026-12-07T17:04:05.006Z","startedAt":null,"finishedAt":null,"attempts":0,"queue":{"ahead":4,"etaSeconds":null,"waitingFor":""},"output":null,"error":null,"metadata":null}`},
		{"failedJob", wire.NewJob(failedJob(), "standard"),
			`{"id":"0193a6f2-7b1c-7d4e-8f00-0123456789ab","status":"failed","tier":"standard","format":"png","templateId":null,"createdAt":"2026-12-07T17:04:05.006Z","startedAt":"2026-12-07T17:04:05.006Z","finishedAt":"2026-12-07T17:05:35.006Z","attempts":1,"queue":null,"output":null,"error":{"code":"template_error","message":"Template error: unclosed {{ at line 1 <p>"},"metadata":null}`},
		{"runningBatch", wire.NewBatch(runningBatch(), "bulk"),
			`{"id":"0193a6f2-7b1c-7d4e-8f00-ba9876543210","status":"running","tier":"bulk","format":"pdf","templateId":"letter@1","total":10,"queued":3,"running":2,"done":4,"failed":1,"canceled":0,"createdAt":"2026-12-07T17:04:05.006Z","startedAt":"2026-12-07T17:04:05.006Z","finishedAt":null,"queue":null,"metadata":{"run":"a&b"}}`},
		{"doneBatch", wire.NewBatch(doneBatch(), "standard"),
			`{"id":"0193a6f2-7b1c-7d4e-8f00-ba9876543210","status":"done","tier":"bulk","format":"html","templateId":null,"total":2,"queued":0,"running":0,"done":1,"failed":0,"canceled":1,"createdAt":"2026-12-07T17:04:05.006Z","startedAt":"2026-12-07T17:04:05.006Z","finishedAt":"2026-12-07T17:05:35.006Z","queue":null,"metadata":null}`},
		{"records", []wire.Record{wire.NewRecord(batchID, &recs[0]), wire.NewRecord(batchID, &recs[1]), wire.NewRecord(batchID, &recs[2])},
			`[{"index":0,"status":"done","startedAt":"2026-12-07T17:04:05.006Z","finishedAt":"2026-12-07T17:05:35.006Z","error":null,"outputUrl":"/v1/batches/0193a6f2-7b1c-7d4e-8f00-ba9876543210/records/0/output"},{"index":1,"status":"failed","startedAt":"2026-12-07T17:04:05.006Z","finishedAt":"2026-12-07T17:05:35.006Z","error":{"code":"render_failed","message":"Render failed: <a> & <b>"},"outputUrl":null},{"index":2,"status":"queued","startedAt":null,"finishedAt":null,"error":null,"outputUrl":null}]`},
		{"tenant", wire.NewTenant(tenant()),
			`{"id":"acme","name":"Acme <&> Co","tier":null,"retentionDays":30,"createdAt":"2026-12-07T17:04:05.006Z","suspendedAt":"2026-12-07T17:05:35.006Z","deletedAt":null}`},
		{"key", wire.NewKey(key()),
			`{"id":"key_1","name":"ci","scopes":["render","templates"],"tier":"bulk","prefix":"pk_abc","createdAt":"2026-12-07T17:04:05.006Z","revokedAt":null,"secret":"pk_abc_secret"}`},
		{"template", wire.NewTemplate(template()),
			`{"id":"invoice","name":"Invoice","content":"<p>Dear {{name}} & co</p>","sampleData":{},"options":{"format":"A4"},"version":3,"createdAt":"2026-12-07T17:04:05.006Z","updatedAt":"2026-12-07T17:05:35.006Z"}`},
		{"templateVersion", wire.NewTemplateVersion(templateVersion()),
			`{"version":2,"createdAt":"2026-12-07T17:04:05.006Z","bytes":120}`},
		{"asset", wire.NewAsset(asset()),
			`{"name":"logo.png","contentType":"image/png","bytes":2048,"sha256":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08","createdAt":"2026-12-07T17:04:05.006Z","updatedAt":"2026-12-07T17:05:35.006Z"}`},
		{"certificate", wire.NewCertificate(certificate()),
			`{"name":"signing","subject":"CN=Acme <Signing>","issuer":"CN=Acme CA","notBefore":"2026-12-07T17:04:05.006Z","notAfter":"2026-12-07T17:05:35.006Z","createdAt":"2026-12-07T17:04:05.006Z"}`},
		{"webhookSecret", wire.NewWebhookSecret(webhookSecrets()),
			`{"secret":"whsec_new","rotatedAt":"2026-12-07T17:04:05.006Z","previous":[{"secret":"whsec_old","expiresAt":"2026-12-07T17:05:35.006Z"}]}`},
		{"deliveries", wire.NewDeliveries(deliveries()),
			`{"event":{"id":"msg_1","type":"job.finished","url":"https://example.com/hook?a=1&b=<2>","status":"pending","createdAt":"2026-12-07T17:04:05.006Z","attempts":2,"nextAttemptAt":"2026-12-07T17:05:35.006Z","finishedAt":null,"payload":{"type":"job.finished"}},"attempts":[{"attempt":1,"at":"2026-12-07T17:04:05.006Z","status":500,"durationMs":12,"error":null},{"attempt":2,"at":"2026-12-07T17:05:35.006Z","status":null,"durationMs":10000,"error":"timeout <10 s>"}]}`},
		{"noDeliveries", wire.NewDeliveries(nil, nil),
			`{"event":null,"attempts":[]}`},
		{"usage", wire.NewUsageList(usage()),
			`{"from":"2026-12-01","to":"2026-12-07","days":[{"day":"2026-12-01","tenant":"acme","tier":"standard","renders":3,"jobs":1,"records":2,"documents":6,"pages":9,"renderSeconds":1.235,"bytes":1000,"failed":1,"previews":2},{"day":"2026-12-02","tenant":"acme","tier":"bulk","renders":0,"jobs":0,"records":5,"documents":5,"pages":5,"renderSeconds":0,"bytes":500,"failed":0,"previews":0}],"total":{"renders":3,"jobs":1,"records":7,"documents":11,"pages":14,"renderSeconds":1.235,"bytes":1500,"failed":1,"previews":2}}`},
	} {
		var b bytes.Buffer
		require.NoError(t, wire.Encode(&b, c.v))
		require.Equal(t, c.want+"\n", b.String(), c.name)
	}
}

// TestUsageCSV holds the rows of usage as CSV, which the API's text/csv
// answer and the command line's --csv both write: seconds to the
// millisecond, always three decimals.
func TestUsageCSV(t *testing.T) {
	u := wire.NewUsageList(usage())
	require.Equal(t, []string{"2026-12-01", "acme", "standard", "3", "1", "2", "6", "9", "1.235", "1000", "1", "2"}, u.Days[0].CSV())
	require.Equal(t, []string{"2026-12-02", "acme", "bulk", "0", "0", "5", "5", "5", "0.000", "500", "0", "0"}, u.Days[1].CSV())
	require.Len(t, wire.UsageCSVColumns, len(u.Days[0].CSV()))
}
