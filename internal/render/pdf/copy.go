package pdf

import (
	"fmt"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// copier writes the objects of one source document that its pages reach,
// renumbered into the merged document. The source's page tree, catalog,
// information and encryption are not copied: the merge writes its own.
type copier struct {
	m     *merger
	src   *model.Context
	nums  map[int]int        // source object number → merged number
	pages map[int]types.Dict // the source's pages, inherited attributes added
	node  map[int]int        // the merged page tree node of each page
	queue []int              // source objects numbered but not written yet
	// prefix makes the source's named destinations (a link's target
	// within the document) unique in the merged one: "r12.terms".
	prefix string
}

// dests copies the source's named destinations (the catalog's /Dests,
// where Chromium puts the targets of its links within the page) into the
// merged document's, under the source's prefix.
func (c *copier) dests() error {
	cat, err := c.src.Catalog()
	if err != nil || cat == nil {
		return err
	}
	obj, ok := cat["Dests"]
	if !ok {
		return nil
	}
	d, err := c.src.DereferenceDict(obj)
	if err != nil || d == nil {
		return err
	}
	for name, v := range d {
		if v, err = c.src.Dereference(v); err != nil {
			return err
		}
		out, err := c.copy(v, 0)
		if err != nil {
			return fmt.Errorf("destination %s: %w", name, err)
		}
		if len(c.m.dests) >= maxDests {
			return fmt.Errorf("more than %d named destinations", maxDests)
		}
		c.m.dests = append(c.m.dests, namedDest{name: c.prefix + name, dest: out.PDFString()})
	}
	return nil
}

// maxDests bounds the named destinations a merge keeps in memory until it
// writes them at the end.
const maxDests = 1 << 20

// ref numbers a source object in the merged document, queueing it to be
// written. References to the source's page tree nodes become the merged
// root's, so an annotation's /Parent chain stays valid.
func (c *copier) ref(src int) int {
	if n, ok := c.nums[src]; ok {
		return n
	}
	if d := c.dict(src); d != nil && d.Type() != nil {
		switch *d.Type() {
		case "Pages":
			return objPages
		case "Catalog":
			return objCatalog
		}
	}
	n := c.m.alloc()
	c.nums[src] = n
	c.queue = append(c.queue, src)
	return n
}

func (c *copier) dict(src int) types.Dict {
	obj, err := c.object(src)
	if err != nil {
		return nil
	}
	d, _ := obj.(types.Dict)
	return d
}

// object is a source object, nil if free or missing. One in an object
// stream (as pdfcpu writes a document finished with options.pdf) is
// decoded first: until then the table holds it undecoded, with its
// references unseen.
func (c *copier) object(src int) (types.Object, error) {
	return c.src.Dereference(*types.NewIndirectRef(src, 0))
}

// drain writes the queued objects, queueing what they refer to.
func (c *copier) drain() error {
	for len(c.queue) > 0 {
		src := c.queue[0]
		c.queue = c.queue[1:]
		var obj types.Object
		pd, page := c.pages[src]
		if page {
			delete(pd, "Parent")
			obj = pd
		} else {
			var err error
			if obj, err = c.object(src); err != nil {
				return fmt.Errorf("object %d: %w", src, err)
			}
		}
		out, err := c.copy(obj, 0)
		if err != nil {
			return fmt.Errorf("object %d: %w", src, err)
		}
		if page {
			out.(types.Dict)["Parent"] = *types.NewIndirectRef(c.node[src], 0)
		}
		c.m.object(c.nums[src], out)
		if c.m.err != nil {
			return c.m.err
		}
	}
	return nil
}

// maxDepth bounds the nesting of direct objects, against a crafted
// document's stack-deep arrays.
const maxDepth = 256

// copy returns obj with its references renumbered and, when the merged
// document is encrypted, its strings encrypted.
func (c *copier) copy(obj types.Object, depth int) (types.Object, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("objects nested deeper than %d", maxDepth)
	}
	switch v := obj.(type) {
	case types.IndirectRef:
		return *types.NewIndirectRef(c.ref(v.ObjectNumber.Value()), 0), nil
	case *types.IndirectRef:
		return *types.NewIndirectRef(c.ref(v.ObjectNumber.Value()), 0), nil
	case types.Dict:
		d := make(types.Dict, len(v))
		goTo := v["S"] == types.Name("GoTo")
		for k, x := range v {
			if n, ok := x.(types.Name); ok && (k == "Dest" || (k == "D" && goTo)) {
				d[k] = types.Name(c.prefix + string(n)) // a named destination
				continue
			}
			y, err := c.copy(x, depth+1)
			if err != nil {
				return nil, err
			}
			d[k] = y
		}
		return d, nil
	case types.Array:
		a := make(types.Array, len(v))
		for i, x := range v {
			y, err := c.copy(x, depth+1)
			if err != nil {
				return nil, err
			}
			a[i] = y
		}
		return a, nil
	case types.StreamDict:
		d, err := c.copy(v.Dict, depth+1)
		if err != nil {
			return nil, err
		}
		sd := v
		sd.Dict = d.(types.Dict)
		delete(sd.Dict, "Length")
		return sd, nil
	case types.StringLiteral:
		if c.m.crypt == nil {
			return v, nil
		}
		b, err := types.Unescape(v.Value())
		if err != nil {
			return nil, err
		}
		return types.NewHexLiteral(c.m.crypt.encrypt(b)), nil
	case types.HexLiteral:
		if c.m.crypt == nil {
			return v, nil
		}
		b, err := v.Bytes()
		if err != nil {
			return nil, err
		}
		return types.NewHexLiteral(c.m.crypt.encrypt(b)), nil
	}
	return obj, nil
}
