package location

import (
	"fmt"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Install adds the location generators (street, city, ZIP, state,
// country, facilities) to a run's table.
func Install(t fictive.Generators) {
	t.Add(guard(generateStreet), kinds.LocationStreet)
	t.Add(guard(generateCity), kinds.LocationCity)
	t.Add(guard(generateZip), kinds.LocationZip)
	t.Add(guard(generateState), kinds.LocationState)
	t.Add(guard(generateCountry), kinds.LocationCountry)
	t.Add(guard(generateFacility), kinds.LocationHospital, kinds.LocationOrganization, kinds.LocationOther)
}

// guard rejects a context without the consistency scope every generator
// needs.
func guard(g fictive.Generator) fictive.Generator {
	return func(original string, ctx *fictive.Context) (string, error) {
		if ctx == nil || ctx.Scope == nil {
			return "", fmt.Errorf("location: context without a consistency scope")
		}
		return g(original, ctx)
	}
}
