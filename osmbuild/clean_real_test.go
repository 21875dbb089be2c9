package osmbuild

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
)

// sharedExtracts are the shared OSM extracts; every one builds.
var sharedExtracts = []string{
	"osm/graphhopper__lauf-200115.osm.pbf",
	"osm/OSMoGrid__helgoland.pbf",
	"osm/osr__miraustr.osm.pbf",
	"osm/openrouteservice__heidelberg.test.pbf",
	"osm/osm-admin-lookup__schwachhausen.pbf",
	"osm/graphhopper__north-bayreuth.osm.gz",
	"osm/graphhopper__harsdorf.osm.pbf",
}

// buildDropped builds an extract without embeddings and returns the pack
// and the dropped candidates.
func buildDropped(t *testing.T, in string) (*geo.Pack, Stats, []Dropped) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.pack")
	var drops []Dropped
	st, err := Build(context.Background(), in, out, Options{Workers: 2, NoEmbeddings: true,
		OnDrop: func(d Dropped) { drops = append(drops, d) }})
	if err != nil {
		t.Fatalf("Build(%s): %v", filepath.Base(in), err)
	}
	p, err := geo.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, st, drops
}

// Independent checks of what remains in a pool: no "Firstname Surname"
// pair of the lexicon, no title, no parking or fuel word.
var (
	leftoverParkingFuel = regexp.MustCompile(`(?i)parkplatz|parkhaus|tiefgarage|dauerparker|(^|\s)p\d(\s|$)|tankstelle|service station|autohof`)
	leftoverTitle       = regexp.MustCompile(`(^|\s)(Dr|Prof|Dipl)\.`)
)

func personPair(names *data.Resources, name string) (string, bool) {
	toks := strings.Fields(name)
	for i := 0; i+1 < len(toks); i++ {
		a, b := trimPunct(toks[i]), trimPunct(toks[i+1])
		if i > 0 && saintMarkers[strings.ToLower(toks[i-1])] {
			continue
		}
		if capitalised(a) && capitalised(b) && names.IsFirstName(a) && names.IsSurname(b) && !domainWord(b) {
			return a + " " + b, true
		}
	}
	return "", false
}

// TestRealPoolCleaning lists, per shared extract, the pool candidates
// dropped and why (golden files under testdata/dropped), and checks that
// no person, title, parking or fuel name remains in any pool.
func TestRealPoolCleaning(t *testing.T) {
	names := data.Default()
	for _, rel := range sharedExtracts {
		base := filepath.Base(rel)
		t.Run(base, func(t *testing.T) {
			p, st, drops := buildDropped(t, testutil.Shared(t, rel))
			SortDropped(drops)
			var b strings.Builder
			fmt.Fprintf(&b, "# %s: pool entries kept %d (healthcare %d, organisation %d, other %d)\n", base,
				st.Pools[0]+st.Pools[1]+st.Pools[2], st.Pools[0], st.Pools[1], st.Pools[2])
			fmt.Fprintf(&b, "# dropped by reason:")
			for r := ReasonJunk; r < NumReasons; r++ {
				fmt.Fprintf(&b, " %s %d", r, st.Dropped[r])
			}
			fmt.Fprintln(&b)
			fmt.Fprintln(&b, "# names © OpenStreetMap contributors (ODbL); a name with a person in it (and every person or junk entry) as its digest")
			for _, d := range drops {
				name := d.Name
				if _, person := personPair(names, d.Name); person || d.Reason == ReasonPerson || d.Reason == ReasonJunk ||
					leftoverTitle.MatchString(d.Name) {
					// OSM names persons too: the repository keeps no one's
					// name, only what identifies the entry
					sum := sha256.Sum256([]byte(d.Name))
					name = "sha256:" + hex.EncodeToString(sum[:6])
				}
				fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", d.Reason, d.Category, name, d.Class)
			}
			testutil.Golden(t, "testdata/dropped/"+strings.TrimSuffix(strings.TrimSuffix(base, ".pbf"), ".gz")+".golden", []byte(b.String()))

			rows, ok := p.PoolReport()
			if len(drops)+p.Info().Pools[0]+p.Info().Pools[1]+p.Info().Pools[2] > 0 && !ok {
				t.Fatal("the pack has no pool report")
			}
			kept := 0
			for _, r := range rows {
				if r.Kept {
					kept += r.Count
				}
			}
			if want := st.Pools[0] + st.Pools[1] + st.Pools[2]; kept != want {
				t.Errorf("pool report keeps %d entries, the pools hold %d", kept, want)
			}
			// -v: a sample of what each class keeps, to read by eye
			sample := map[string][]string{}
			for k := geo.PoolKind(0); k < geo.NumPools; k++ {
				pl := p.Pool(k)
				for i := 0; i < pl.Len(); i++ {
					e := pl.Entry(i)
					if c := className(e.Name, e.Category); testing.Verbose() && len(sample[c]) < 6 {
						sample[c] = append(sample[c], e.Name)
					}
					if pair, bad := personPair(names, e.Name); bad {
						t.Errorf("pool %s keeps a person's name %q in %q", k, pair, e.Name)
					}
					if leftoverParkingFuel.MatchString(e.Name) || leftoverTitle.MatchString(e.Name) ||
						parkingCats[e.Category] || fuelCats[e.Category] {
						t.Errorf("pool %s keeps %q (%s)", k, e.Name, e.Category)
					}
				}
			}
			classes := make([]string, 0, len(sample))
			for c := range sample {
				classes = append(classes, c)
			}
			sort.Strings(classes)
			for _, c := range classes {
				t.Logf("kept %-24s %s", c, strings.Join(sample[c], " | "))
			}
		})
	}
}

// The examples of issue 24 from the Lauf pack.
func TestRealLaufIssueExamples(t *testing.T) {
	p, _, drops := buildDropped(t, testutil.Shared(t, "osm/graphhopper__lauf-200115.osm.pbf"))
	why := map[string]Reason{}
	for _, d := range drops {
		why[d.Name] = d.Reason
	}
	for name, want := range map[string]Reason{
		"Krankenhaus P2 Dauerparker":                    ReasonParking,
		"Agip Service Station Lauf":                     ReasonFuel,
		"Führungsakademie der Bundesagentur für Arbeit": ReasonMisleading,
	} {
		if why[name] != want {
			t.Errorf("%q dropped for %q, want %q", name, why[name], want)
		}
		for k := geo.PoolKind(0); k < geo.NumPools; k++ {
			if _, ok := poolHas(p, k, name); ok {
				t.Errorf("%q is still in pool %s", name, k)
			}
		}
	}
	// the beauty shop named "Institut" is no university's surrogate any
	// more: neither with the person nor without it is it in a pool
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		for _, n := range []string{"Kosmetik & Wellness Institut - Martina Peschek", "Kosmetik & Wellness Institut"} {
			if _, ok := poolHas(p, k, n); ok {
				t.Errorf("%q is still in pool %s", n, k)
			}
		}
	}
	if e, ok := poolHas(p, geo.PoolHealthcare, "Physiotherapie und Naturheilpraxis"); !ok || className(e.Name, e.Category) != "physiotherapy" {
		t.Errorf("K. Dobler's practice without the person: %+v %v", e, ok)
	}
}
