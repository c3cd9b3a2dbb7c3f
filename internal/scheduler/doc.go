// Package scheduler shares the workers between tenants by weighted fair
// share over service tiers (docs/scheduler.md).
//
// Queued work sits in lanes: one per tenant and key tier. A claim resolves
// each lane's tier at claim time (the key's tier, else the tenant's, else the
// default), so an upgrade speeds up work already waiting and a removed tier
// falls back to the default. Lanes of one tenant and tier form a group, and a
// free slot goes to the eligible group with the lowest share used: its work
// running plus its work started in the last 60 s, divided by its tier's
// weight; ties go to the group whose oldest queued work has waited longest.
//
// The claim is a SQL problem. Ranking reads the small lanes table (a row per
// tenant and key tier, its queue counters kept current in the transactions
// that add, claim and cancel work), never the queue itself, and takes the
// top lanes' row locks with SKIP LOCKED, so workers on many machines claim at
// once without claiming an item twice. The group's row of started counts is
// then locked and read fresh, which makes maxRunning exact across workers;
// finishes are counted in another table so completions never wait on
// claimers. One claim hands out up to K items (the worker's free slots) by
// replaying the policy K times over the locked lanes, in one transaction of
// three pipelined round trips.
//
// A claim gives each item a lease; holding it, renewing it and giving the
// work back are the worker runtime's (internal/worker), which runs the
// claims of this package.
//
// Within a group single jobs go first, oldest first; then batches take turns,
// the batch with the fewest records running first, each batch's records in
// index order.
//
// The package is the policy alone: it decides which work a worker gets
// next and reads the tiers' measures, and it renders, stores and completes
// nothing. It owns the claim's types (Lane, Turn, Group, ClaimParams, the
// Claim transaction) and the measures' (TierCount, Measured, Wait, with the
// queued work's ETA): the store implements its Queue and Counters
// interfaces (internal/postgres), and this package imports no store.
package scheduler
