package postgres

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Every SQL statement of Paprika lives in sql/*.sql, one file per subject
// (lanes, claim, complete, release, lease, cancel, enqueue, sources, reads,
// measures, webhooks, sweep, tenants, templates, console); no Go file holds
// one. Each file is a text/template of named blocks, {{define "name"}}…{{end}}:
// statements share a few fragments with {{template}} (count-finishes,
// count-usage, resolve-tier, the column lists) and spell statuses with
// {{status "queued"}}, which takes them from paprika's constants (Statuses,
// WebhookStatuses) and refuses any other word. The steps of an item's life
// (take, renew, expire, release, complete, cancel) are written out for jobs
// and for batch records each, as plain SQL; TestItemStatementsPair checks
// that each pair differs only where the tables do. expanded.sql holds every
// statement exactly as PostgreSQL receives it (TestExpanded keeps it so).
//
//go:embed sql/*.sql
var sqlFiles embed.FS

var statements = loadStatements()

func loadStatements() *template.Template {
	t := template.New("sql").Funcs(template.FuncMap{
		"status": func(s string) (string, error) {
			if !slices.Contains(paprika.Statuses, s) && !slices.Contains(paprika.WebhookStatuses, s) {
				return "", fmt.Errorf("no status %q", s)
			}
			return "'" + s + "'", nil
		},
		"list": func(xs ...string) []string { return xs },
	})
	return template.Must(t.ParseFS(sqlFiles, "sql/*.sql"))
}

// Statement returns the named statement of sql/*.sql, its text made once.
// An unknown name panics: names are fixed at build time, and every one in
// use is made when the package loads (see the vars below), so a typo fails
// every test at once.
func Statement(name string) string {
	var b strings.Builder
	if statements.Lookup(name) == nil {
		panic("postgres: no statement " + name)
	}
	if err := statements.ExecuteTemplate(&b, name, nil); err != nil {
		panic("postgres: statement " + name + ": " + err.Error())
	}
	return strings.TrimSpace(b.String())
}

// Statements returns every named statement (not the fragments that take an
// argument), for the benchmark's EXPLAIN and the plan tests.
func Statements() map[string]string {
	out := map[string]string{}
	for _, t := range statements.Templates() {
		name := t.Name()
		if name == "sql" || strings.HasSuffix(name, ".sql") || slices.Contains(fragments, name) {
			continue
		}
		out[name] = Statement(name)
	}
	return out
}

// fragments are the blocks only used inside other statements: those that
// take an argument, and the column lists the scan functions read.
var fragments = []string{"count-finishes", "count-usage", "resolve-tier", "authenticate",
	"tenant-columns", "key-columns", "template-columns", "job-columns", "batch-columns", "record-columns",
	"webhook-event-columns", "template-bytes"}

// The queue's statements, made once.
var (
	sqlLockLane         = Statement("lock-lane")
	sqlLockTenantLanes  = Statement("lock-tenant-lanes")
	sqlEnqueueLane      = Statement("enqueue-lane")
	sqlRequeueLane      = Statement("requeue-lane")
	sqlDequeueLanes     = Statement("dequeue-lanes")
	sqlEmptyTenantLanes = Statement("empty-tenant-lanes")
	sqlNotifyWork       = Statement("notify-work")
	sqlRankLanes        = Statement("rank-lanes")
	sqlEnsureGroups     = Statement("ensure-groups")
	sqlLockGroups       = Statement("lock-groups")
	sqlLaneBatches      = Statement("lane-batches")
	sqlTakeJobs         = Statement("take-jobs")
	sqlLockBatches      = Statement("lock-batches")
	sqlTakeRecords      = Statement("take-records")
	sqlCountStarts      = Statement("count-starts")
	sqlCountFinish      = Statement("count-finish")
	sqlCompleteJobs     = Statement("complete-jobs")
	sqlCompleteRecords  = Statement("complete-records")
	sqlSettleBatches    = Statement("settle-batches")
	sqlJobLane          = Statement("job-lane")
	sqlBatchLane        = Statement("batch-lane")
	sqlReleaseJob       = Statement("release-job")
	sqlReleaseRecord    = Statement("release-record")
	sqlReleasedRecord   = Statement("released-record")
	sqlRenewJobs        = Statement("renew-jobs")
	sqlRenewRecords     = Statement("renew-records")
	sqlExpiredJobs      = Statement("expired-jobs")
	sqlExpiredRecords   = Statement("expired-records")
	sqlInsertJob        = Statement("insert-job")
	sqlInsertBatch      = Statement("insert-batch")
	sqlCancelJob        = Statement("cancel-job")
	sqlJobToCancel      = Statement("job-to-cancel")
	sqlBatchToCancel    = Statement("batch-to-cancel")
	sqlCancelBatchRecs  = Statement("cancel-batch-records")
	sqlCancelTenantJobs = Statement("cancel-tenant-jobs")
	sqlCancelTenantRecs = Statement("cancel-tenant-records")
	sqlBatchSource      = Statement("batch-source")
	sqlTemplateContent  = Statement("template-content")
	sqlQueuedByTier     = Statement("queued-by-tier")
	sqlRunningByTier    = Statement("running-by-tier")
	sqlRecordSyncRender = Statement("record-sync-render")
	sqlMeasuredByTier   = Statement("measured-by-tier")
	sqlQueueAheadCount  = Statement("queue-ahead-count")
	sqlQueueAhead       = Statement("queue-ahead")
	sqlDoneRecords      = Statement("done-records")
	sqlEnqueueWebhooks  = Statement("enqueue-webhooks")
)

// The store's statements: the API's reads and writes, the admin side, the
// webhook outbox, the retention sweeper and the console, made once.
var (
	sqlCreateTenant         = Statement("create-tenant")
	sqlTenant               = Statement("tenant")
	sqlTenants              = Statement("tenants")
	sqlUpdateTenant         = Statement("update-tenant")
	sqlDeleteTenant         = Statement("delete-tenant")
	sqlRevokeTenantKeys     = Statement("revoke-tenant-keys")
	sqlCreateKey            = Statement("create-key")
	sqlKeys                 = Statement("keys")
	sqlRevokeKey            = Statement("revoke-key")
	sqlAuthenticateSecret   = Statement("authenticate-secret")
	sqlAuthenticateKey      = Statement("authenticate-key")
	sqlCountRequest         = Statement("count-request")
	sqlDBNow                = Statement("db-now")
	sqlTemplateVersions     = Statement("template-versions")
	sqlInsertTemplate       = Statement("insert-template")
	sqlPutTemplate          = Statement("put-template")
	sqlTemplate             = Statement("template")
	sqlTemplates            = Statement("templates")
	sqlDeleteTemplate       = Statement("delete-template")
	sqlJob                  = Statement("job")
	sqlJobs                 = Statement("jobs")
	sqlBatch                = Statement("batch")
	sqlBatches              = Statement("batches")
	sqlRecords              = Statement("records")
	sqlRecord               = Statement("record")
	sqlDoneDocuments        = Statement("done-documents")
	sqlTenantCanceledJobs   = Statement("tenant-canceled-jobs")
	sqlJobWebhookEvent      = Statement("job-webhook-event")
	sqlBatchWebhookEvent    = Statement("batch-webhook-event")
	sqlWebhookEvent         = Statement("webhook-event")
	sqlWebhookAttempts      = Statement("webhook-attempts")
	sqlClaimWebhooks        = Statement("claim-webhooks")
	sqlSetWebhookBody       = Statement("set-webhook-body")
	sqlRecordWebhookAttempt = Statement("record-webhook-attempt")
	sqlNextWebhookDue       = Statement("next-webhook-due")
	sqlWebhookSecrets       = Statement("webhook-secrets")
	sqlLockWebhookSecret    = Statement("lock-webhook-secret")
	sqlKeepOldWebhookSecret = Statement("keep-old-webhook-secret")
	sqlSetWebhookSecret     = Statement("set-webhook-secret")
	sqlSweepJobs            = Statement("sweep-jobs")
	sqlDeleteJobs           = Statement("delete-jobs")
	sqlEmptiedTenants       = Statement("emptied-tenants")
	sqlSweepBatches         = Statement("sweep-batches")
	sqlDeleteBatch          = Statement("delete-batch")
	sqlSweepMeasures        = Statement("sweep-measures")
	sqlSweepRates           = Statement("sweep-rates")
	sqlSweepTemplates       = Statement("sweep-deleted-templates")
	sqlSweepLock            = Statement("sweep-lock")
	sqlSweepUnlock          = Statement("sweep-unlock")
	sqlDeleteIdleSessions   = Statement("delete-idle-sessions")
	sqlInsertSession        = Statement("insert-session")
	sqlTouchSession         = Statement("touch-session")
	sqlDeleteSession        = Statement("delete-session")
	sqlSavePreview          = Statement("save-preview")
	sqlPreview              = Statement("preview")
)

// Fragment returns a fragment of sql/*.sql made with its argument (the
// tests check resolve-tier against config.Tiers.Resolve with it).
func Fragment(name string, arg any) (string, error) {
	var b strings.Builder
	err := statements.ExecuteTemplate(&b, name, arg)
	return strings.TrimSpace(b.String()), err
}
