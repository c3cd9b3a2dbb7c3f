package worker

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/sealed"
	"github.com/paprikahq/paprika/internal/storage"
)

// Config is a worker's setup.
type Config struct {
	scheduler.Policy
	Slots    int             // work rendered at once (PAPRIKA_WORKERS); RenderSlots' size when they are given
	Renderer render.Renderer // renders one document
	Outputs  storage.Store   // where outputs are put before their work is done
	Logger   *slog.Logger
	Metrics  *metrics.Metrics // claims, starts, completions, waits, render times; nil records nothing

	// RenderSlots are the process's render slots (the engine's,
	// render.Engine.Slots), which the worker's renders take, each for its
	// item's tenant: in paprika dev the api's synchronous renders take
	// them too, and the two together never exceed them. Nil: Slots of the
	// worker's own.
	RenderSlots *render.Slots

	// Poll is how often an idle worker looks for work without being woken
	// (LISTEN/NOTIFY wakes it at once). Default 1 s.
	Poll time.Duration
	// Grace is how long SIGTERM waits for renders in flight before handing
	// them back. Default 25 s.
	Grace time.Duration
	// Ahead is how many items it claims beyond its free slots (0, the
	// default, claims only for free slots; config.ClaimAheadAuto sizes
	// them by the worker's measures; paprika worker sets
	// PAPRIKA_CLAIM_AHEAD, auto unless set): they wait in the worker for the next free slot, and make
	// claims bigger and fewer. They hold their leases and count as running,
	// as all claimed work does.
	Ahead int
	// MaxClaim caps one claim's items (default 64): a claim costs about the
	// same for 1 item as for 64, so a worker with many slots claims many at once.
	MaxClaim int
	// Held and HeldBytes bound the rendered results a worker holds in
	// memory for its completion flushes: past Held of them (default 256,
	// one flush's worth; never below Slots), or past Slots of them holding
	// more than HeldBytes of output (default 64 MiB), a slot waits for its
	// own result to be recorded before it renders again.
	Held      int
	HeldBytes int64
	// Secret opens tenants' stored signing certificates
	// (PAPRIKA_SECRET_KEY); nil: none can sign.
	Secret *sealed.Key
}

// claimLinger is how long a claim waits for more slots to free up.
const claimLinger = 10 * time.Millisecond

// Worker claims work by the policy and renders it in its slots.
type Worker struct {
	cfg      Config
	queue    Queue
	claimer  *scheduler.Claimer
	log      *slog.Logger
	sources  *sourceCache
	complete *completer
	ahead    *aheadSizer

	// unrecorded counts the results handed to the completer and not yet
	// recorded, and their outputs' bytes (see process).
	unrecorded      atomic.Int64
	unrecordedBytes atomic.Int64

	mu   sync.Mutex
	held map[int64]*running // by lease token
}

type running struct {
	item   paprika.Item
	cancel context.CancelFunc
	lost   bool
}

// New returns a worker; Run starts it.
func New(q Queue, cfg Config) *Worker {
	if cfg.Poll == 0 {
		cfg.Poll = time.Second
	}
	if cfg.Grace == 0 {
		cfg.Grace = 25 * time.Second
	}
	if cfg.MaxClaim == 0 {
		cfg.MaxClaim = 64
	}
	if cfg.RenderSlots == nil {
		cfg.RenderSlots = render.NewSlots(cfg.Slots)
	}
	cfg.Slots = cfg.RenderSlots.Size()
	if cfg.Held == 0 {
		cfg.Held = completeMax
	}
	cfg.Held = max(cfg.Held, cfg.Slots)
	if cfg.HeldBytes == 0 {
		cfg.HeldBytes = 64 << 20
	}
	if cfg.Lease == 0 {
		cfg.Lease = 30 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	w := &Worker{
		cfg:     cfg,
		queue:   q,
		claimer: scheduler.NewClaimer(q, cfg.Policy),
		log:     cfg.Logger,
		sources: newSourceCache(q),
		held:    map[int64]*running{},
		ahead:   newAheadSizer(cfg.Ahead, cfg.Slots, cfg.Policy),
	}
	w.complete = newCompleter(q, cfg.Outputs, func(tier string) bool {
		t, ok := cfg.Tiers.Get(tier)
		return ok && t.MaxRunning > 0
	}, cfg.Logger)
	w.complete.metrics = cfg.Metrics
	w.complete.lease = cfg.Lease
	return w
}

// Run claims and renders until ctx ends, then stops claiming, lets renders
// in flight finish for the grace period, hands back the rest, records every
// completion and returns.
//
// Each round of its loop frees the slots that finished, waits a moment for
// more to free up, waits out an outage of the output store, claims for the
// room there is and dispatches each item claimed to a render slot; then,
// unless there may be more to claim at once, it idles until it is woken,
// a slot frees or the poll interval passes. The room is the slots that
// synchronous renders of the process do not hold (RenderSlots.QueuedRoom:
// all of them in a worker process), plus what it claims ahead.
func (w *Worker) Run(ctx context.Context) error {
	l := w.newLoop(ctx)
	defer l.cancelRenders()
	stopBackground := w.startBackground(ctx, l.signal)

	for ctx.Err() == nil {
		l.collectFreed()
		syncFreed := w.cfg.RenderSlots.SyncFreed() // before the room is counted: no release is missed
		room := min(w.cfg.Slots, w.cfg.RenderSlots.QueuedRoom()) + w.ahead.now()
		l.waitForSlots(ctx, room)
		if w.waitForStore(ctx) {
			continue
		}
		free := room - l.holding
		claimed := 0
		if free > 0 {
			claimed = l.claim(ctx, min(free, w.cfg.MaxClaim))
			free -= claimed
		}
		if claimed > 0 && free > 0 && l.backoff == 0 {
			continue // there may be more
		}
		l.idle(ctx, syncFreed)
	}

	l.finishOrHandBack()
	stopRenderSlots(l.renderSlots, w.cfg.Slots)
	stopBackground()
	return nil
}

// loop is one Run's claim loop: the work it holds and the slots it
// renders on.
type loop struct {
	w    *Worker
	wake chan struct{} // a NOTIFY, or a completion flush: there may be work

	// holding counts claimed work not yet done with its slot: rendering, or
	// claimed ahead and waiting for a slot (Config.RenderSlots). Room for
	// claimed work is the slots synchronous renders leave plus what the
	// worker claims ahead now.
	holding int
	freed   chan struct{} // a slot's goroutine is done: holding goes down by one

	renderSlots   chan renderSlot // the goroutines renders run on, one for each slot
	slots         sync.WaitGroup  // the goroutines of the work held
	renderCtx     context.Context
	cancelRenders context.CancelFunc

	backoff time.Duration // after a failed claim, instead of the poll interval
}

// newLoop sets up a Run's claim loop. Renders run under a context of their
// own, not ctx: ctx's end stops claiming, and renders in flight still get
// the grace period (finishOrHandBack).
func (w *Worker) newLoop(ctx context.Context) *loop {
	l := &loop{
		w:           w,
		wake:        make(chan struct{}, 1),
		freed:       make(chan struct{}, w.cfg.Slots+w.ahead.limit()),
		renderSlots: newRenderSlots(w.cfg.Slots),
	}
	l.renderCtx, l.cancelRenders = context.WithCancel(context.WithoutCancel(ctx))
	return l
}

// signal wakes the loop if it idles, and never blocks: one wake-up pending
// is as good as many.
func (l *loop) signal() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// startBackground starts what runs beside the claim loop: the listener
// that wakes it, the lease renewal, the reaper of expired leases, and the
// completer (whose flushes wake it too: completed work frees maxRunning
// room). They outlive ctx, so that the work in flight when it ends is
// still renewed and recorded; the returned stop records the last
// completions and then ends them all.
func (w *Worker) startBackground(ctx context.Context, wake func()) (stop func()) {
	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	var bgWG sync.WaitGroup
	bgWG.Add(4)
	go func() { defer bgWG.Done(); w.heartbeatLoop(bg) }()
	go func() { defer bgWG.Done(); w.listen(bg, wake) }()
	go func() { defer bgWG.Done(); w.renewLoop(bg) }()
	go func() { defer bgWG.Done(); w.reapLoop(bg) }()
	completerDone := make(chan struct{})
	go func() { defer close(completerDone); w.complete.run(wake) }()
	return func() {
		w.complete.close()
		<-completerDone
		stopBG()
		bgWG.Wait()
	}
}

// collectFreed counts the slots that finished since the last round as
// free again, without waiting.
func (l *loop) collectFreed() {
	for {
		select {
		case <-l.freed:
			l.holding--
		default:
			return
		}
	}
}

// waitForSlots lets more slots free up before claiming, for claimLinger at
// most, while work is in flight: a claim costs about the same for 1 item
// as for 16 (ranking every lane is most of it), and claiming at the first
// free slot made claims of 5–8 items under load. It returns once a full
// claim's worth is free, the linger is over or ctx ends.
func (l *loop) waitForSlots(ctx context.Context, room int) {
	want := min(l.w.cfg.MaxClaim, room)
	if l.holding <= room-want || l.holding >= room {
		return // a full claim's worth is free already, or nothing is: no point waiting
	}
	linger := time.NewTimer(claimLinger)
	defer linger.Stop()
	for l.holding > room-want {
		select {
		case <-l.freed:
			l.holding--
		case <-linger.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// waitForStore waits while the output store is down, until it is up again
// or ctx ends, and says whether it waited: the worker claims nothing it
// could not store (storeGate), and what it would claim meanwhile is best
// left to the workers whose store is up.
func (w *Worker) waitForStore(ctx context.Context) bool {
	up, down := w.complete.gate.upChan()
	if !down {
		return false
	}
	select {
	case <-up:
	case <-ctx.Done():
	}
	return true
}

// claim claims up to n items by the policy and dispatches each, and
// returns how many it claimed. A failed claim is logged and backs the
// loop off, doubling from 50 ms to 5 s, so that a database in trouble is
// not asked again at every poll; a claim that works ends the back-off and
// is measured for claiming ahead.
func (l *loop) claim(ctx context.Context, n int) int {
	w := l.w
	began := time.Now()
	items, err := w.claimer.Claim(ctx, n)
	if err != nil && ctx.Err() == nil {
		w.log.ErrorContext(ctx, "claim failed", "err", err)
		l.backoff = min(max(2*l.backoff, 50*time.Millisecond), 5*time.Second)
	} else {
		l.backoff = 0
		w.ahead.claimed(time.Since(began).Seconds())
	}
	claimedAt := time.Now()
	for _, it := range items {
		l.dispatch(ctx, it, claimedAt)
	}
	return len(items)
}

// dispatch holds a claimed item (its lease is renewed from now on) and
// starts its goroutine, which waits for a free render slot (for the item's
// tenant) and renders on it, on one of the slots' goroutines: the item may
// have been claimed ahead, before a slot was free. If ctx ends first, the
// item is handed back without having started.
func (l *loop) dispatch(ctx context.Context, it paprika.Item, claimedAt time.Time) {
	w := l.w
	l.holding++
	w.logClaim(ctx, &it, claimedAt)
	w.cfg.Metrics.Claimed(it.Tier)
	wait := it.Wait(claimedAt)
	itemCtx, cancel := context.WithCancel(l.renderCtx)
	w.hold(&running{item: it, cancel: cancel})
	l.slots.Add(1)
	go func() {
		defer l.slots.Done()
		defer cancel()
		defer func() { l.freed <- struct{}{} }()
		slots := w.cfg.RenderSlots
		if !slots.TakeQueued(ctx, it.TenantID) {
			w.handBack(it) // stopping before it started
			return
		}
		defer slots.ReleaseQueued(it.TenantID)
		// The worker holds at most its Slots render slots, and a slot's
		// goroutine goes back before its render slot: one is free.
		slot := <-l.renderSlots
		defer func() { l.renderSlots <- slot }()
		slot.run(func() { w.process(slots.InSlot(itemCtx), it, wait) })
	}()
}

// idle waits for a reason to claim again: a wake-up (new work, or a flush
// that freed maxRunning room), a slot freed (its own, or one a synchronous
// render of the process held: syncFreed), the poll interval (the
// back-off's instead after a failed claim), or the end of ctx.
func (l *loop) idle(ctx context.Context, syncFreed <-chan struct{}) {
	wait := l.w.cfg.Poll
	if l.backoff > 0 {
		wait = l.backoff
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-ctx.Done():
	case <-l.wake:
	case <-l.freed:
		l.holding--
	case <-syncFreed:
	case <-timer.C:
	}
}

// finishOrHandBack is the loop's end, once nothing more is claimed: renders
// in flight get the grace period to finish, and what is still rendering
// after it is handed back (without spending an attempt) and its render
// stopped. Slots waiting for the output store to come back wait no more:
// their work was handed back already.
func (l *loop) finishOrHandBack() {
	w := l.w
	w.log.Info("worker stopping", "held", l.holding)
	w.complete.gate.close()
	done := make(chan struct{})
	go func() { l.slots.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(w.cfg.Grace):
		w.log.Warn("grace period over: handing back work in flight")
		w.handBackAll()
		l.cancelRenders()
		<-done
	}
}

func (w *Worker) hold(r *running) {
	w.mu.Lock()
	w.held[r.item.Token] = r
	w.mu.Unlock()
}

func (w *Worker) unhold(token int64) (lost bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	r := w.held[token]
	delete(w.held, token)
	return r != nil && r.lost
}

// handBackAll returns every held item to the queue without counting the
// attempt, and marks it lost so its render's completion is dropped.
func (w *Worker) handBackAll() {
	w.mu.Lock()
	var refs []paprika.Ref
	for _, r := range w.held {
		r.lost = true
		refs = append(refs, r.item.Ref())
	}
	w.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, r := range refs {
		if _, err := w.queue.Release(ctx, r, "", "", true); err != nil {
			w.log.Error("hand back failed; the lease will expire instead", "err", err)
		}
	}
}

// handBack returns one held item that has not started rendering to the
// queue without counting the attempt.
func (w *Worker) handBack(it paprika.Item) {
	if w.unhold(it.Token) {
		return // lost already
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := w.queue.Release(ctx, it.Ref(), "", "", true); err != nil {
		w.log.Error("hand back failed; the lease will expire instead", "err", err)
	}
}

// workIDs are the log attributes naming an item's work.
func workIDs(it *paprika.Item) []any {
	var a [4]slog.Attr
	attrs := it.AppendIDs(append(a[:0], slog.String("tenant", it.TenantID), slog.String("kind", it.Kind)))
	ids := make([]any, len(attrs))
	for i, at := range attrs {
		ids[i] = at
	}
	return ids
}

func (w *Worker) logClaim(ctx context.Context, it *paprika.Item, claimedAt time.Time) {
	if !w.log.Enabled(ctx, slog.LevelInfo) {
		return
	}
	// Typed attributes, in an array on the stack: one line for every item
	// claimed is a worker's busiest log.
	var a [8]slog.Attr
	attrs := append(a[:0], slog.String("tenant", it.TenantID), slog.String("tier", it.Tier),
		slog.String("kind", it.Kind), slog.Float64("waitSeconds", it.Wait(claimedAt).Seconds()),
		slog.Int("attempt", it.Attempt))
	w.log.LogAttrs(ctx, slog.LevelInfo, "claim", it.AppendIDs(attrs)...)
}

// process renders one item and records the result through the completer.
// wait is how long it waited for its claim, observed once its format is
// known (a record's is its batch's).
func (w *Worker) process(ctx context.Context, it paprika.Item, wait time.Duration) {
	w.cfg.Metrics.Started(it.Tier, it.Kind)
	start := time.Now()
	res := result{Result: paprika.Result{Item: it}}
	out, put, err := w.render(ctx, &it)
	res.Seconds = time.Since(start).Seconds()
	w.ahead.rendered(res.Seconds)
	w.cfg.Metrics.Waited(it.Tier, it.Source.Format, wait)
	if w.unhold(it.Token) {
		return // handed back or lost: not ours to complete
	}
	if err == nil {
		res.Status, res.Output, res.put = paprika.StatusDone, out, put
		w.cfg.Metrics.Rendered(it.Tier, it.Source.Format, res.Seconds)
	} else {
		code, msg := render.Failure(err)
		if ctx.Err() == nil {
			w.cfg.Metrics.RenderFailed(code)
		}
		if msg == render.InternalFailure {
			// The tenant reads msg; the cause, which may name a server path,
			// goes to the log only, with the work's ids.
			w.log.Error("render failed inside the service", append(workIDs(&it), "err", err)...)
		}
		if paprika.Retryable(code) {
			if ctx.Err() != nil {
				return // canceled (lease lost or job canceled): the new owner decides
			}
			// Back to the queue, or failed after the last attempt.
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			if _, err := w.queue.Release(rctx, it.Ref(), code, msg, false); err != nil {
				w.log.Error("release failed; the lease will expire instead", "err", err)
			}
			w.log.Warn("render failed", "tenant", it.TenantID, "kind", it.Kind, "code", code, "attempt", it.Attempt, "err", msg)
			return
		}
		res.Status, res.ErrCode, res.ErrMessage = paprika.StatusFailed, code, msg
	}
	// The slot is free once its result is with the completer: the next
	// render need not wait for this one's flush (the outputs' syncfs and a
	// commit), which took most of a slot's time with html. The work still
	// counts as running until its completion commits, so its group's running
	// count (started - finished) is never below the work rendering, and
	// maxRunning and the shares hold.
	//
	// Past Held results waiting to be recorded, or past Slots of them
	// holding more than HeldBytes of output, the slot waits for its own:
	// memory stays bounded, by count for html and by bytes for big PDFs.
	// The bound was Slots results until bench/product showed it to be the
	// product path's limit: with 8 slots and html, a flush (a syncfs and a
	// commit) took longer than the slots took to fill it, and they sat
	// waiting for it (docs/performance-log.md, "The product path, round by round").
	//
	// A result of a tier with maxRunning still waits past Slots: it holds
	// one of its tenant's maxRunning places until its flush, and a worker
	// rendering ahead of slow flushes filled those places with results, so
	// that such a tenant lost its starts to the others
	// (TestWeightsShareStartsFourToOne under load: 20 of 50 starts for
	// weight 4, against 40).
	var size int64
	if res.put != nil {
		size = int64(len(res.put.Body))
	}
	recorded := make(chan struct{})
	waiting := w.unrecorded.Add(1)
	bytes := w.unrecordedBytes.Add(size)
	w.complete.add(res, func() { w.unrecorded.Add(-1); w.unrecordedBytes.Add(-size); close(recorded) })
	if waiting > int64(w.cfg.Held) || (waiting > int64(w.cfg.Slots) && (bytes > w.cfg.HeldBytes || w.complete.limited(it.Tier))) {
		<-recorded
	}
}

// render resolves the item's template and renders it, and returns the
// output to store: the completer stores it with the others of its flush,
// before their work is done.
func (w *Worker) render(ctx context.Context, it *paprika.Item) (*paprika.Output, *storage.Output, error) {
	src, opts, optsErr, err := w.sources.source(ctx, it)
	if err != nil {
		return nil, nil, err
	}
	it.Source.Format = src.Format // a record's is its batch's: for the metrics' format label
	content := src.Template
	// A stored Word template's work carries its source (the asset), which
	// is all it renders: it has no content to fetch.
	if src.TemplateID != "" && src.Asset == "" {
		var err error
		if content, err = w.sources.template(ctx, it.TenantID, src.TemplateID, src.TemplateVersion); err != nil {
			return nil, nil, err
		}
	}
	if optsErr != nil {
		return nil, nil, optsErr
	}
	assets := w.sources.assets(it.TenantID, src.Format, w.cfg.Outputs)
	out, err := w.cfg.Renderer.Render(ctx, render.Input{Template: content, Source: src.SourcePath(), Tenant: it.TenantID,
		Data: it.Data, Format: src.Format, Options: opts, Certificates: w.sources.certificates(it.TenantID, w.cfg.Secret), Assets: assets})
	if err != nil {
		return nil, nil, err
	}
	return &paprika.Output{ContentType: out.ContentType, Bytes: int64(len(out.Body)), Pages: out.Pages},
		&storage.Output{Key: storage.ItemKey(it, src.Format), Body: out.Body}, nil
}

// listen wakes the claim loop on NOTIFY paprika_work, reconnecting as needed.
func (w *Worker) listen(ctx context.Context, wake func()) {
	for ctx.Err() == nil {
		err := w.queue.Listen(ctx, wake)
		if ctx.Err() == nil {
			w.log.Warn("listen failed; polling until it reconnects", "err", err)
			sleep(ctx, time.Second)
		}
	}
}

// renewLoop renews the held leases every third of the lease; work whose
// lease was lost (taken over, or canceled) has its render stopped.
func (w *Worker) renewLoop(ctx context.Context) {
	every(ctx, w.cfg.Lease/3, func() {
		if err := w.renew(ctx); err != nil && ctx.Err() == nil {
			w.log.Error("lease renewal failed", "err", err)
		}
	})
}

// every calls f every d, the first time d from now, until ctx ends.
func every(ctx context.Context, d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		f()
	}
}

func (w *Worker) renew(ctx context.Context) error {
	w.mu.Lock()
	refs := make([]paprika.Ref, 0, len(w.held))
	for _, r := range w.held {
		refs = append(refs, r.item.Ref())
	}
	w.mu.Unlock()
	if len(refs) == 0 {
		return nil
	}
	kept, err := w.queue.Renew(ctx, refs, w.cfg.Lease)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, ref := range refs {
		if r, ok := w.held[ref.Token]; ok && !kept[ref.Token] {
			r.lost = true
			r.cancel()
			w.log.Warn("lease lost; render stopped", "tenant", r.item.TenantID, "kind", r.item.Kind)
		}
	}
	return nil
}

// reapLoop returns work whose lease expired (its worker died) to the queue,
// or fails it with worker-lost after paprika.MaxAttempts.
func (w *Worker) reapLoop(ctx context.Context) {
	every(ctx, w.cfg.Lease/2, func() {
		if n, err := Reap(ctx, w.queue); err != nil && ctx.Err() == nil {
			w.log.Error("reaping expired leases failed", "err", err)
		} else if n > 0 {
			w.log.Warn("expired leases reaped", "count", n)
			w.cfg.Metrics.LeasesExpired(n)
		}
	})
}

// Reap releases every item whose lease has expired and returns how many.
func Reap(ctx context.Context, q Queue) (int, error) {
	refs, err := q.Expired(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range refs {
		held, err := q.Release(ctx, r, paprika.CodeWorkerLost, fmt.Sprintf("the worker rendering it stopped answering %d times", paprika.MaxAttempts), false)
		if err != nil {
			return n, err
		}
		if held {
			n++
		}
	}
	return n, nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
