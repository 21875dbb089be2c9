package engine

import (
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/contact"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/fictive/names"
)

// DefaultGenerators returns a new table of the standard fictive
// generators: names and titles, places and facilities, IDs, contacts and
// ages. A run builds its own (Options.Generators); nothing is registered
// process-wide.
func DefaultGenerators() fictive.Generators {
	t := fictive.Generators{}
	names.Install(t)
	location.Install(t)
	contact.Install(t)
	return t
}
