package geo

import (
	"math/rand/v2"
	"testing"
)

func TestSearch(t *testing.T) {
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		prefix string
		limit  int
		want   []string
	}{
		{"helgoland", 0, []string{"Helgoland"}},
		{"HELGO", 0, []string{"Helgoland"}},
		{"pinne", 0, []string{"Pinneberg"}}, // "kreis pinneberg" does not start with it
		{"kreis", 0, []string{"Kreis Pinneberg"}},
		{"düne", 0, []string{"Düneninsel"}}, // name:de "Düne" exactly, and "Düneninsel"
		{"duene", 0, []string{"Düneninsel"}},
		{"schleswig-hol", 0, []string{"Schleswig-Holstein"}},
		{"", 0, nil},
		{"x", 0, nil},
	} {
		got := p.Search(tc.prefix, tc.limit)
		var names []string
		for _, a := range got {
			names = append(names, a.Name)
		}
		if len(names) != len(tc.want) {
			t.Errorf("Search(%q) = %q, want %q", tc.prefix, names, tc.want)
			continue
		}
		for i := range names {
			if names[i] != tc.want[i] {
				t.Errorf("Search(%q) = %q, want %q", tc.prefix, names, tc.want)
			}
		}
	}
	// municipalities first, then by population; an exact name before
	// prefixes; the limit cuts
	if got := p.Search("p", 0); len(got) != 1 || got[0].Name != "Pinneberg" {
		t.Errorf("Search(p) = %v", got)
	}
	if got := p.Search("", 1); got != nil {
		t.Errorf("empty prefix: %v", got)
	}
}

func TestAreasNear(t *testing.T) {
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	// inside Helgoland: the containing areas, distance 0
	if got := p.AreasNear(54.2, 7.9, 2); len(got) != 3 || got[2].Name != "Helgoland" || got[2].Km != 0 {
		t.Errorf("inside: %+v", got)
	}
	// 0.05° north of the state's edge (55°): ≈ 5.6 km
	if got := p.AreasNear(55.05, 8, 2); len(got) != 0 {
		t.Errorf("5.6 km off with 2 km tolerance: %+v", got)
	}
	got := p.AreasNear(55.05, 8, 6)
	if len(got) != 1 || got[0].Name != "Schleswig-Holstein" || got[0].Km < 5.4 || got[0].Km > 5.8 {
		t.Errorf("5.6 km off with 6 km tolerance: %+v", got)
	}
	if got := p.AreasNear(55.05, 8, 0); len(got) != 0 {
		t.Errorf("no tolerance: %+v", got)
	}
}

// TestSampleMunicipalitiesDistinct: every draw is distinct and kept by
// keep, for every n and seed; fewer only when no more exist.
func TestSampleMunicipalitiesDistinct(t *testing.T) {
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	addressable := func(a Area) bool { return len(p.Postcodes(a.ID)) > 0 }
	for seed := uint64(0); seed < 50; seed++ {
		for n := 1; n <= 4; n++ {
			rng := rand.New(rand.NewPCG(seed, 1))
			got := p.SampleMunicipalities(NoArea, SizeVillage, n, rng, addressable)
			seen := map[AreaID]bool{}
			for _, a := range got {
				if seen[a.ID] || !a.IsMunicipality() || !addressable(a) {
					t.Fatalf("seed %d n %d: %+v", seed, n, got)
				}
				seen[a.ID] = true
			}
			if want := min(n, 2); len(got) != want {
				t.Fatalf("seed %d n %d: %d drawn, want %d", seed, n, len(got), want)
			}
		}
	}
	if got := p.SampleMunicipalities(NoArea, SizeCity, 3, rand.New(rand.NewPCG(1, 1)), nil); len(got) != 3 {
		t.Errorf("all three municipalities (neighbour classes): %d", len(got))
	}
}
