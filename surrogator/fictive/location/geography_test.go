package location

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// The geography of a letter, as a German reader checks it (issue 24,
// blind reading 4): places that lie together in the original lie
// together in the surrogate letter, courts serve the surrogate towns,
// and an Ortsteil is no town of its own. The tests run every dev letter
// over 20 seeds the way evalLetters does.

// letterRun is one letter replaced under one seed: its tree and the
// scope that holds the surrogate ids.
type letterRun struct {
	name  string
	tree  *tree
	ctx   *fictive.Context // Scope, Res and State of the run
	spans []result
	idx   []int // span index of each result
}

// runLetters replaces the location spans of every dev letter for each
// seed, as evalLetters does (one project, document scope).
func runLetters(t *testing.T, res *data.Resources, seeds int) []letterRun {
	t.Helper()
	ls := loadLetters(t, "dev")
	if len(ls) == 0 {
		t.Skip("no letters in testdata/letters-src/dev")
	}
	proj := project{}
	for _, l := range ls {
		d := l.Document()
		d.Normalize()
		proj.add(d)
	}
	var out []letterRun
	for seed := 0; seed < seeds; seed++ {
		for _, l := range ls {
			d := l.Document()
			d.Normalize()
			scope := fictive.NewScope([]byte(fmt.Sprintf("letters|%d|%s", seed, l.Name)))
			scope.Avoid = proj.avoid
			st := &fictive.DocState{}
			run := letterRun{name: fmt.Sprintf("%s/%d", l.Name, seed)}
			for i, s := range d.Spans {
				if !s.Kind.IsLocation() {
					continue
				}
				gen, err := testGenerators.Lookup(s.Kind)
				if err != nil {
					t.Fatal(err)
				}
				ctx := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Res: res}
				orig := d.SpanText(i)
				if KeptByPolicy(s.Kind, orig, false) {
					continue
				}
				sur, err := gen(orig, ctx)
				if err != nil {
					continue
				}
				run.spans = append(run.spans, result{s.Kind, orig, sur})
				run.idx = append(run.idx, i)
				run.ctx = ctx
			}
			if run.ctx != nil {
				run.tree = treeOf(run.ctx)
				out = append(out, run)
			}
		}
	}
	return out
}

// placePair is two German places of one letter: their distance in the
// original and in the surrogate letter.
type placePair struct {
	letter, a, b string
	orig, sur    float64
}

// letterPairs lists, for every run, the resolved German places of its tree
// (Ortsteile aside) paired with the letter's first place, with both
// distances.
func letterPairs(runs []letterRun) []placePair {
	var out []placePair
	for _, r := range runs {
		tr, res := r.tree, r.ctx.Res
		f := tr.first
		if f == nil || !f.resolved || f.foreign != "" {
			continue
		}
		fs := memoID(r.ctx, f.key)
		fo, ok1 := coordOf(res, tr.g, f.id)
		fc, ok2 := coordOf(res, tr.g, fs)
		if !ok1 || !ok2 {
			continue
		}
		keys := make([]string, 0, len(tr.places))
		for k := range tr.places {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := tr.places[k]
			// a place of another state is drawn in its own state (SPEC §6),
			// near the border or not
			if p == f || !p.resolved || p.foreign != "" || p.parent != nil || p.id == f.id || isCityStateMain(tr.g, p.id) || stateKey(p.state) != stateKey(f.state) {
				continue
			}
			ps := memoID(r.ctx, p.key)
			if ps < 0 {
				continue // named but never replaced
			}
			po, ok1 := coordOf(res, tr.g, p.id)
			pc, ok2 := coordOf(res, tr.g, ps)
			if !ok1 || !ok2 {
				continue
			}
			out = append(out, placePair{r.name, tr.g.Place(f.id).Name + ">" + tr.g.Place(fs).Name, tr.g.Place(p.id).Name + ">" + tr.g.Place(ps).Name + fmt.Sprintf(" c%d>%d", p.class, SizeClass(tr.g.Place(ps).Population)), km(po, fo), km(pc, fc)})
		}
	}
	return out
}

// TestLetterPlacesStayNear: over the dev letters × 20 seeds, a place that
// lies within 30 km of the letter's first place (the writer's town) lies
// within 60 km of that place's surrogate, and one within 60 km within
// 100 km (blind reading 4: a Bottrop patient of an Oberhausen hospital
// treated in Bonn, a Gengenbach home 90 km from the Esslingen clinic).
func TestLetterPlacesStayNear(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every dev letter over 20 seeds")
	}
	runs := runLetters(t, data.Default(), 20)
	pairs := letterPairs(runs)
	// measured: 306 of 3,131 (9.8 %) and 47 of 4,093 (1.1 %); before the
	// distance ranking of near.go 773 of 3,249 and 409 of 4,255 (then with
	// the pairs across a state border)
	for _, c := range []struct {
		within, limit float64
		share         int // % of pairs allowed beyond
	}{{30, 60, 12}, {60, 100, 2}} {
		n, bad := 0, 0
		var ex []string
		for _, p := range pairs {
			if p.orig > c.within {
				continue
			}
			n++
			if p.sur > c.limit {
				bad++
				if len(ex) < 15 {
					ex = append(ex, fmt.Sprintf("%s: %.0f km → %.0f km (%s; %s)", p.letter, p.orig, p.sur, p.a, p.b))
				}
			}
		}
		t.Logf("places within %.0f km of the first place: %d, surrogates beyond %.0f km: %d", c.within, n, c.limit, bad)
		if n < 100 {
			t.Errorf("only %d pairs within %.0f km measured", n, c.within)
		}
		if bad*100 > n*c.share {
			t.Errorf("%d of %d places within %.0f km of the letter's first place lie beyond %.0f km of its surrogate (want ≤ %d %%):", bad, n, c.within, c.limit, c.share)
			for _, e := range ex {
				t.Log("  " + e)
			}
		}
	}
}

// TestCourtServesSurrogateTowns: over the dev letters × 20 seeds, a
// court original that serves the letter's first place (its seat one of
// the two nearest of its kind and level to that place, within 60 km)
// becomes a court whose seat is one of the two nearest of its kind to
// the surrogate of that place (blind reading 4: a Bensheim letter at the
// Sozialgericht Gießen). Measured: 49 of 120 (41 %); 15 of 120 without
// competentCourts. The rest: a court whose seat the letter names and
// decides before its first place (Landgericht Krefeld in a Viersen
// letter) follows that seat's surrogate (issue 24, left open).
func TestCourtServesSurrogateTowns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every dev letter over 20 seeds")
	}
	res := data.Default()
	runs := runLetters(t, res, 20)
	reg := registerOf(res)
	g := NewEmbedded(res)
	// rank of seat s among the courts of class c, level lv, state st by
	// distance to x
	rank := func(i int, x coord) int {
		e := reg.entries[i]
		sc, _ := coordOf(res, g, seatIDOf(g, e))
		r := 0
		for _, k := range reg.byClass[e.class] {
			o := reg.entries[k]
			if o.State != e.State || o.Country != "" || courtLevelOf(o.Name) != courtLevelOf(e.Name) {
				continue
			}
			if oc, ok := coordOf(res, g, seatIDOf(g, o)); ok && km(oc, x) < km(sc, x)-0.5 {
				r++
			}
		}
		return r
	}
	n, ok := 0, 0
	var ex []string
	for _, r := range runs {
		f := r.tree.first
		if f == nil || !f.resolved || f.foreign != "" {
			continue
		}
		fo, ok1 := coordOf(res, g, f.id)
		fs, ok2 := coordOf(res, g, memoID(r.ctx, f.key))
		if !ok1 || !ok2 {
			continue
		}
		for _, s := range r.spans {
			if !isFacilityKind(s.kind) {
				continue
			}
			oi, si := institutionOf(reg, s.orig), institutionOf(reg, s.sur)
			if oi < 0 || si < 0 || !reg.entries[oi].class.Court() || reg.entries[oi].State == "" || reg.entries[si].State == "" {
				continue
			}
			e := reg.entries[oi]
			if seatIDOf(g, e) == f.id || stateKey(e.State) != stateKey(f.state) {
				continue // the court at the first place itself follows that place
			}
			sc, okc := coordOf(res, g, seatIDOf(g, e))
			if !okc || km(sc, fo) > nearKm || rank(oi, fo) > 1 {
				continue
			}
			n++
			if rank(si, fs) <= 1 {
				ok++
			} else if len(ex) < 15 {
				ex = append(ex, fmt.Sprintf("%s: %s → %s (first place %s → %s)", r.name, s.orig, s.sur, g.Place(f.id).Name, g.Place(memoID(r.ctx, f.key)).Name))
			}
		}
	}
	t.Logf("%d court spans serving the letter's first place: %d surrogates serve its surrogate", n, ok)
	for _, e := range ex {
		t.Log("  " + e)
	}
	if n < 50 {
		t.Fatalf("only %d court spans measured", n)
	}
	if ok*100 < n*35 {
		t.Errorf("%d of %d court surrogates serve the surrogate of the place the original served, want ≥ 35 %%", ok, n)
	}
}

// TestShortNameFollowsFullName: a short town name inside a facility name
// ("VdK-Ortsverband Rotenburg") is the town the letter names in full
// ("Rotenburg an der Fulda"), not the bigger namesake the short name
// resolves to alone (Rotenburg (Wümme), Lower Saxony): the facility
// names that town's surrogate, over 20 seeds (blind reading 4: a Hesse
// letter's VdK-Ortsverband moved to Göttingen and Meppen).
func TestShortNameFollowsFullName(t *testing.T) {
	res := data.Default()
	g := NewEmbedded(res)
	for _, c := range []struct{ full, org string }{
		{"Rotenburg an der Fulda", "VdK-Ortsverband Rotenburg"},
		{"Frankfurt (Oder)", "Tafel Frankfurt e. V."},
		{"Neustadt an der Weinstraße", "Sportverein Neustadt"},
	} {
		src := fmt.Sprintf("Klinikum [[CITY|%s]]\n\nDer Patient ist Mitglied im [[ORG|%s]].", c.full, c.org)
		for seed := 0; seed < 20; seed++ {
			d := parseDoc(t, fmt.Sprint("short", seed, c.org), src)
			_, rs := runDoc(t, res, nil, d, nil)
			if len(rs) != 2 {
				t.Fatalf("%d results", len(rs))
			}
			town := shortName(rs[0].sur)
			// or the district that holds the town's surrogate ("Sozialverband
			// VdK Kreisverband Werra-Meißner-Kreis" for Bad Sooden-Allendorf)
			district := "\x00"
			if id, ok := g.Lookup(rs[0].sur); ok && g.Place(id).District != "" {
				district = strings.TrimPrefix(strings.TrimPrefix(g.Place(id).District, "Landkreis "), "Kreis ")
			}
			if !strings.Contains(rs[1].sur, town) && !strings.Contains(rs[1].sur, district) {
				t.Errorf("seed %d: %s → %s, but %s → %s", seed, c.full, rs[0].sur, c.org, rs[1].sur)
			}
		}
	}
}

// TestAbbrevPeriodBeforeSentencePeriod: a surrogate that ends in an
// abbreviation's period ("Heimatverein X e. V.") before the sentence's
// period is written with one period, not "e. V.." (blind reading 5).
func TestAbbrevPeriodBeforeSentencePeriod(t *testing.T) {
	res := data.Default()
	for _, org := range []string{"Heimatverein Neuwied", "Sportverein Neustadt", "Tafel Speyer"} {
		src := fmt.Sprintf("Klinikum [[CITY|Neuwied]]\n\nDer Patient ist Mitglied im [[ORG|%s]]. Er kommt gern.", org)
		dotted := 0
		for seed := 0; seed < 20; seed++ {
			d := parseDoc(t, fmt.Sprint("period", seed, org), src)
			_, rs := runDoc(t, res, nil, d, nil)
			if len(rs) != 2 {
				t.Fatalf("%d results", len(rs))
			}
			if strings.HasSuffix(rs[1].sur, ".") {
				t.Errorf("seed %d: %s → %q before the sentence's period", seed, org, rs[1].sur)
			}
			if strings.HasSuffix(rs[1].sur, "e. V") {
				dotted++
			}
		}
		if org == "Heimatverein Neuwied" && dotted == 0 {
			t.Errorf("%s: no surrogate with e. V. in 20 seeds: the test measures nothing", org)
		}
	}
}
