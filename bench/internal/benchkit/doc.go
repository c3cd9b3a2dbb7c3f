// Package benchkit holds what Paprika's benchmarks measure the same way:
// CPU time from /proc (a process, and PostgreSQL's postmaster with its
// backends), the machine's load, quantiles, and the fair-share check that
// compares each group's starts with its weight's share.
//
// bench/scheduler and bench/product both report with it, so that their
// figures mean the same thing.
package benchkit
