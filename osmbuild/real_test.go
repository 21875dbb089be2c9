package osmbuild

import (
	"slices"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
)

// Acceptance tests of issue 6 on the real extracts in ../shared/osm.

func level(t *testing.T, p *geo.Pack, name string, lvl int) geo.Area {
	t.Helper()
	for _, a := range p.Resolve(name, geo.ResolveHint{}) {
		if a.Level == lvl {
			return a
		}
	}
	t.Fatalf("%s (level %d) not found; have %q", name, lvl, names(p.Resolve(name, geo.ResolveHint{})))
	return geo.Area{}
}

func poolHas(p *geo.Pack, k geo.PoolKind, name string) (geo.PoolEntry, bool) {
	pl := p.Pool(k)
	for i := 0; i < pl.Len(); i++ {
		if e := pl.Entry(i); e.Name == name {
			return e, true
		}
	}
	return geo.PoolEntry{}, false
}

func TestRealHelgoland(t *testing.T) {
	p, st := build(t, testutil.Shared(t, "osm/OSMoGrid__helgoland.pbf"))
	kreis := level(t, p, "Kreis Pinneberg", 6)
	hel := level(t, p, "Helgoland", 8)
	if !p.Contains(kreis.ID, hel.ID) || hel.Flags&geo.FlagIncomplete != 0 || hel.Rings == 0 || !st.Sorted {
		t.Errorf("Kreis Pinneberg does not contain a complete Helgoland: %+v", hel)
	}
	if m, ok := p.MunicipalityAt(54.1815, 7.8870); !ok || m.ID != hel.ID {
		t.Errorf("MunicipalityAt(Helgoland Unterland) = %q %v", m.Name, ok)
	}
	if got := p.Postcodes(hel.ID); !slices.Contains(got, "27498") {
		t.Errorf("Helgoland postcodes %q", got)
	}
	if m, ok := p.MunicipalityForPostcode("27498"); !ok || m.ID != hel.ID {
		t.Errorf("27498 → %q", m.Name)
	}
	streets := p.Streets(hel.ID)
	if len(streets) < 100 || !slices.Contains(streets, "Lung Wai") || !slices.Contains(streets, "Invasorenpfad") {
		t.Errorf("Helgoland has %d streets: %q", len(streets), streets)
	}
	e, ok := poolHas(p, geo.PoolHealthcare, "Paracelsus-Nordseeklinik")
	if !ok || e.Municipality != hel.ID || e.Category != "amenity=hospital" {
		t.Errorf("Paracelsus-Nordseeklinik: %+v %v", e, ok)
	}
}

func TestRealNorthBayreuthGzipXML(t *testing.T) {
	p, st := build(t, testutil.Shared(t, "osm/graphhopper__north-bayreuth.osm.gz"))
	h := level(t, p, "Heinersreuth", 8)
	if h.Flags&geo.FlagIncomplete != 0 || h.Rings == 0 || !h.IsMunicipality() {
		t.Fatalf("Heinersreuth not assembled: %+v", h)
	}
	lat, lon := h.Label.Deg()
	if m, ok := p.MunicipalityAt(lat, lon); !ok || m.ID != h.ID {
		t.Errorf("MunicipalityAt(Heinersreuth label) = %q", m.Name)
	}
	if len(p.Streets(h.ID)) < 20 || len(p.Postcodes(h.ID)) == 0 {
		t.Errorf("Heinersreuth: %d streets, postcodes %q", len(p.Streets(h.ID)), p.Postcodes(h.ID))
	}
	if kr := level(t, p, "Landkreis Bayreuth", 6); !p.Contains(kr.ID, h.ID) {
		t.Errorf("Heinersreuth not in Landkreis Bayreuth")
	}
	if st.AdminRelations != 13 || st.PostalRelations != 9 || st.IncompleteAreas != 12 {
		t.Errorf("stats: %d admin, %d postal, %d incomplete", st.AdminRelations, st.PostalRelations, st.IncompleteAreas)
	}
}

// Incomplete relations: build without error, municipalities placed by
// their official keys.
func TestRealIncomplete(t *testing.T) {
	for _, tt := range []struct {
		file, muni, key, chain string
	}{
		{"osm/graphhopper__harsdorf.osm.pbf", "Harsdorf", "09477119", "Trebgast (VGem)<Landkreis Kulmbach"},
		{"osm/graphhopper__harsdorf.osm.pbf", "Bindlach", "09472119", "Landkreis Bayreuth"},
		{"osm/graphhopper__lauf-200115.osm.pbf", "Lauf an der Pegnitz", "09574138", "Landkreis Nürnberger Land"},
		{"osm/graphhopper__lauf-200115.osm.pbf", "Rückersdorf", "09574154", "Landkreis Nürnberger Land"},
	} {
		t.Run(tt.muni, func(t *testing.T) {
			p, st := build(t, testutil.Shared(t, tt.file))
			a := level(t, p, tt.muni, 8)
			if a.Key != tt.key || a.Flags&geo.FlagIncomplete == 0 || a.Flags&geo.FlagParentByKey == 0 || !a.IsMunicipality() {
				t.Errorf("%s = %+v", tt.muni, a)
			}
			var chain []string
			for _, anc := range p.Ancestors(a.ID) {
				chain = append(chain, anc.Name)
			}
			if strings.Join(chain, "<") != tt.chain {
				t.Errorf("ancestors %q want %s", chain, tt.chain)
			}
			if st.IncompleteAreas == 0 || st.BrokenRings == 0 || st.ParentByKey == 0 {
				t.Errorf("incomplete relations not reported: %+v", st)
			}
		})
	}
	p, _ := build(t, testutil.Shared(t, "osm/graphhopper__lauf-200115.osm.pbf"))
	lauf := level(t, p, "Lauf an der Pegnitz", 8)
	if n := len(p.Streets(lauf.ID)); n < 250 || !slices.Contains(p.Postcodes(lauf.ID), "91207") {
		t.Errorf("Lauf: %d streets, postcodes %q", n, p.Postcodes(lauf.ID))
	}
	if p.Pool(geo.PoolHealthcare).Len() == 0 {
		t.Error("Lauf: no healthcare POIs")
	}
}

func TestRealSchwachhausenLevels(t *testing.T) {
	p, _ := build(t, testutil.Shared(t, "osm/osm-admin-lookup__schwachhausen.pbf"))
	l10, l11 := level(t, p, "Schwachhausen", 10), level(t, p, "Schwachhausen", 11)
	if !p.Contains(l10.ID, l11.ID) || p.Contains(l11.ID, l10.ID) {
		t.Errorf("level 11 (pop %d) should lie in level 10 (pop %d): parents %d, %d", l11.Population, l10.Population, l11.Parent, l10.Parent)
	}
	as := p.AreasAt(53.0854, 8.8363)
	if len(as) != 2 || as[0].ID != l10.ID || as[1].ID != l11.ID {
		t.Errorf("AreasAt = %q", names(as))
	}
}

func TestRealMiraustr(t *testing.T) {
	p, _ := build(t, testutil.Shared(t, "osm/osr__miraustr.osm.pbf"))
	b := level(t, p, "Borsigwalde", 10)
	if b.Flags&geo.FlagIncomplete != 0 || b.Rings == 0 {
		t.Fatalf("Borsigwalde incomplete: %+v", b)
	}
	if got := p.Postcodes(b.ID); !slices.Contains(got, "13509") || !slices.Contains(got, "13403") {
		t.Errorf("Borsigwalde postcodes %q", got)
	}
	if got := p.Streets(b.ID); !slices.Contains(got, "Miraustraße") {
		t.Errorf("Borsigwalde streets %q", got)
	}
	if _, ok := poolHas(p, geo.PoolHealthcare, "Vivantes Humboldt-Klinikum"); !ok {
		t.Error("Vivantes Humboldt-Klinikum missing from the healthcare pool")
	}
}

func TestRealHeidelbergNoAdmin(t *testing.T) {
	p, st := build(t, testutil.Shared(t, "osm/openrouteservice__heidelberg.test.pbf"))
	if st.AdminRelations != 0 || p.Info().Pools[geo.PoolOther] == 0 {
		t.Errorf("stats %+v", st)
	}
}
