package handlebars

import (
	"reflect"
	"runtime"
	"sync"

	"github.com/mailgun/raymond/v2"
)

// The state of an execution (its work, depth and deadline, execState) is
// kept out of raymond's data frames: whatever a template names, with
// {{@x}}, {{lookup}}, {{#with}}, {{log}} or {{json}}, resolves in those
// frames, so nothing of ours may be in them. Once the state was a private
// variable, @_paprika, and {{@_paprika}} printed its heap addresses.
// Instead each running execution is registered here by the address of its
// root frame, which every frame raymond and our helpers derive points back
// to, and which no template can name.

// states holds the running executions' state by their root frame's address.
var states sync.Map // uintptr -> *execState

// parentField is the index of raymond's DataFrame.parent, or -1 if a new
// raymond lost it: then only the root frame finds its state, and helpers
// inside {{#each}} fail with "template state lost" (which the tests of each
// notice).
var parentField = func() int {
	f, ok := reflect.TypeOf(raymond.DataFrame{}).FieldByName("parent")
	if !ok || f.Type != reflect.TypeOf(&raymond.DataFrame{}) {
		return -1
	}
	return f.Index[0]
}()

// register makes st the state of the executions rooted at frame, until
// the returned function forgets it. frame must stay alive until then (the
// execution holds it).
func register(frame *raymond.DataFrame, st *execState) (forget func()) {
	key := reflect.ValueOf(frame).Pointer()
	states.Store(key, st)
	return func() {
		states.Delete(key)
		// Until deleted, the address must not be reused by another
		// execution's frame.
		runtime.KeepAlive(frame)
	}
}

// lookupState finds the state of the execution frame belongs to.
func lookupState(frame *raymond.DataFrame) (*execState, bool) {
	v := reflect.ValueOf(frame)
	if v.IsNil() {
		return nil, false
	}
	for parentField >= 0 {
		p := v.Elem().Field(parentField)
		if p.IsNil() {
			break
		}
		v = p
	}
	st, ok := states.Load(v.Pointer())
	if !ok {
		return nil, false
	}
	return st.(*execState), true
}
