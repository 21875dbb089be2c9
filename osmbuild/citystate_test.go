package osmbuild

import (
	"slices"
	"testing"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
)

// TestRealCityStates: extracts of a city-state's districts only (Berlin's
// Ortsteile, Bremen's Stadtteil) give a usable pack: the city-state is
// their municipality and the districts lie in it, with their postcodes
// and streets (issue 29: osmbuild refused both, "no municipality").
func TestRealCityStates(t *testing.T) {
	for _, tc := range []struct {
		extract, city, key, district string
		level                        int
		streets                      bool
	}{
		{"osm/osr__miraustr.osm.pbf", "Berlin", "11000000", "Borsigwalde", 4, true},
		{"osm/osm-admin-lookup__schwachhausen.pbf", "Bremen", "04011000", "Schwachhausen", 6, false},
	} {
		t.Run(tc.city, func(t *testing.T) {
			p, st := build(t, testutil.Shared(t, tc.extract))
			if st.Municipalities != 1 {
				t.Fatalf("%d municipalities", st.Municipalities)
			}
			c := level(t, p, tc.city, tc.level)
			if !c.IsMunicipality() || c.Key != tc.key {
				t.Errorf("%s: %+v", tc.city, c)
			}
			d := level(t, p, tc.district, 10)
			if !p.Contains(c.ID, d.ID) {
				t.Errorf("%s does not lie in %s", tc.district, tc.city)
			}
			if m, ok := p.Municipality(d.ID); !ok || m.ID != c.ID {
				t.Errorf("municipality of %s: %+v %v", tc.district, m, ok)
			}
			if tc.streets {
				if got := p.Streets(c.ID); !slices.Contains(got, "Miraustraße") {
					t.Errorf("%s streets: %d, no Miraustraße", tc.city, len(got))
				}
				if got := p.Postcodes(c.ID); !slices.Contains(got, "13509") {
					t.Errorf("%s postcodes %q", tc.city, got)
				}
			}
		})
	}
}

// TestCityStateNeedsDistrictsOnly: an extract with a municipality of its
// own gets no city-state, whatever its addresses say.
func TestCityStateNeedsDistrictsOnly(t *testing.T) {
	p, _ := build(t, testutil.Shared(t, "osm/graphhopper__lauf-200115.osm.pbf"))
	for _, name := range []string{"Berlin", "Hamburg", "Bremen"} {
		for _, a := range p.Resolve(name, geo.ResolveHint{}) {
			if a.Rings == 0 && a.IsMunicipality() {
				t.Errorf("Lauf's pack holds the city-state %s", name)
			}
		}
	}
}
