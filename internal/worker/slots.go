package worker

// renderSlot is a long-lived goroutine that runs one item's process call at
// a time. A template's evaluation recurses deeply (raymond's visitor calls
// helpers through reflection), so in a goroutine of its own, started with a
// small stack, every render grew the stack and copied it several times:
// 9.5% of a worker's CPU on bench/product (runtime.newstack). A slot's stack
// grows once, on its first renders, and stays grown.
type renderSlot struct {
	work chan func()
	done chan struct{}
}

// newRenderSlots starts n slots and returns them ready to be taken: taking
// one from the channel is taking a render slot, putting it back frees it.
func newRenderSlots(n int) chan renderSlot {
	free := make(chan renderSlot, n)
	for range n {
		s := renderSlot{work: make(chan func()), done: make(chan struct{})}
		go func() {
			for f := range s.work {
				f()
				s.done <- struct{}{}
			}
		}()
		free <- s
	}
	return free
}

// run runs f on the slot and returns once f has.
func (s renderSlot) run(f func()) {
	s.work <- f
	<-s.done
}

// stopRenderSlots ends the n slots' goroutines, once every slot is back.
func stopRenderSlots(free chan renderSlot, n int) {
	for range n {
		close((<-free).work)
	}
}
