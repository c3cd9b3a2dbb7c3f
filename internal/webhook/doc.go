// Package webhook delivers Paprika's webhooks (docs/webhooks.md) as Standard
// Webhooks 1.0: an event written to the PostgreSQL outbox in the
// transaction that finishes a job or batch is posted to its webhookUrl,
// signed with the tenant's secrets, retried with exponential backoff and
// jitter for 24 h, every attempt logged.
//
// Delivery never reaches what it must not: a URL is checked when it is
// submitted (CheckURL), and again, after name resolution, when each
// connection is made (the client's dialer Control hook), so that neither
// DNS rebinding nor a redirect reaches loopback, link-local, private, CGNAT,
// multicast or metadata addresses unless the host is in
// PAPRIKA_WEBHOOK_ALLOW_HOSTS. Redirects are not followed. An attempt
// refused by either check fails its event at once, the reason in its
// attempt: it would be refused again at every retry.
//
// A Deliverer runs in every worker process beside the scheduler, in
// goroutines of its own: a bounded number of attempts at once, each bounded
// in time (10 s) and in what it reads (64 KiB), so a receiver that hangs or
// floods holds one goroutine for at most one attempt, and never a render
// slot or the claim loop.
package webhook
