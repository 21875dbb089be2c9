package location

import (
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

func init() {
	fictive.Register(generateStreet, kinds.LocationStreet)
	fictive.Register(generateCity, kinds.LocationCity)
	fictive.Register(generateZip, kinds.LocationZip)
	fictive.Register(generateState, kinds.LocationState)
	fictive.Register(generateCountry, kinds.LocationCountry)
	fictive.Register(generateFacility, kinds.LocationHospital, kinds.LocationOrganization, kinds.LocationOther)
}
