// Package worker is the runtime that renders queued work: what a `paprika
// worker` process runs. Which work comes next is not its to decide: it
// claims by the fair-share policy of internal/scheduler (scheduler.Claimer),
// and it talks to the database only through its Queue interface
// (internal/postgres.Queue).
//
// A claimed item flows through it thus. Worker.Run's loop claims as many
// items as it has room for (its render slots, plus a few claimed ahead, see
// Config.Ahead) in one claim, and holds each: from then on the item's lease
// is renewed every third of the lease (renewLoop), and a lease found lost
// stops its render. The item waits in the worker for a free render slot, a
// goroutine that lives as long as the worker, and renders on it
// (Worker.process: its batch's source and its template read through a
// small cache, then the renderer). Its result goes to the completer, which
// stores the outputs of everything that finished in the last few
// milliseconds at once and then records them done in one transaction; the
// slot renders its next item meanwhile, and the work counts as running
// until its completion commits. A render that fails with a retryable code
// goes back to the queue, and fails for good after paprika.MaxAttempts;
// one that fails otherwise is recorded failed.
//
// A lease that expires returns the work to the queue, and the third loss
// fails it with worker-lost: every worker reaps expired leases (Reap), so
// a worker that died loses nothing. Completions carry the lease token, so a
// worker that wakes up after its lease was taken over cannot complete the
// work a second time.
//
// When the output store is down as a whole, work that could not be stored
// is handed back without spending an attempt and the loop claims nothing
// until the store answers again (storeGate). When Run's context ends the
// loop stops claiming, renders in flight get Config.Grace to finish, and
// what is still held after it is handed back, also without spending an
// attempt. SetGC sets the process's garbage collector target for a
// worker's heap.
package worker
