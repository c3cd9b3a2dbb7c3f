// Package webhooktest holds real servers for webhook tests: a canary that
// counts the connections that reach it, and a DNS server that resolves
// every name to the address a test chooses (DNS rebinding in a box).
package webhooktest

import (
	"context"
	"encoding/binary"
	"net"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// Canary listens on a loopback port, on 127.0.0.1 and (when the machine
// has it) ::1, and counts the connections it accepts.
type Canary struct {
	Port    int
	accepts atomic.Int64
	wg      sync.WaitGroup
}

// NewCanary starts a canary that stops when the test ends.
func NewCanary(t testing.TB) *Canary {
	t.Helper()
	c := &Canary{}
	v6 := ipv6Loopback()
	var lns []net.Listener
	for try := 0; try < 20 && lns == nil; try++ {
		ln4, err := net.Listen("tcp4", "127.0.0.1:0")
		if err != nil {
			t.Fatalf("canary: %v", err)
		}
		c.Port = ln4.Addr().(*net.TCPAddr).Port
		lns = []net.Listener{ln4}
		if v6 {
			ln6, err := net.Listen("tcp6", "[::1]:"+strconv.Itoa(c.Port))
			if err != nil {
				ln4.Close()
				lns = nil // the port is taken on ::1; try another
				continue
			}
			lns = append(lns, ln6)
		}
	}
	if lns == nil {
		t.Fatal("canary: no port free on both 127.0.0.1 and ::1")
	}
	for _, ln := range lns {
		c.wg.Add(1)
		go func() {
			defer c.wg.Done()
			for {
				conn, err := ln.Accept()
				if err != nil {
					return
				}
				c.accepts.Add(1)
				conn.Close()
			}
		}()
	}
	t.Cleanup(func() {
		for _, ln := range lns {
			ln.Close()
		}
		c.wg.Wait()
	})
	return c
}

// Accepts returns how many connections reached the canary.
func (c *Canary) Accepts() int64 { return c.accepts.Load() }

// ipv6Loopback reports whether ::1 can be bound here at all.
func ipv6Loopback() bool {
	ln, err := net.Listen("tcp6", "[::1]:0")
	if err != nil {
		return false
	}
	ln.Close()
	return true
}

// Resolver starts a DNS server on 127.0.0.1 (UDP) that answers every A
// question with v4 and every AAAA question with v6 (none when invalid), and
// returns a resolver that asks only it. It stops when the test ends.
func Resolver(t testing.TB, v4, v6 netip.Addr) *net.Resolver {
	t.Helper()
	pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("dns: %v", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 1500)
		for {
			n, addr, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if resp := answer(buf[:n], v4, v6); resp != nil {
				_, _ = pc.WriteTo(resp, addr)
			}
		}
	}()
	t.Cleanup(func() { pc.Close(); <-done })
	server := pc.LocalAddr().String()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp4", server)
	}}
}

// answer builds the reply to one DNS query (RFC 1035 §4): its question, and
// one answer record pointing back at the question's name.
func answer(q []byte, v4, v6 netip.Addr) []byte {
	if len(q) < 12 || binary.BigEndian.Uint16(q[4:6]) != 1 {
		return nil
	}
	end := 12
	for end < len(q) && q[end] != 0 {
		end += int(q[end]) + 1
	}
	end += 5 // the root label, QTYPE, QCLASS
	if end > len(q) {
		return nil
	}
	qtype := binary.BigEndian.Uint16(q[end-4 : end-2])
	var rdata []byte
	switch {
	case qtype == 1 && v4.Is4():
		b := v4.As4()
		rdata = b[:]
	case qtype == 28 && v6.Is6():
		b := v6.As16()
		rdata = b[:]
	}
	resp := make([]byte, 0, end+16+len(rdata))
	resp = append(resp, q[0], q[1], 0x81, 0x80) // id; a response, recursion desired and available, no error
	resp = binary.BigEndian.AppendUint16(resp, 1)
	ancount := uint16(0)
	if rdata != nil {
		ancount = 1
	}
	resp = binary.BigEndian.AppendUint16(resp, ancount)
	resp = append(resp, 0, 0, 0, 0) // no authority, no additional records
	resp = append(resp, q[12:end]...)
	if rdata != nil {
		resp = append(resp, 0xc0, 12) // the name: a pointer to the question's
		resp = binary.BigEndian.AppendUint16(resp, qtype)
		resp = binary.BigEndian.AppendUint16(resp, 1) // IN
		resp = binary.BigEndian.AppendUint32(resp, 0) // TTL
		resp = binary.BigEndian.AppendUint16(resp, uint16(len(rdata)))
		resp = append(resp, rdata...)
	}
	return resp
}
