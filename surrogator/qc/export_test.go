package qc

import (
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// Run is RunWith with a suspect detector over the embedded resources (for
// the tests).
func Run(p *formats.Project) *Project {
	return RunWith(p, suspects.New(suspects.Options{}))
}
