package location

import (
	"fmt"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

func init() {
	fictive.Register(guard(generateStreet), kinds.LocationStreet)
	fictive.Register(guard(generateCity), kinds.LocationCity)
	fictive.Register(guard(generateZip), kinds.LocationZip)
	fictive.Register(guard(generateState), kinds.LocationState)
	fictive.Register(guard(generateCountry), kinds.LocationCountry)
	fictive.Register(guard(generateFacility), kinds.LocationHospital, kinds.LocationOrganization, kinds.LocationOther)
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
