package names

import "github.com/surrogator/surrogator/surrogator/fictive"

// testGenerators is the generator table of the package's tests.
var testGenerators = func() fictive.Generators {
	t := fictive.Generators{}
	Install(t)
	return t
}()
