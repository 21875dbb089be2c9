package geopack

import (
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/contact"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
)

// testGenerators is the generator table of the package's tests.
var testGenerators = func() fictive.Generators {
	t := fictive.Generators{}
	location.Install(t)
	contact.Install(t)
	return t
}()
