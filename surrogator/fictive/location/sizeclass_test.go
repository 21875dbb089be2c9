package location

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// yardstick sizes places independently of the gazetteer under test: by
// the GeoNames list (data.Places), the most populous municipality of a
// name, preferring state when given.
type yardstick map[string][]data.Place

func newYardstick() yardstick {
	y := yardstick{}
	for _, p := range data.Places() {
		if !p.Part {
			k := data.Fold(p.Name)
			y[k] = append(y[k], p)
		}
	}
	return y
}

func (y yardstick) find(name, state string) (data.Place, bool) {
	ps := y[data.Fold(name)]
	if len(ps) == 0 {
		return data.Place{}, false
	}
	for _, p := range ps { // sorted by falling population
		if state == "" || stateKey(p.State) == stateKey(state) {
			return p, true
		}
	}
	return ps[0], true
}

// placeIn returns the longest run of capitalised words of s (up to four,
// hyphen tails such as "-Nord" cut) that names a GeoNames municipality.
func (y yardstick) placeIn(s, state string) (data.Place, string, bool) {
	words := strings.Fields(s)
	for i := range words {
		words[i] = strings.Trim(words[i], ",.;:()„“\"'")
	}
	for n := min(4, len(words)); n >= 1; n-- {
		for i := 0; i+n <= len(words); i++ {
			w := strings.Join(words[i:i+n], " ")
			if w == "" || strings.ToUpper(w[:1]) != w[:1] || len(w) < 3 {
				continue
			}
			for cand := w; ; {
				if p, ok := y.find(cand, state); ok {
					return p, cand, true
				}
				j := strings.LastIndex(cand, "-")
				if j <= 0 {
					break
				}
				cand = cand[:j]
			}
		}
	}
	return data.Place{}, "", false
}

// sizeEval counts the surrogates of one kind of span.
type sizeEval struct {
	n, kept, state, same int
	examples             []string
	byClass              [maxClass + 1][2]int // original's class → surrogates, kept
}

func (e *sizeEval) String() string {
	var cls []string
	for c, v := range e.byClass {
		if v[0] > 0 {
			cls = append(cls, fmt.Sprintf("%d: %d/%d", c, v[1], v[0]))
		}
	}
	return fmt.Sprintf("%d surrogates, size class kept %.1f%% (%d; by class of the original %s), state kept %.1f%%, the original kept %d",
		e.n, 100*float64(e.kept)/float64(max(e.n, 1)), e.kept, strings.Join(cls, ", "), 100*float64(e.state)/float64(max(e.n, 1)), e.same)
}

// evalSizeClass runs the location generators over docs for seeds seeds
// and sizes every place surrogate (LOCATION_CITY spans, and the place a
// facility name holds) against its original by the GeoNames yardstick.
func evalSizeClass(t *testing.T, res *data.Resources, docs map[string]*document.Document, names []string, seeds int) (city, facility sizeEval) {
	y := newYardstick()
	proj := project{}
	for _, n := range names {
		proj.add(docs[n])
	}
	for seed := range seeds {
		for _, name := range names {
			d := docs[name]
			scope := fictive.NewScope([]byte(fmt.Sprintf("size|%d|%s", seed, filepath.Base(name))))
			scope.Avoid = proj.avoid
			st := &fictive.DocState{}
			for i, s := range d.Spans {
				if !s.Kind.IsLocation() {
					continue
				}
				orig := d.SpanText(i)
				if KeptByPolicy(s.Kind, orig, false) || CityStateOf(orig) != "" {
					continue
				}
				gen, err := testGenerators.Lookup(s.Kind)
				if err != nil {
					t.Fatal(err)
				}
				ctx := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Res: res}
				sur, err := gen(orig, ctx)
				if err != nil {
					continue
				}
				var o, r data.Place
				var on, rn string
				var ok1, ok2 bool
				ev := &facility
				if s.Kind == kinds.LocationCity {
					ev = &city
					o, ok1 = y.find(orig, "")
					on = orig
					r, ok2 = y.find(sur, o.State)
					rn = sur
				} else {
					o, on, ok1 = y.placeIn(orig, "")
					r, rn, ok2 = y.placeIn(sur, o.State)
				}
				if !ok1 || !ok2 {
					continue
				}
				ev.n++
				ev.byClass[SizeClass(o.Population)][0]++
				if SizeClass(o.Population) == SizeClass(r.Population) {
					ev.byClass[SizeClass(o.Population)][1]++
					ev.kept++
				} else if len(ev.examples) < 12 {
					ev.examples = append(ev.examples, fmt.Sprintf("%s: %q (%d) → %q (%d)", s.Kind, on, o.Population, rn, r.Population))
				}
				if o.State == r.State {
					ev.state++
				}
				if data.Fold(on) == data.Fold(rn) {
					ev.same++
				}
			}
		}
	}
	return city, facility
}

// TestSizeClassKept measures how often a place surrogate keeps the size
// class of its original (SPEC §6) on the shared GraSCCo letters and the
// dev letters over 20 seeds without a geodata pack, and asserts the
// state kept and the original never kept. Sizes come from GeoNames
// (data.Places), not from the gazetteer under test.
func TestSizeClassKept(t *testing.T) {
	docs := map[string]*document.Document{}
	var gras, dev []string
	for _, f := range testutil.GrasccoCAS(t) {
		d := testutil.Doc(t, f)
		d.Normalize()
		docs[f.Entry] = d
		gras = append(gras, f.Entry)
	}
	for _, l := range loadLetters(t, "dev") {
		d := l.Document()
		d.Normalize()
		docs["dev/"+l.Name] = d
		dev = append(dev, "dev/"+l.Name)
	}
	seeds := 20
	if testing.Short() {
		seeds = 3
	}
	// GraSCCo names one town (Flensburg) in a few letters: 200 seeds, also
	// with -short (1.5 s more), make its share a rate rather than a draw;
	// 30 seeds give 87 draws, ±5 points, below the floor by chance.
	for _, set := range []struct {
		name  string
		names []string
		seeds int
		floor int // % of towns below 100,000 that keep their class
	}{{"GraSCCo", gras, 200, 55}, {"dev letters", dev, seeds, 80}} {
		city, facility := evalSizeClass(t, data.Default(), docs, set.names, set.seeds)
		t.Logf("%s, %d seeds: LOCATION_CITY: %v", set.name, set.seeds, &city)
		t.Logf("%s, %d seeds: places in facility names: %v", set.name, set.seeds, &facility)
		for _, e := range append(city.examples, facility.examples...) {
			t.Log("  class changed: " + e)
		}
		if city.same > 0 {
			t.Errorf("%s: %d town surrogates equal their original", set.name, city.same)
		}
		if city.n > 0 && city.state*100 < city.n*95 {
			t.Errorf("%s: state kept for %d of %d town surrogates, want ≥ 95%%", set.name, city.state, city.n)
		}
		// Up to towns (< 100,000) every state has enough places of the
		// class or next to it; bigger cities are too few in most states
		// for 20 candidates of their class. Measured: GraSCCo (Flensburg,
		// 200 seeds) 61.8 %, 59.2 % since a pinned seat stays in its state
		// (8efbaba: Flensburg → Kiel with an institution seated there), dev
		// letters 89 %; the curated gazetteer alone (f3302c9): 33 % and
		// 61 %. A widened band takes the 25 places nearest in size, so a
		// town near a class border often gets one of the next class
		// (Flensburg, 85,838 → Mölln, 18,469).
		// Since a near place is ranked by distance as well (near.go, blind
		// reading 4): dev letters 81 %.
		n, kept := 0, 0
		for c := minClass; c <= data.SizeTown; c++ {
			n += city.byClass[c][0]
			kept += city.byClass[c][1]
		}
		if n > 0 && kept*100 < n*set.floor {
			t.Errorf("%s: size class kept for %d of %d towns below 100,000, want ≥ %d%%", set.name, kept, n, set.floor)
		}
	}
}

// TestExtendedEmbedded: the embedded gazetteer holds the extended rows
// after the curated ones, every municipality has a real area-code shape
// (an extended row its postal place's own code), a place of unknown
// district names no office, and a row named like a common word is drawn
// but not recognised.
func TestExtendedEmbedded(t *testing.T) {
	res := data.Default()
	g := NewEmbedded(res).(*embedded)
	if len(g.munis) < len(res.Municipalities)+5000 {
		t.Fatalf("%d municipalities", len(g.munis))
	}
	ext := map[string]data.GazetteerRow{}
	for _, r := range data.Gazetteer() {
		ext[r.Name+"|"+r.State+"|"+r.Postcodes[0]] = r
	}
	unknown := 0
	for id, m := range g.munis {
		code := g.AreaCode(id)
		if len(code) < 2 || len(code) > 5 || code[0] < '2' {
			t.Errorf("%s: area code %q", m.Name, code)
		}
		if id < g.curated {
			continue
		}
		if r := ext[m.Name+"|"+m.State+"|"+m.Postcodes[0]]; r.AreaCode != "" && r.AreaCode != code {
			t.Errorf("%s: area code %q, the postal place has %q", m.Name, code, r.AreaCode)
		}
		if m.District == "" {
			unknown++
			if d, _ := districtName(g, id); d != "" {
				t.Errorf("%s: unknown district named %q", m.Name, d)
			}
		}
	}
	if unknown == 0 {
		t.Error("no row of unknown district: the test checks nothing")
	}
	if _, ok := g.Lookup("Haar"); ok {
		t.Error("Haar (a word and a village) is recognised as a place")
	}
	found := false
	for _, id := range g.Candidates("Bayern", minClass, maxClass) {
		found = found || g.Place(id).Name == "Haar"
	}
	if !found {
		t.Error("Haar is not drawn")
	}
	// a pack place that only the extended gazetteer lists gets its own
	// area code (AreaCodeFor), not a neighbour's
	for _, c := range []struct{ name, state, code string }{{"Zülpich", "Nordrhein-Westfalen", "2252"}, {"Laufen", "Bayern", "8682"}} {
		if got := AreaCodeFor(c.name, c.state, "", nil); got != c.code {
			t.Errorf("AreaCodeFor(%s) = %q, want %q", c.name, got, c.code)
		}
	}
	if id, ok := g.Lookup("Zülpich"); !ok || g.Place(id).State != "Nordrhein-Westfalen" || g.Place(id).District != "Kreis Euskirchen" {
		t.Errorf("Zülpich: %v %+v", ok, g.Place(id))
	}
}
