// Package faults is Paprika's fault suite: the real paprika binary, built
// once, run as api and worker processes on a real PostgreSQL (started by
// the suite so that it can be restarted), a real versitygw and real
// Chromium, while the suite breaks things — SIGKILL of a worker mid-render,
// PostgreSQL restarted under load, the object store stopped, Chromium
// killed and pages that hang, the data disk full, SIGTERM of an api with
// requests in flight — and then checks that nothing was lost or done twice.
//
// `go test ./faults/` runs the short form (part of `make test`);
// `make faults` runs the long form (`-tags faults`: more work, more
// rounds); `make load` runs the load test (`-tags load`). The package holds
// only tests; docs/reliability.md says what each checks and what it found.
package faults
