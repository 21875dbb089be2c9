package osmbuild

import (
	"strconv"
	"strings"

	"github.com/paulmach/osm"
	"github.com/surrogator/surrogator/geo"
)

// adminLevel returns the admin_level of a boundary=administrative
// relation in 2..11, or 0.
func adminLevel(t osm.Tags) int {
	if t.Find("boundary") != "administrative" {
		return 0
	}
	l, err := strconv.Atoi(strings.TrimSpace(t.Find("admin_level")))
	if err != nil || l < 2 || l > 11 {
		return 0
	}
	return l
}

func isPostal(t osm.Tags) bool {
	return t.Find("boundary") == "postal_code" && t.Find("postal_code") != ""
}

// parsePopulation reads the leading digits of a population tag, ignoring
// thousands separators ("37 845", "37.845").
func parsePopulation(s string) int64 {
	var n int64
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			n = n*10 + int64(r-'0')
			if n > 1e10 {
				return 0
			}
		case r == '.' || r == ' ' || r == ',' || r == '\u00a0' || r == '\'':
		default:
			return n
		}
	}
	return n
}

// streetHighways are the highway values whose names count as streets.
var streetHighways = map[string]bool{
	"primary": true, "secondary": true, "tertiary": true, "unclassified": true, "residential": true,
	"living_street": true, "pedestrian": true, "service": true, "road": true, "trunk": true,
	"primary_link": false, "footway": true, "path": true, "cycleway": true, "track": true, "bridleway": true,
}

func isStreet(t osm.Tags) bool { return streetHighways[t.Find("highway")] && t.Find("name") != "" }

func hasAddr(t osm.Tags) bool { return t.Find("addr:street") != "" || t.Find("addr:postcode") != "" }

var healthAmenity = map[string]bool{"hospital": true, "clinic": true, "doctors": true, "dentist": true, "pharmacy": true}

// poolOf classifies a named object: healthcare (healthcare=*, amenity=
// hospital|clinic|doctors|dentist|pharmacy) before organisation (office,
// craft, club, industrial) before other (amenity, shop, tourism, leisure).
func poolOf(t osm.Tags) (geo.PoolKind, string, bool) {
	if t.Find("name") == "" {
		return 0, "", false
	}
	if a := t.Find("amenity"); healthAmenity[a] {
		return geo.PoolHealthcare, "amenity=" + a, true
	}
	if h := t.Find("healthcare"); h != "" && h != "no" {
		return geo.PoolHealthcare, "healthcare=" + h, true
	}
	for _, k := range []string{"office", "craft", "club", "industrial"} {
		if v := t.Find(k); v != "" && v != "no" {
			return geo.PoolOrganisation, k + "=" + v, true
		}
	}
	for _, k := range []string{"amenity", "shop", "tourism", "leisure"} {
		if v := t.Find(k); v != "" && v != "no" {
			return geo.PoolOther, k + "=" + v, true
		}
	}
	return 0, "", false
}

// placeKinds are place=* values that stand for a municipality when no
// boundary covers them.
var placeKinds = map[string]bool{"city": true, "town": true, "village": true, "municipality": true}
