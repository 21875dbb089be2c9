package osmbuild

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
)

// build runs Build on in and opens the result.
func build(t testing.TB, in string) (*geo.Pack, Stats) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.pack")
	st, err := Build(context.Background(), in, out, Options{Workers: 2})
	if err != nil {
		t.Fatalf("Build(%s): %v", filepath.Base(in), err)
	}
	p, err := geo.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, st
}

// dump renders a pack's content (without build metadata) for golden files.
func dump(p *geo.Pack) string {
	var b strings.Builder
	for i := 0; i < p.NumAreas(); i++ {
		a, _ := p.Area(geo.AreaID(i))
		lat, lon := a.Label.Deg()
		fmt.Fprintf(&b, "#%d %q de=%q key=%q level=%d flags=%d pop=%d parent=%d rings=%d label=%.5f,%.5f\n",
			a.ID, a.Name, a.NameDe, a.Key, a.Level, a.Flags, a.Population, a.Parent, a.Rings, lat, lon)
		if pc := p.Postcodes(a.ID); len(pc) > 0 {
			fmt.Fprintf(&b, "  postcodes %q\n", pc)
		}
		if st := p.Streets(a.ID); len(st) > 0 {
			fmt.Fprintf(&b, "  streets %q\n", st)
		}
	}
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		pl := p.Pool(k)
		for i := 0; i < pl.Len(); i++ {
			e := pl.Entry(i)
			fmt.Fprintf(&b, "pool %s %q %s muni=%d\n", k, e.Name, e.Category, e.Municipality)
		}
	}
	return b.String()
}

func names(as []geo.Area) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func one(t *testing.T, p *geo.Pack, name string) geo.Area {
	t.Helper()
	as := p.Resolve(name, geo.ResolveHint{})
	if len(as) == 0 {
		t.Fatalf("%s not found", name)
	}
	return as[0]
}

// TestFixture builds the hand-made fixture in every input format; all
// must give the same pack, matching the golden dump.
func TestFixture(t *testing.T) {
	var first string
	for _, f := range []string{"fixture.osm.pbf", "fixture-unsorted.osm.pbf", "fixture.osm", "fixture.osm.gz", "fixture.osm.bz2"} {
		t.Run(f, func(t *testing.T) {
			p, st := build(t, filepath.Join("testdata", f))
			d := dump(p)
			if first == "" {
				first = d
				testutil.Golden(t, "testdata/fixture.golden", []byte(d))
			} else if d != first {
				t.Errorf("pack differs from fixture.osm.pbf's:\n%s", d)
			}
			if st.Sorted != (f == "fixture.osm.pbf") {
				t.Errorf("Sorted = %v", st.Sorted)
			}
			if st.AdminRelations != 8 || st.PostalRelations != 2 || st.IncompleteAreas != 1 || st.IncompletePostal != 1 ||
				st.PlaceNodeAreas != 1 || st.DroppedPersonNames != 2 || st.Pools != [geo.NumPools]int{2, 1, 1} {
				t.Errorf("stats = %+v", st)
			}
			alpha, beta, gamma := one(t, p, "Alpha"), one(t, p, "Beta"), one(t, p, "Gamma")
			kreis, land := one(t, p, "Kreis Muster"), one(t, p, "Testland")
			kern := one(t, p, "Beta-Nord-Kern")
			for _, c := range []struct{ outer, inner geo.Area }{
				{kreis, alpha}, {kreis, beta}, {land, kreis}, {beta, kern}, {one(t, p, "Beta-Nord"), kern},
				{one(t, p, "Testreich"), land}, {land, one(t, p, "Delta")},
			} {
				if !p.Contains(c.outer.ID, c.inner.ID) {
					t.Errorf("%s does not contain %s", c.outer.Name, c.inner.Name)
				}
			}
			// Gamma's ring is cut: placed below Kreis Muster by key prefix 99001.
			if gamma.Parent != kreis.ID || gamma.Flags&geo.FlagIncomplete == 0 || gamma.Flags&geo.FlagParentByKey == 0 {
				t.Errorf("Gamma = %+v", gamma)
			}
			if got := p.Postcodes(gamma.ID); !slices.Equal(got, []string{"99333"}) {
				t.Errorf("Gamma postcodes %q (from the postal relation's note)", got)
			}
			// Hole: Seeweg lies in Alpha's inner ring and belongs to no municipality.
			if got := p.Streets(alpha.ID); !slices.Equal(got, []string{"Gartenstraße", "Hauptstraße"}) {
				t.Errorf("Alpha streets %q", got)
			}
			if m, ok := p.MunicipalityAt(10.45, 20.25); ok {
				t.Errorf("point in Alpha's hole is in %s", m.Name)
			}
			if m, ok := p.MunicipalityAt(10.72, 20.72); !ok || m.ID != beta.ID {
				t.Errorf("MunicipalityAt(Lindenweg) = %v", m.Name)
			}
			if m, ok := p.MunicipalityForPostcode("99111"); !ok || m.ID != alpha.ID {
				t.Errorf("99111 → %v", m.Name)
			}
			if got := p.Postcodes(beta.ID); !slices.Equal(got, []string{"99222"}) {
				t.Errorf("Beta postcodes %q", got)
			}
			if alpha.Population != 5000 || alpha.Label != geo.PointDeg(10.3, 20.35) {
				t.Errorf("Alpha population %d label %v (admin_centre)", alpha.Population, alpha.Label)
			}
			hc := p.Pool(geo.PoolHealthcare)
			var hcNames []string
			for i := 0; i < hc.Len(); i++ {
				hcNames = append(hcNames, hc.Entry(i).Name)
				if hc.Entry(i).Municipality != alpha.ID {
					t.Errorf("%s not in Alpha", hc.Entry(i).Name)
				}
			}
			if !slices.Equal(hcNames, []string{"Klinikum Alpha", "Stern-Apotheke"}) {
				t.Errorf("healthcare pool %q", hcNames)
			}
			if p.Info().Attribution != geo.Attribution {
				t.Error("attribution missing")
			}
		})
	}
}

func TestBuildErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.osm.pbf")
	os.WriteFile(junk, []byte("\x00\x00\x00\x05hello"), 0o644)
	txt := filepath.Join(dir, "notes.txt")
	os.WriteFile(txt, []byte("hello"), 0o644)
	for _, in := range []string{junk, txt, filepath.Join(dir, "missing.pbf")} {
		if _, err := Build(context.Background(), in, filepath.Join(dir, "o.pack"), Options{}); err == nil {
			t.Errorf("%s: no error", filepath.Base(in))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o.pack")); err == nil {
		t.Error("pack written despite errors")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, "testdata/fixture.osm", filepath.Join(dir, "o.pack"), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestProgress(t *testing.T) {
	var passes []string
	_, err := Build(context.Background(), "testdata/fixture.osm.pbf", filepath.Join(t.TempDir(), "o.pack"), Options{
		Progress: func(pass string, done, total int64) {
			if done > total {
				t.Errorf("%s: done %d > total %d", pass, done, total)
			}
			if len(passes) == 0 || passes[len(passes)-1] != pass {
				passes = append(passes, pass)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"index", "relations", "ways", "nodes", "assemble", "embed", "write"}; !reflect.DeepEqual(passes, want) {
		t.Errorf("passes %v want %v", passes, want)
	}
}

func TestIDSet(t *testing.T) {
	ids := []int64{5, 1 << 40, 3, 70000, 5, -2, 65535, 65536, 0}
	s := newIDSet(slices.Clone(ids))
	want := []int64{0, 3, 5, 65535, 65536, 70000, 1 << 40}
	if s.Len() != len(want) {
		t.Fatalf("Len = %d", s.Len())
	}
	for i, id := range want {
		if r, ok := s.Rank(id); !ok || r != i {
			t.Errorf("Rank(%d) = %d,%v want %d", id, r, ok, i)
		}
	}
	for _, id := range []int64{-2, 1, 4, 65534, 65537, 1<<40 + 1, 1 << 50} {
		if s.Has(id) {
			t.Errorf("Has(%d)", id)
		}
	}
	if newIDSet(nil).Has(0) {
		t.Error("empty set has 0")
	}
}

func TestAssembleRings(t *testing.T) {
	for _, tt := range []struct {
		name   string
		ways   [][]int64
		rings  int
		broken int
	}{
		{"closed way", [][]int64{{1, 2, 3, 1}}, 1, 0},
		{"two halves", [][]int64{{1, 2, 3}, {3, 4, 1}}, 1, 0},
		{"reversed", [][]int64{{1, 2, 3}, {1, 4, 3}}, 1, 0},
		{"four pieces shuffled", [][]int64{{3, 4}, {1, 2}, {4, 1}, {2, 3}}, 1, 0},
		{"two rings", [][]int64{{1, 2, 3}, {3, 1}, {7, 8, 9, 7}}, 2, 0},
		{"cut", [][]int64{{1, 2, 3}, {3, 4}}, 0, 1},
		{"cut plus closed", [][]int64{{1, 2}, {5, 6, 7, 5}}, 1, 1},
		{"degenerate", [][]int64{{1}, {1, 1}, {1, 2, 1}}, 0, 0},
	} {
		rings, broken := assembleRings(tt.ways)
		if len(rings) != tt.rings || broken != tt.broken {
			t.Errorf("%s: %d rings %d broken, want %d %d", tt.name, len(rings), broken, tt.rings, tt.broken)
		}
		for _, r := range rings {
			if len(r) < 3 || r[0] == r[len(r)-1] {
				t.Errorf("%s: bad ring %v", tt.name, r)
			}
		}
	}
}

func TestPopulation(t *testing.T) {
	for in, want := range map[string]int64{"37845": 37845, "37 845": 37845, "1.234.567": 1234567, "ca. 500": 0, "": 0, "12000;2011": 12000} {
		if got := parsePopulation(in); got != want {
			t.Errorf("parsePopulation(%q) = %d", in, got)
		}
	}
}

func FuzzIndexPBF(f *testing.F) {
	for _, n := range []string{"fixture.osm.pbf", "fixture-unsorted.osm.pbf"} {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ix, err := indexPBF(bytes.NewReader(data), int64(len(data)), 2)
		if err != nil {
			return
		}
		for _, sel := range [][]int{ix.nodes, ix.ways, ix.rels} {
			for _, i := range sel {
				if i < 0 || i >= len(ix.blobs) || ix.blobs[i].header {
					t.Fatalf("bad selection %d", i)
				}
			}
		}
	})
}

func FuzzAssembleRings(f *testing.F) {
	f.Add([]byte{1, 2, 3, 0, 3, 4, 1, 0, 7, 8, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		var ways [][]int64
		var cur []int64
		for _, b := range data {
			if b == 0 {
				ways, cur = append(ways, cur), nil
				continue
			}
			cur = append(cur, int64(b%16))
		}
		ways = append(ways, cur)
		rings, _ := assembleRings(ways)
		for _, r := range rings {
			if len(r) < 3 {
				t.Fatalf("ring %v", r)
			}
		}
	})
}

// TestCorruptPBF flips bytes across the fixture: Build must return (an
// error or a pack), never hang or panic.
func TestCorruptPBF(t *testing.T) {
	orig, err := os.ReadFile("testdata/fixture.osm.pbf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	failed := 0
	for off := 0; off < len(orig); off += 7 {
		b := slices.Clone(orig)
		b[off] ^= 0x5a
		in := filepath.Join(dir, "c.osm.pbf")
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Build(context.Background(), in, filepath.Join(dir, "c.pack"), Options{Workers: 2}); err != nil {
			failed++
		}
	}
	if failed == 0 {
		t.Error("no corruption detected")
	}
}

func FuzzDecodeBlock(f *testing.F) {
	ix, err := indexPBF(bytes.NewReader(mustRead(f, "testdata/fixture.osm.pbf")), int64(len(mustRead(f, "testdata/fixture.osm.pbf"))), 1)
	if err != nil {
		f.Fatal(err)
	}
	for _, i := range append(ix.nodes, ix.ways...) {
		p, err := ix.payload(i)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p, uint8(passWays))
		f.Add(p, uint8(passNodes))
	}
	need := newIDSet([]int64{1, 2, 3, 110, 200})
	f.Fuzz(func(t *testing.T, data []byte, pass uint8) {
		p := passKind(pass%2 + 1)
		objs, err := decodeBlock(data, p, need, filters{})
		if err != nil && len(objs) > 0 {
			t.Fatal("objects with error")
		}
	})
}

func mustRead(t testing.TB, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCanonRS(t *testing.T) {
	for in, want := range map[string]string{
		"010010000000": "01001", "010015001000": "010015001", "010015001001": "010015001001",
		"095640000000": "09564", "094775439": "094775439", "": "",
	} {
		if got := canonRS(in); got != want {
			t.Errorf("canonRS(%q) = %q want %q", in, got, want)
		}
	}
}
