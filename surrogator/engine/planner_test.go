package engine

import (
	"hash/maphash"

	"github.com/surrogator/surrogator/surrogator/engine/plan"
)

// startedPlanner returns a planner of the options (defaults applied), as
// pass 2 starts it (stop: its stop function), without the originals of
// other projects.
func startedPlanner(o *Options, isName func(string) bool, stop func() error) *plan.Planner {
	p := plan.New(maphash.Seed{}, nil, isName)
	p.Start(o.planConfig(), stop)
	return p
}
