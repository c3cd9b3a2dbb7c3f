package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// Object is a stored output opened for reading, an io.ReadSeekCloser for
// http.ServeContent over any Store. Seeking costs nothing; reading sends one
// ranged read from where the last Seek left it and keeps reading from it
// until the next Seek elsewhere. So a whole download is one GET, a Range
// request one ranged GET, and a 304 none.
type Object struct {
	Info
	ctx   context.Context
	store Store
	key   string
	pos   int64         // where the next Read reads
	r     io.ReadCloser // open at rpos, or nil
	rpos  int64
}

// Open describes the object at key (ErrNotExist when there is none) and
// returns it, ready to read from its start.
func Open(ctx context.Context, s Store, key string) (*Object, error) {
	info, err := s.Stat(ctx, key)
	if err != nil {
		return nil, err
	}
	return &Object{Info: info, ctx: ctx, store: s, key: key}, nil
}

// Read reads from the current offset, opening a ranged read there if none is.
func (o *Object) Read(p []byte) (int, error) {
	if o.pos >= o.Size {
		return 0, io.EOF
	}
	if o.r != nil && o.rpos != o.pos {
		o.r.Close()
		o.r = nil
	}
	if o.r == nil {
		r, err := o.store.NewRangeReader(o.ctx, o.key, o.pos, -1)
		if err != nil {
			return 0, err
		}
		o.r, o.rpos = r, o.pos
	}
	if max := o.Size - o.pos; int64(len(p)) > max {
		p = p[:max]
	}
	n, err := o.r.Read(p)
	o.pos += int64(n)
	o.rpos += int64(n)
	if errors.Is(err, io.EOF) && o.pos < o.Size {
		// Shorter than Stat said: replaced or cut while being read.
		return n, fmt.Errorf("storage: %s ended at byte %d of %d: %w", o.key, o.pos, o.Size, io.ErrUnexpectedEOF)
	}
	if errors.Is(err, io.EOF) {
		err = nil // the end, and n > 0: the next Read says EOF
	}
	return n, err
}

// Seek moves the offset; it sends nothing.
func (o *Object) Seek(offset int64, whence int) (int64, error) {
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		pos = o.pos + offset
	case io.SeekEnd:
		pos = o.Size + offset
	default:
		return 0, errors.New("storage: bad whence")
	}
	if pos < 0 {
		return 0, errors.New("storage: seek before the start")
	}
	o.pos = pos
	return pos, nil
}

// Close ends the open read, if any.
func (o *Object) Close() error {
	if o.r == nil {
		return nil
	}
	err := o.r.Close()
	o.r = nil
	return err
}
