package geopack

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// zipCountPack writes a pack with one state whose municipalities are all
// of one size class; every third has `many` postcodes, the others one:
// the case where a letter naming two postcodes of one town used to get a
// one-postcode surrogate whose single code the collision rule exhausted,
// so that the second ZIP became a neighbouring town's. With bigTowns
// municipalities of `many` postcodes (the rest single-coded).
func zipCountPack(t *testing.T, n, bigTowns, many int) *geo.Pack {
	t.Helper()
	b := geo.NewBuilder()
	s := b.AddArea(geo.AreaInput{Name: "Sachsen", Level: 4, Key: "14", Parent: geo.NoArea})
	k := b.AddArea(geo.AreaInput{Name: "Landkreis Nordsachsen", Level: 6, Key: "14730", Parent: s})
	for i := 0; i < n; i++ {
		m := b.AddArea(geo.AreaInput{Name: fmt.Sprintf("Ort%02d", i), Level: 8, Key: fmt.Sprintf("14730%03d", i), Parent: k,
			Flags: geo.FlagMunicipality, Population: int64(2000 + 37*i)})
		var pcs []string
		codes := 1
		if i < bigTowns {
			codes = many
		}
		for j := 0; j < codes; j++ {
			pcs = append(pcs, fmt.Sprintf("04%01d%02d", j, i))
		}
		b.AddPostcodes(m, pcs...)
		var streets []string
		for j := 0; j < 5; j++ {
			streets = append(streets, fmt.Sprintf("Weg %d von Ort%02d", j, i))
		}
		b.AddStreets(m, streets...)
	}
	path := filepath.Join(t.TempDir(), "zips.pack")
	if _, err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return openPack(t, path)
}

// zipLetter writes the addresses of patient and GP in one town, each line
// with its own postcode of that town (zips distinct originals).
func zipLetter(g interface{ Streets(int) []string }, m int, town string, zips []string) *document.Document {
	var parts []spanSpec
	for i, z := range zips {
		parts = append(parts,
			spanSpec{"", fmt.Sprintf("\n\nAdresse %d:\n", i)},
			spanSpec{kinds.LocationStreet, g.Streets(m)[i%len(g.Streets(m))] + fmt.Sprint(" ", 3+i)},
			spanSpec{"", "\n"},
			spanSpec{kinds.LocationZip, z},
			spanSpec{"", " "},
			spanSpec{kinds.LocationCity, town})
	}
	return buildDoc(parts...)
}

// TestDistinctZipsOfOneTown: a letter writing k distinct postcodes of one
// town gets a surrogate municipality with at least k postcodes, so that
// every surrogate ZIP is one of the surrogate municipality's own (the
// pack's Postcodes query) and no two originals share one — for every seed,
// not only for the seeds whose draw happens to be a large town. When the
// state has fewer than 20 municipalities with k postcodes, the surrogate
// is still drawn from at least 20 candidates and its ZIPs are still its
// own, shared by the originals when it has fewer (the documented
// fallback, pickZip), never a neighbour's.
func TestDistinctZipsOfOneTown(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		n, bigTowns, many, k int
		// wantDistinct: every letter's ZIPs get distinct surrogates (20
		// candidates with k postcodes exist); else shared ones of the
		// surrogate's own are the documented fallback.
		wantDistinct bool
	}{
		{"two-of-three", 66, 22, 3, 2, true},
		{"three-of-three", 66, 22, 3, 3, true},
		{"fallback-few-big-towns", 40, 6, 3, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := zipCountPack(t, tc.n, tc.bigTowns, tc.many)
			g := location.Layered(New(p), location.NewEmbedded(nil))
			orig, ok := g.Lookup("Ort00")
			if !ok {
				t.Fatal("pack lacks Ort00")
			}
			zips := g.Postcodes(orig)[:tc.k]
			distinct := map[int]bool{}
			distinctZips := 0
			const seeds = 120
			for seed := 0; seed < seeds; seed++ {
				l := runDoc(t, g, zipLetter(g, orig, "Ort00", zips), fmt.Sprint(tc.name, seed))
				sid := l.sid
				if sid < 0 {
					t.Fatalf("seed %d: no surrogate place", seed)
				}
				distinct[sid] = true
				if st := g.Place(sid).State; st != "Sachsen" {
					t.Fatalf("seed %d: surrogate in %q", seed, st)
				}
				seen := map[string]bool{}
				for _, z := range l.zips {
					if seen[z] && len(g.Postcodes(sid)) >= tc.k {
						t.Errorf("seed %d: two original postcodes share surrogate %s though %s has %d", seed, z, g.Place(sid).Name, len(g.Postcodes(sid)))
					}
					seen[z] = true
					if !slices.Contains(g.Postcodes(sid), z) {
						t.Errorf("seed %d: ZIP %s is not a postcode of the surrogate %s %v (owner %v)",
							seed, z, g.Place(sid).Name, g.Postcodes(sid), g.PostcodeOwners(z))
					}
				}
				if len(seen) == tc.k {
					distinctZips++
				}
				if len(l.zips) != tc.k {
					t.Fatalf("seed %d: %d ZIP surrogates, want %d", seed, len(l.zips), tc.k)
				}
			}
			if len(distinct) < 12 {
				t.Errorf("%d distinct surrogates over %d seeds: the draw is guessable", len(distinct), seeds)
			}
			if tc.wantDistinct && distinctZips != seeds {
				t.Errorf("%d of %d letters with distinct ZIP surrogates", distinctZips, seeds)
			}
			t.Logf("%d distinct surrogates; %d of %d letters with distinct ZIP surrogates", len(distinct), distinctZips, seeds)
		})
	}
}

// zipRun is a letter's surrogate place id and its ZIP surrogates in order.
type zipRun struct {
	sid  int
	zips []string
}

func runDoc(t *testing.T, g location.Gazetteer, d *document.Document, seed string) zipRun {
	t.Helper()
	l := run(t, g, d, seed, false)
	out := zipRun{sid: l.sid}
	for i, s := range d.Spans {
		if s.Kind == kinds.LocationZip {
			out.zips = append(out.zips, l.all[i])
		}
	}
	return out
}
