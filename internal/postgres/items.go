package postgres

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
)

// itemTable is a table of work items as the lifecycle statements see it:
// jobs (a job is its own item) or batch_records (a batch's items). The
// steps every item goes through — renew, expire, release, complete,
// cancel — are each one template of sql/*.sql over an itemTable
// ({{items "job"}}, {{items "record"}}), so a change to a step is made
// once for both. docs/architecture.md says why there are two tables.
type itemTable struct {
	Table string   // the table
	keys  []string // its key columns, the statements' first parameters
	types []string // their SQL types
	// Returns are the columns a completion returns to name the item; the
	// job's carries its tenant, which a record finds on its batch.
	Returns string
}

// itemTables are keyed by the domain's kinds: {{items "job"}} is
// paprika.KindJob's table.
var itemTables = map[string]itemTable{
	paprika.KindJob: {Table: "jobs", keys: []string{"id"}, types: []string{"uuid"},
		Returns: "r.id, r.tenant_id"},
	paprika.KindRecord: {Table: "batch_records", keys: []string{"batch_id", "idx"}, types: []string{"uuid", "int"},
		Returns: "r.batch_id, r.idx"},
}

// items is the template function {{items "job"}}.
func items(kind string) (itemTable, error) {
	t, ok := itemTables[kind]
	if !ok {
		return t, fmt.Errorf("no item table %q", kind)
	}
	return t, nil
}

// Names lists the key columns: "batch_id, idx".
func (t itemTable) Names() string { return strings.Join(t.keys, ", ") }

// Unnest is the keys as array parameters, the first ones of a statement:
// "$1::uuid[], $2::int[]".
func (t itemTable) Unnest() string {
	out := make([]string, len(t.keys))
	for i, typ := range t.types {
		out[i] = "$" + strconv.Itoa(i+1) + "::" + typ + "[]"
	}
	return strings.Join(out, ", ")
}

// Match joins the keys of a and b: "a.batch_id = b.batch_id AND a.idx = b.idx".
func (t itemTable) Match(a, b string) string {
	out := make([]string, len(t.keys))
	for i, k := range t.keys {
		out[i] = a + "." + k + " = " + b + "." + k
	}
	return strings.Join(out, " AND ")
}

// Keyed matches the keys to the first parameters: "batch_id = $1 AND idx = $2".
func (t itemTable) Keyed() string {
	out := make([]string, len(t.keys))
	for i, k := range t.keys {
		out[i] = k + " = $" + strconv.Itoa(i+1)
	}
	return strings.Join(out, " AND ")
}

// P is the statement's n-th parameter after the keys: P 1 is $2 for jobs,
// $3 for records.
func (t itemTable) P(n int) string { return "$" + strconv.Itoa(len(t.keys)+n) }
