package synth

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
)

func generate(t testing.TB, opt Options) ([]byte, Stats) {
	t.Helper()
	var buf bytes.Buffer
	st, err := Generate(context.Background(), &buf, opt)
	if err != nil {
		t.Fatal(err)
	}
	if int64(buf.Len()) != st.Bytes {
		t.Fatalf("Stats.Bytes = %d, wrote %d", st.Bytes, buf.Len())
	}
	return buf.Bytes(), st
}

func sha(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// goldenRawSHA256 is the hash of the uncompressed file at S = 0.0005,
// seed 7 (amd64; other architectures may fuse floating-point operations
// differently and are only checked for run-to-run stability).
const goldenRawSHA256 = "297489ed6f82805dab257c8e35d34a526e59d7d26884837bc717e98b7bc62aa3"

func TestDeterminism(t *testing.T) {
	tests := []struct {
		name string
		a, b Options
		same bool
	}{
		{"same seed zlib", Options{Scale: 0.0005, Seed: 7}, Options{Scale: 0.0005, Seed: 7, Workers: 3}, true},
		{"same seed raw", Options{Scale: 0.0005, Seed: 7, Raw: true}, Options{Scale: 0.0005, Seed: 7, Raw: true, Workers: 1}, true},
		{"other seed", Options{Scale: 0.0005, Seed: 7}, Options{Scale: 0.0005, Seed: 8}, false},
		{"other scale", Options{Scale: 0.0005, Seed: 7}, Options{Scale: 0.0006, Seed: 7}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, _ := generate(t, tc.a)
			b, _ := generate(t, tc.b)
			if got := bytes.Equal(a, b); got != tc.same {
				t.Fatalf("equal = %v, want %v (%s vs %s)", got, tc.same, sha(a)[:12], sha(b)[:12])
			}
		})
	}
	t.Run("golden", func(t *testing.T) {
		if runtime.GOARCH != "amd64" {
			t.Skip("golden hash recorded on amd64")
		}
		b, _ := generate(t, Options{Scale: 0.0005, Seed: 7, Raw: true})
		if got := sha(b); got != goldenRawSHA256 {
			t.Errorf("sha256 = %s, want %s (output changed: if intended, update goldenRawSHA256)", got, goldenRawSHA256)
		}
	})
}

func TestOptionsErrors(t *testing.T) {
	for _, opt := range []Options{{Scale: 0}, {Scale: -1}, {Scale: 2.5}, {Scale: 0.001, Level: 12}} {
		if _, err := Generate(context.Background(), &bytes.Buffer{}, opt); err == nil {
			t.Errorf("Generate(%+v): no error", opt)
		}
	}
}

// file is a generated file read back with paulmach/osm.
type file struct {
	nodes map[osm.NodeID]*osm.Node
	ways  map[osm.WayID]*osm.Way
	rels  []*osm.Relation
	order []osm.Type
}

func readBack(t testing.TB, data []byte) *file {
	t.Helper()
	f := &file{nodes: map[osm.NodeID]*osm.Node{}, ways: map[osm.WayID]*osm.Way{}}
	sc := osmpbf.New(context.Background(), bytes.NewReader(data), 2)
	defer sc.Close()
	var last osm.ObjectID
	for sc.Scan() {
		o := sc.Object()
		if last != 0 && o.ObjectID() <= last && o.ObjectID().Type() == last.Type() {
			t.Fatalf("not sorted: %v after %v", o.ObjectID(), last)
		}
		if len(f.order) == 0 || f.order[len(f.order)-1] != o.ObjectID().Type() {
			f.order = append(f.order, o.ObjectID().Type())
		}
		last = o.ObjectID()
		switch o := o.(type) {
		case *osm.Node:
			f.nodes[o.ID] = o
		case *osm.Way:
			f.ways[o.ID] = o
		case *osm.Relation:
			f.rels = append(f.rels, o)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// rings assembles the closed rings of a relation's outer/inner ways. It
// fails when a way is missing or a ring does not close.
func (f *file) rings(r *osm.Relation) ([][]osm.NodeID, error) {
	var ways [][]osm.NodeID
	for _, m := range r.Members {
		if m.Type != osm.TypeWay {
			continue
		}
		w := f.ways[osm.WayID(m.Ref)]
		if w == nil {
			return nil, fmt.Errorf("way %d missing", m.Ref)
		}
		ids := make([]osm.NodeID, len(w.Nodes))
		for i, n := range w.Nodes {
			ids[i] = n.ID
		}
		ways = append(ways, ids)
	}
	used := make([]bool, len(ways))
	var rings [][]osm.NodeID
	for i := range ways {
		if used[i] {
			continue
		}
		used[i] = true
		ring := append([]osm.NodeID(nil), ways[i]...)
		for ring[0] != ring[len(ring)-1] {
			end := ring[len(ring)-1]
			found := false
			for j := range ways {
				if used[j] {
					continue
				}
				w := ways[j]
				switch end {
				case w[0]:
					ring = append(ring, w[1:]...)
				case w[len(w)-1]:
					for k := len(w) - 2; k >= 0; k-- {
						ring = append(ring, w[k])
					}
				default:
					continue
				}
				used[j], found = true, true
				break
			}
			if !found {
				return nil, fmt.Errorf("ring starting at node %d does not close", ring[0])
			}
		}
		rings = append(rings, ring)
	}
	if len(rings) == 0 {
		return nil, fmt.Errorf("no ways")
	}
	return rings, nil
}

// inside tests a point against rings with the even-odd rule.
func (f *file) inside(rings [][]osm.NodeID, lon, lat float64) bool {
	in := false
	for _, ring := range rings {
		for i := 0; i+1 < len(ring); i++ {
			a, b := f.nodes[ring[i]], f.nodes[ring[i+1]]
			if (a.Lat > lat) != (b.Lat > lat) && lon < (b.Lon-a.Lon)*(lat-a.Lat)/(b.Lat-a.Lat)+a.Lon {
				in = !in
			}
		}
	}
	return in
}

// selfCrossing reports two crossing non-adjacent segments of a closed ring.
func (f *file) selfCrossing(ring []osm.NodeID) (int, int, bool) {
	pt := func(i int) (float64, float64) { n := f.nodes[ring[i]]; return n.Lon, n.Lat }
	orient := func(ax, ay, bx, by, cx, cy float64) float64 { return (bx-ax)*(cy-ay) - (by-ay)*(cx-ax) }
	n := len(ring) - 1
	for i := 0; i < n; i++ {
		ax, ay := pt(i)
		bx, by := pt(i + 1)
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue
			}
			cx, cy := pt(j)
			dx, dy := pt(j + 1)
			if orient(ax, ay, bx, by, cx, cy)*orient(ax, ay, bx, by, dx, dy) < 0 &&
				orient(cx, cy, dx, dy, ax, ay)*orient(cx, cy, dx, dy, bx, by) < 0 {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

func (f *file) centroid(rings [][]osm.NodeID) (float64, float64) {
	var x, y float64
	var n int
	for _, r := range rings {
		for _, id := range r[1:] {
			x += f.nodes[id].Lon
			y += f.nodes[id].Lat
			n++
		}
	}
	return x / float64(n), y / float64(n)
}

// classify maps an object to its content category (or -1).
func classify(o osm.Object) int {
	var tags osm.Tags
	isWay := false
	switch o := o.(type) {
	case *osm.Node:
		tags = o.Tags
	case *osm.Way:
		tags, isWay = o.Tags, true
	case *osm.Relation:
		switch o.Tags.Find("type") {
		case "multipolygon":
			return CatMultipolygon
		case "restriction":
			return CatRestriction
		case "route":
			return CatRoute
		}
		return -1
	}
	m := tags.Map()
	switch {
	case m["healthcare"] != "" || m["amenity"] == "hospital" || m["amenity"] == "doctors" || m["amenity"] == "pharmacy" ||
		m["amenity"] == "dentist" || m["amenity"] == "clinic":
		return CatHealthcare
	case m["office"] != "" || m["craft"] != "" || m["club"] != "" || m["industrial"] != "":
		return CatOrganisation
	case m["place"] != "" && m["place"] != "village" && m["place"] != "town" && m["place"] != "city":
		return CatHamlet
	case m["boundary"] != "":
		return -1
	case isWay && m["building"] != "" && m["addr:street"] != "":
		return CatAddrBuilding
	case isWay && m["building"] != "":
		return CatBuilding
	case isWay && m["highway"] != "" && m["name"] != "":
		return CatNamedHighway
	case isWay && m["highway"] != "":
		return CatHighway
	case isWay && (m["landuse"] != "" || m["natural"] != ""):
		return CatLanduse
	case isWay && (m["barrier"] != "" || m["power"] != "" || m["waterway"] != ""):
		return CatLinear
	case !isWay && m["addr:street"] != "" && onlyAddr(m):
		return CatAddrNode
	case !isWay && (m["amenity"] != "" || m["shop"] != "" || m["tourism"] != "" || m["leisure"] != ""):
		if m["amenity"] == "bench" || m["amenity"] == "waste_basket" {
			return CatNoiseNode
		}
		return CatOtherPOI
	case !isWay && len(m) > 0 && m["place"] == "":
		return CatNoiseNode
	}
	return -1
}

func onlyAddr(m map[string]string) bool {
	for k := range m {
		if !strings.HasPrefix(k, "addr:") && k != "entrance" {
			return false
		}
	}
	return true
}

func TestValidity(t *testing.T) {
	const scale = 0.001
	data, st := generate(t, Options{Scale: scale, Seed: 3})
	f := readBack(t, data)
	p, err := NewPlan(scale, 3)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("counts", func(t *testing.T) {
		if got := fmt.Sprint(f.order); got != "[node way relation]" {
			t.Errorf("type order %s", got)
		}
		if int64(len(f.nodes)) != st.Nodes || int64(len(f.ways)) != st.Ways || int64(len(f.rels)) != st.Relations {
			t.Errorf("read %d/%d/%d, stats %d/%d/%d", len(f.nodes), len(f.ways), len(f.rels), st.Nodes, st.Ways, st.Relations)
		}
		var got [numCats]int64
		untaggedNodes, untaggedWays := int64(0), int64(0)
		wayNodes := map[osm.NodeID]bool{}
		for _, w := range f.ways {
			if c := classify(w); c >= 0 {
				got[c]++
			}
			if len(w.Tags) == 0 {
				untaggedWays++
			}
			for _, n := range w.Nodes {
				wayNodes[n.ID] = true
			}
		}
		minT, maxT := time.Unix(minTimestamp, 0), time.Unix(maxTimestamp, 0)
		for _, n := range f.nodes {
			if c := classify(n); c >= 0 {
				got[c]++
			}
			if n.Timestamp.Before(minT) || n.Timestamp.After(maxT) || n.Version < 1 || n.ChangesetID < 1 {
				t.Fatalf("node %d: metadata %v v%d c%d", n.ID, n.Timestamp, n.Version, n.ChangesetID)
			}
			if len(n.Tags) == 0 && !wayNodes[n.ID] {
				untaggedNodes++
			}
		}
		for _, r := range f.rels {
			if c := classify(r); c >= 0 {
				got[c]++
			}
		}
		got[CatOrphanNode] = untaggedNodes
		for c := 0; c < numCats; c++ {
			if got[c] != p.Totals[c] {
				t.Errorf("%s: read %d, plan %d", CategoryName(c), got[c], p.Totals[c])
			}
			if want := float64(composition[c]) * scale; math.Abs(float64(p.Totals[c])-want) > 0.5 {
				t.Errorf("%s: plan %d, composition × S = %.1f", CategoryName(c), p.Totals[c], want)
			}
		}
		if untaggedWays != 2*p.Totals[CatMultipolygon] {
			t.Errorf("untagged ways %d, want %d (multipolygon members)", untaggedWays, 2*p.Totals[CatMultipolygon])
		}
	})

	// admin and postal relations by level
	byLevel := map[string][]*osm.Relation{}
	ringsOf := map[osm.RelationID][][]osm.NodeID{}
	for _, r := range f.rels {
		var key string
		switch r.Tags.Find("boundary") {
		case "administrative":
			key = r.Tags.Find("admin_level")
		case "postal_code":
			key = "postal"
		default:
			continue
		}
		byLevel[key] = append(byLevel[key], r)
		rings, err := f.rings(r)
		if err != nil {
			t.Errorf("relation %d (%s %s): %v", r.ID, key, r.Tags.Find("name"), err)
			continue
		}
		ringsOf[r.ID] = rings
	}

	t.Run("levels", func(t *testing.T) {
		want := map[string]int{"2": 1, "4": 16, "5": len(p.RBs), "6": len(p.Districts), "7": len(p.VGs),
			"8": len(p.Munis), "9": 2 * len(p.Cities), "10": 4 * len(p.Cities), "postal": len(p.Postals)}
		for k, n := range want {
			if len(byLevel[k]) != n {
				t.Errorf("level %s: %d relations, want %d", k, len(byLevel[k]), n)
			}
		}
		for _, k := range []string{"5", "7", "9", "10"} {
			if len(byLevel[k]) == 0 {
				t.Errorf("no admin_level %s areas", k)
			}
		}
		if int64(len(byLevel["postal"])) != st.PostalRelations {
			t.Errorf("postal %d, stats %d", len(byLevel["postal"]), st.PostalRelations)
		}
		codes := map[string]bool{}
		for _, r := range byLevel["postal"] {
			c := r.Tags.Find("postal_code")
			if len(c) != 5 || codes[c] {
				t.Errorf("postal_code %q malformed or duplicate", c)
			}
			codes[c] = true
		}
		for _, w := range f.ways {
			if pc := w.Tags.Find("addr:postcode"); pc != "" && !codes[pc] {
				t.Fatalf("way %d: addr:postcode %s has no postal_code relation", w.ID, pc)
			}
		}
	})

	t.Run("shared ways", func(t *testing.T) {
		users := map[osm.WayID]int{}
		for _, r := range byLevel["8"] {
			for _, m := range r.Members {
				if m.Type == osm.TypeWay {
					users[osm.WayID(m.Ref)]++
				}
			}
		}
		border := map[osm.WayID]bool{}
		for _, m := range byLevel["2"][0].Members {
			border[osm.WayID(m.Ref)] = true
		}
		shared := 0
		for w, n := range users {
			switch {
			case n == 2:
				shared++
				if border[w] {
					t.Errorf("border way %d used by two municipalities", w)
				}
			case n == 1 && !border[w]:
				t.Errorf("inner way %d used by one municipality only", w)
			case n > 2:
				t.Errorf("way %d used by %d municipalities", w, n)
			}
		}
		if shared == 0 {
			t.Error("no shared boundary ways")
		}
	})

	t.Run("nesting", func(t *testing.T) {
		byKey := map[string]*osm.Relation{}
		for _, lvl := range []string{"4", "6"} {
			for _, r := range byLevel[lvl] {
				byKey[r.Tags.Find("de:amtlicher_gemeindeschluessel")] = r
			}
		}
		check := func(child *osm.Relation, parent *osm.Relation) {
			cr, pr := ringsOf[child.ID], ringsOf[parent.ID]
			if cr == nil || pr == nil {
				return
			}
			x, y := f.centroid(cr)
			if !f.inside(cr, x, y) || !f.inside(pr, x, y) {
				t.Errorf("%s (%s) not inside %s", child.Tags.Find("name"), child.Tags.Find("admin_level"), parent.Tags.Find("name"))
			}
		}
		for _, m := range byLevel["8"] {
			ags := m.Tags.Find("de:amtlicher_gemeindeschluessel")
			d, s := byKey[ags[:5]], byKey[ags[:2]]
			if len(ags) != 8 || d == nil || s == nil {
				t.Errorf("municipality %s: AGS %q has no district/state", m.Tags.Find("name"), ags)
				continue
			}
			check(m, d)
			check(m, s)
			check(m, byLevel["2"][0])
			// the admin_centre node lies inside the municipality
			for _, mem := range m.Members {
				if mem.Role == "admin_centre" {
					n := f.nodes[osm.NodeID(mem.Ref)]
					if n == nil || n.Tags.Find("name") != m.Tags.Find("name") || !f.inside(ringsOf[m.ID], n.Lon, n.Lat) {
						t.Errorf("municipality %s: bad admin_centre", m.Tags.Find("name"))
					}
				}
			}
		}
		cities := map[string]*osm.Relation{}
		for _, m := range byLevel["8"] {
			cities[m.Tags.Find("name")] = m
		}
		for _, lvl := range []string{"9", "10"} {
			for _, r := range byLevel[lvl] {
				name := strings.TrimPrefix(r.Tags.Find("name"), "Stadtbezirk ")
				city := cities[name[:strings.LastIndex(name, "-")]]
				if city == nil {
					t.Errorf("%s: no city", r.Tags.Find("name"))
					continue
				}
				check(r, city)
			}
		}
		for _, r := range byLevel["5"] {
			check(r, byKey[r.Tags.Find("de:amtlicher_gemeindeschluessel")[:2]])
		}
	})

	t.Run("simple rings", func(t *testing.T) {
		// no two non-adjacent segments of a ring cross (sampled)
		for _, lvl := range []string{"8", "9", "10", "postal"} {
			for i, r := range byLevel[lvl] {
				if i >= 40 {
					break
				}
				for _, ring := range ringsOf[r.ID] {
					if a, b, bad := f.selfCrossing(ring); bad {
						t.Errorf("level %s %s: segments %d and %d cross", lvl, r.Tags.Find("name"), a, b)
					}
				}
			}
		}
	})

	t.Run("geometry in cells", func(t *testing.T) {
		// every addressed building lies inside the municipality named
		// in addr:city (checked on a sample)
		munis := map[string][]*osm.Relation{}
		for _, m := range byLevel["8"] {
			munis[m.Tags.Find("name")] = append(munis[m.Tags.Find("name")], m)
		}
		n := 0
		for _, w := range f.ways {
			city := w.Tags.Find("addr:city")
			if city == "" || w.Tags.Find("building") == "" {
				continue
			}
			if n++; n > 2000 {
				break
			}
			a := f.nodes[w.Nodes[0].ID]
			ok := false
			for _, m := range munis[city] {
				ok = ok || f.inside(ringsOf[m.ID], a.Lon, a.Lat)
			}
			if !ok {
				t.Errorf("building way %d (%s) outside %s", w.ID, w.Tags.Find("addr:postcode"), city)
			}
			if w.Nodes[0].ID != w.Nodes[len(w.Nodes)-1].ID {
				t.Errorf("building way %d not closed", w.ID)
			}
		}
	})
}

// TestScalesLinearly checks that the increment between two scales matches
// Germany's composition at S = 1 (≈ 430 M nodes, 75 M ways, 0.8 M
// relations) and the plan's structure at S = 1.
func TestScalesLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("generates two files")
	}
	_, a := generate(t, Options{Scale: 0.002, Seed: 1, Level: 1})
	_, b := generate(t, Options{Scale: 0.006, Seed: 1, Level: 1})
	per := func(x, y int64) float64 { return float64(y-x) / 0.004 }
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"nodes", per(a.Nodes, b.Nodes), 430e6},
		{"ways", per(a.Ways, b.Ways), 75e6},
		{"relations", per(a.Relations, b.Relations), 0.8e6},
	} {
		t.Logf("%s per unit S: %.4g (Germany %.3g)", c.what, c.got, c.want)
		if math.Abs(c.got/c.want-1) > 0.1 {
			t.Errorf("%s per S: %.3g, want %.3g ± 10%%", c.what, c.got, c.want)
		}
	}
	p, err := NewPlan(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"districts", len(p.Districts), targetDistricts},
		{"municipalities", len(p.Munis), targetMunis},
		{"postcodes", len(p.Postals), targetPostcodes},
	} {
		if math.Abs(float64(c.got)/float64(c.want)-1) > 0.12 {
			t.Errorf("S=1: %d %s, want ≈ %d", c.got, c.what, c.want)
		}
	}
	if len(p.States) != 16 || len(p.RBs) == 0 || len(p.VGs) == 0 || len(p.Cities) < 50 {
		t.Errorf("S=1: %d states, %d RBs, %d VGs, %d cities", len(p.States), len(p.RBs), len(p.VGs), len(p.Cities))
	}
}

func BenchmarkGenerate(b *testing.B) {
	const scale = 0.005
	var st Stats
	for i := 0; i < b.N; i++ {
		var err error
		st, err = Generate(context.Background(), discard{}, Options{Scale: scale, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	ent := float64(st.Nodes + st.Ways + st.Relations)
	b.ReportMetric(ent/sec, "entities/s")
	b.ReportMetric(float64(st.Bytes)/1e6/sec, "MB/s")
	b.ReportMetric(ent/scale/(ent/sec)/60, "min-at-S1")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func TestProgressAndCancel(t *testing.T) {
	var phases []string
	var done [3]int64
	st, err := Generate(context.Background(), discard{}, Options{Scale: 0.002, Seed: 1, Level: 1,
		Progress: func(p Progress) {
			if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
				phases = append(phases, p.Phase)
			}
			if p.Done {
				done[len(phases)-1] = p.Entities
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(phases, ","); got != "nodes,ways,relations" {
		t.Errorf("phases %s", got)
	}
	if done != [3]int64{st.Nodes, st.Ways, st.Relations} {
		t.Errorf("final progress %v, stats %d/%d/%d", done, st.Nodes, st.Ways, st.Relations)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	if _, err := GenerateFile(ctx, dir+"/x.osm.pbf", Options{Scale: 0.001}); err == nil {
		t.Error("cancelled GenerateFile: no error")
	}
	if left, _ := filepath.Glob(dir + "/*"); len(left) != 0 {
		t.Errorf("files left behind: %v", left)
	}
}
