package worker

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/storage"
)

// sourceCache keeps what records of one batch share (its template, format
// and options) and stored template versions, which never change once
// written, so a batch of 100,000 records reads them once.
type sourceCache struct {
	queue   Queue
	lookups chan struct{} // a token per lookup in flight, lookupsAtOnce at most

	mu        sync.Mutex
	batches   map[uuid.UUID]cachedBatch
	templates map[string]cachedTemplate
}

// cachedBatch is a batch's source with its options parsed: every record
// of the batch renders with them (parsing them for each record was 4% of a
// worker's CPU in bench/scheduler). The renderer only reads them.
type cachedBatch struct {
	src     paprika.Source
	opts    render.Options
	optsErr error
}

// cachedTemplate is a stored template's content, kept a few seconds: a
// version's content never changes, but a deleted template must stop
// rendering work still queued with it.
type cachedTemplate struct {
	content string
	at      time.Time
}

const templateCacheFor = 5 * time.Second

// sourceCacheMax bounds each cache. A full cache drops one random entry:
// clearing it all made every worker read a batch's source again for half
// the records it claimed once more than 1,024 batches took turns.
const sourceCacheMax = 4096

// lookupsAtOnce bounds the slots reading sources at once. Unbounded, every
// slot of a worker that had just started missed the cache at once, each on
// a connection of its own: a worker of 64 slots kept 64 connections open,
// idle after its first second (bench/scheduler: 128 connections for two
// such workers, 1–4 of them active), and two workers of 128 slots passed a
// max_connections of 200. A lookup takes well under a millisecond.
const lookupsAtOnce = 4

func newSourceCache(q Queue) *sourceCache {
	return &sourceCache{queue: q, lookups: make(chan struct{}, lookupsAtOnce),
		batches: map[uuid.UUID]cachedBatch{}, templates: map[string]cachedTemplate{}}
}

// lookup runs fn once a lookup token is free.
func (c *sourceCache) lookup(ctx context.Context, fn func() error) error {
	select {
	case c.lookups <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-c.lookups }()
	return fn()
}

// source returns the item's source, its parsed options and their error
// (a *paprika.Error, when they do not parse); err is the lookup's. A job
// carries its own; a record's is its batch's.
func (c *sourceCache) source(ctx context.Context, it *paprika.Item) (src paprika.Source, opts render.Options, optsErr, err error) {
	if it.Kind != paprika.KindRecord {
		opts, optsErr = render.DecodeOptions(it.Source.Options)
		return it.Source, opts, optsErr, nil
	}
	return c.batch(ctx, it.BatchID)
}

// batch returns a batch's source, its parsed options and their error (a
// *paprika.Error, when they do not parse); err is the lookup's.
func (c *sourceCache) batch(ctx context.Context, id uuid.UUID) (src paprika.Source, opts render.Options, optsErr, err error) {
	c.mu.Lock()
	b, ok := c.batches[id]
	c.mu.Unlock()
	if ok {
		return b.src, b.opts, b.optsErr, nil
	}
	err = c.lookup(ctx, func() (err error) {
		b.src, err = c.queue.BatchSource(ctx, id)
		return err
	})
	if err != nil {
		return b.src, opts, nil, fmt.Errorf("batch %s: %w", id, err)
	}
	b.opts, b.optsErr = render.DecodeOptions(b.src.Options)
	c.mu.Lock()
	if len(c.batches) >= sourceCacheMax {
		for k := range c.batches { // one random entry
			delete(c.batches, k)
			break
		}
	}
	c.batches[id] = b
	c.mu.Unlock()
	return b.src, b.opts, b.optsErr, nil
}


func (c *sourceCache) template(ctx context.Context, tenantID, id string, version int) (string, error) {
	key := fmt.Sprintf("%s\x00%s\x00%d", tenantID, id, version)
	c.mu.Lock()
	cached, ok := c.templates[key]
	c.mu.Unlock()
	if ok && time.Since(cached.at) < templateCacheFor {
		return cached.content, nil
	}
	var content string
	err := c.lookup(ctx, func() (err error) {
		content, err = c.queue.TemplateContent(ctx, tenantID, id, version)
		return err
	})
	if paprika.ErrorCode(err) == paprika.CodeNotFound {
		return "", &paprika.Error{Code: paprika.CodeTemplateError, Message: fmt.Sprintf("template %s@%d was deleted", id, version)}
	}
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	if len(c.templates) >= sourceCacheMax {
		for k := range c.templates { // one random entry
			delete(c.templates, k)
			break
		}
	}
	c.templates[key] = cachedTemplate{content: content, at: time.Now()}
	c.mu.Unlock()
	return content, nil
}

// assets are the tenant's assets for a render of format (html loads
// none): looked up, not cached, by the names the render uses, as it
// starts and as its page asks (render.NewAssets), through the worker's
// bound on lookups at once. Their bytes are cached by the render package,
// by sha256.
func (c *sourceCache) assets(tenantID, format string, outputs storage.Store) render.Assets {
	if format == render.FormatHTML {
		return nil
	}
	lookup := func(ctx context.Context, names []string) (found []paprika.Asset, err error) {
		err = c.lookup(ctx, func() error {
			found, err = c.queue.AssetsNamed(ctx, tenantID, names)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("assets of tenant %s: %w", tenantID, err)
		}
		return found, nil
	}
	return render.NewAssets(lookup, storage.AssetReader(outputs))
}
