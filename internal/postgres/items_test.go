package postgres_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
)

// itemPair is a step of an item's life written once for jobs and once for
// batch records (docs/architecture.md says why they are two tables): the
// records' statement, or its part from until, is the jobs' with the
// changes made, and nothing else.
type itemPair struct {
	jobs, records string
	// from and until mark the part compared, in the jobs' and in the
	// records' statement ("" from the start, to the end).
	from, until [2]string
	// shift numbers the jobs' parameters after $1 one higher: a record's
	// key is two parameters ($1 batch_id, $2 idx) where a job's is one.
	shift bool
	// changes are the jobs' words and the records' in their place, made in
	// order after the shift, each found at least once.
	changes [][2]string
}

// The words that differ between the tables: the table, a job's key (id)
// against a record's (batch_id, idx), and what a completion returns to
// name the item and a release its submit time (a record's is its batch's).
var itemPairs = []itemPair{
	{jobs: "renew-jobs", records: "renew-records", shift: true, changes: [][2]string{
		{"UPDATE jobs r", "UPDATE batch_records r"},
		{"unnest($1::uuid[], ", "unnest($1::uuid[], $2::int[], "},
		{"AS x(id, token)", "AS x(batch_id, idx, token)"},
		{"r.id = x.id", "r.batch_id = x.batch_id AND r.idx = x.idx"},
	}},
	{jobs: "expired-jobs", records: "expired-records", changes: [][2]string{
		{"SELECT id, lease_token FROM jobs", "SELECT batch_id, idx, lease_token FROM batch_records"},
	}},
	{jobs: "release-job", records: "release-record", shift: true, changes: [][2]string{
		{"UPDATE jobs SET", "UPDATE batch_records SET"},
		{"WHERE id = $1 AND", "WHERE batch_id = $1 AND idx = $2 AND"},
		{"RETURNING status, tier, created_at", "RETURNING status, tier, (SELECT created_at FROM batches WHERE id = $1)"},
	}},
	{jobs: "complete-jobs", records: "complete-records", shift: true,
		until: [2]string{"), f AS (", "), counts AS ("}, changes: [][2]string{
			{"unnest($1::uuid[], ", "unnest($1::uuid[], $2::int[], "},
			{"AS i(id, token", "AS i(batch_id, idx, token"},
			{"UPDATE jobs r", "UPDATE batch_records r"},
			{"r.id = i.id", "r.batch_id = i.batch_id AND r.idx = i.idx"},
			{"RETURNING r.id, r.tenant_id,", "RETURNING r.batch_id, r.idx,"},
		}},
	{jobs: "take-jobs", records: "take-records",
		from: [2]string{"r SET status", "r SET status"}, until: [2]string{"FROM pick", "FROM pick"}, changes: [][2]string{
			{"now() + $4::interval", "now() + $5::interval"},
		}},
	{jobs: "take-jobs", records: "take-records",
		from: [2]string{"), m AS (", "), m AS ("}, until: [2]string{"GROUP BY tier", "GROUP BY tier"}, changes: [][2]string{
			{"now() - created_at", "now() - submitted"},
		}},
	{jobs: "cancel-tenant-jobs", records: "cancel-tenant-records",
		from: [2]string{"", "UPDATE batch_records"}, until: [2]string{"", "RETURNING"}, changes: [][2]string{
			{"UPDATE jobs r", "UPDATE batch_records r"},
			{"WHERE r.tenant_id = $1", "FROM batches b WHERE b.tenant_id = $1 AND b.queued > 0 AND r.batch_id = b.id"},
		}},
	{jobs: "cancel-tenant-jobs", records: "cancel-batch-records",
		from: [2]string{"", "UPDATE batch_records"}, until: [2]string{"", "RETURNING"}, changes: [][2]string{
			{"UPDATE jobs r", "UPDATE batch_records r"},
			{"r.tenant_id = $1", "r.batch_id = $1"},
		}},
}

// TestItemStatementsPair keeps each step's statement for jobs and its
// statement for batch records in step: they are written out in full, each
// readable as the SQL PostgreSQL runs, so a change to one must be made to
// the other, and this fails until it is (or until the pair's differences
// above say why they differ).
func TestItemStatementsPair(t *testing.T) {
	param := regexp.MustCompile(`\$(\d+)`)
	for _, p := range itemPairs {
		jobs := part(t, p.jobs, postgres.Statement(p.jobs), p.from[0], p.until[0])
		records := part(t, p.records, postgres.Statement(p.records), p.from[1], p.until[1])
		if p.shift {
			jobs = param.ReplaceAllStringFunc(jobs, func(s string) string {
				n, _ := strconv.Atoi(s[1:])
				if n > 1 {
					n++
				}
				return "$" + strconv.Itoa(n)
			})
		}
		for _, c := range p.changes {
			require.Contains(t, jobs, c[0], "%s: the change %q → %q finds nothing to change", p.jobs, c[0], c[1])
			jobs = strings.ReplaceAll(jobs, c[0], c[1])
		}
		require.Equal(t, records, jobs, "%s is no longer %s with the table's words changed: change both alike", p.records, p.jobs)
	}
}

// part is the statement from the marker from to the marker until after it,
// its whitespace made single spaces.
func part(t *testing.T, name, sql, from, until string) string {
	t.Helper()
	sql = strings.Join(strings.Fields(sql), " ")
	if from != "" {
		i := strings.Index(sql, from)
		require.GreaterOrEqual(t, i, 0, "%s has no %q", name, from)
		sql = sql[i:]
	}
	if until != "" {
		i := strings.Index(sql, until)
		require.GreaterOrEqual(t, i, 0, "%s has no %q", name, until)
		sql = sql[:i]
	}
	return strings.TrimSpace(sql)
}
