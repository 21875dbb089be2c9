package testutil

import (
	"context"
	"sync/atomic"
)

// Countdown is a context whose Err reports context.Canceled from its n-th
// call on (Done never closes): it interrupts work at each point that
// checks its context, in turn, so that a test can stop it at every one.
type Countdown struct {
	context.Context
	n atomic.Int64
}

// NewCountdown returns a Countdown whose Err calls 1…n report nil.
func NewCountdown(n int64) *Countdown {
	c := &Countdown{Context: context.Background()}
	c.n.Store(n)
	return c
}

// Err reports context.Canceled once n calls have reported nil.
func (c *Countdown) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// Left is n less the calls of Err so far (negative once it reported
// Canceled).
func (c *Countdown) Left() int64 { return c.n.Load() }
