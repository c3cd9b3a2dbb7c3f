package postgres

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The queue's SQL lives in sql/*.sql, one file per subject (lanes, claim,
// complete, release, lease, cancel, enqueue, sources, measures, webhooks,
// sweep). Each file is
// a text/template of named blocks, {{define "name"}}…{{end}}, and each
// statement is written once: statements share fragments with {{template}}
// (count-finishes, resolve-tier) and spell statuses with {{status "queued"}},
// which takes them from paprika's constants and refuses any other word.
//
//go:embed sql/*.sql
var sqlFiles embed.FS

var statements = loadStatements()

func loadStatements() *template.Template {
	t := template.New("sql").Funcs(template.FuncMap{
		"status": func(s string) (string, error) {
			if !slices.Contains(paprika.Statuses, s) {
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

// fragments are the blocks that take an argument and are only used inside
// other statements.
var fragments = []string{"count-finishes", "resolve-tier"}

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

// Fragment returns a fragment of sql/*.sql made with its argument (the
// tests check resolve-tier against config.Tiers.Resolve with it).
func Fragment(name string, arg any) (string, error) {
	var b strings.Builder
	err := statements.ExecuteTemplate(&b, name, arg)
	return strings.TrimSpace(b.String()), err
}
