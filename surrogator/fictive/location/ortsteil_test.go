package location

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ortsteilMaxKm is the largest distance between a municipality's
// surrogate and its Ortsteil's surrogate.
const ortsteilMaxKm = 30

// ortsteilPairs returns the pairs of CITY span indices of d where the
// second is an Ortsteil of the first ("Delbrück-Westenholz", "Sulzberg OT
// Moosbach"), as the tree sees them.
func ortsteilPairs(d *document.Document) [][2]int {
	var out [][2]int
	for i := 1; i < len(d.Spans); i++ {
		if d.Spans[i].Kind == kinds.LocationCity && d.Spans[i-1].Kind == kinds.LocationCity &&
			ortsteilGlue.MatchString(d.Text[d.Spans[i-1].End:d.Spans[i].Begin]) {
			out = append(out, [2]int{i - 1, i})
		}
	}
	return out
}

// ortsteilMiss checks the surrogates of one municipality–Ortsteil pair:
// the Ortsteil's surrogate is not its original, no town of 20,000 or
// more nor one as big as the municipality's surrogate, no name that reads
// as a town of its own (townLike), and lies in the state of that surrogate (namesakes: the nearest pair counts). It
// returns "" when all hold, else what failed, and the distance of the two
// surrogates (0 when unknown and in one district or postal zone).
func ortsteilMiss(res *data.Resources, g Gazetteer, orig2, sur1, sur2 string) (string, float64) {
	if data.Fold(sur2) == data.Fold(orig2) {
		return "the original kept", 0
	}
	best, class, pop1, pop2 := math.Inf(1), -1, 0, 0
	ix := byName(g)
	for _, a := range ix[data.Fold(sur1)] {
		for _, b := range ix[data.Fold(sur2)] {
			if g.Place(a).State != g.Place(b).State {
				continue
			}
			d := math.Inf(1)
			ca, ok1 := coordOf(res, g, a)
			cb, ok2 := coordOf(res, g, b)
			switch {
			case ok1 && ok2:
				d = km(ca, cb)
			case (g.Place(a).District != "" && g.Place(a).District == g.Place(b).District) || samePostalZone(g, a, b, 3):
				d = 0 // no coordinates: the same district or postal zone
			}
			if class < 0 || d < best {
				best, class, pop1, pop2 = d, SizeClass(g.Place(b).Population), g.Place(a).Population, g.Place(b).Population
			}
		}
	}
	switch {
	case class < 0:
		return "not in the state of the municipality's surrogate", best
	case class >= data.SizeTown || (class > data.SizeVillage && pop2 >= pop1):
		// blind reading 4: "Herne-Herten", Herten a city of 60,000
		return "a town of 20,000 or more, or not smaller than the municipality's surrogate", best
	case townLike(sur2):
		return "a name that reads as a town of its own", best // "OT Krakow am See"
	}
	return "", best
}

// byName maps every folded municipality name of g to its ids (Resolve
// leaves out names that are common words or surnames: Delbrück, Verl).
func byName(g Gazetteer) map[string][]int {
	m := map[string][]int{}
	for _, id := range g.Candidates("", minClass, maxClass) {
		k := data.Fold(g.Place(id).Name)
		m[k] = append(m[k], id)
	}
	return m
}

// pairResult is the check of one municipality–Ortsteil pair.
type pairResult struct {
	text string  // "Delbrück-Westenholz → Verl-Sassenberg"
	miss string  // what failed (ortsteilMiss), "" when none
	km   float64 // distance of the two surrogates
}

// runPairs runs d and checks every Ortsteil pair (a kept city-state's
// pairs are left out).
func runPairs(t *testing.T, res *data.Resources, g Gazetteer, d *document.Document) (int, []pairResult) {
	t.Helper()
	_, rs := runDoc(t, res, nil, d, nil)
	byIdx := map[int]result{}
	k := 0
	for i, s := range d.Spans {
		if s.Kind.IsLocation() {
			byIdx[i] = rs[k]
			k++
		}
	}
	var out []pairResult
	pairs := ortsteilPairs(d)
	for _, p := range pairs {
		a, b := byIdx[p[0]], byIdx[p[1]]
		if a.orig == a.sur {
			continue
		}
		m, dk := ortsteilMiss(res, g, b.orig, a.sur, b.sur)
		out = append(out, pairResult{fmt.Sprintf("%s: %s-%s → %s-%s", d.Name, a.orig, b.orig, a.sur, b.sur), m, dk})
	}
	return len(pairs), out
}

// pairFigures counts the misses and the pairs beyond ortsteilMaxKm and
// returns the median distance.
func pairFigures(rs []pairResult) (misses, far int, median float64, ex []string) {
	var ds []float64
	for _, r := range rs {
		switch {
		case r.miss != "":
			misses++
			ex = append(ex, r.text+": "+r.miss)
		case r.km > ortsteilMaxKm:
			far++
			ex = append(ex, fmt.Sprintf("%s: %.0f km", r.text, r.km))
		}
		if r.miss == "" {
			ds = append(ds, r.km)
		}
	}
	if len(ds) > 0 {
		sort.Float64s(ds)
		median = ds[len(ds)/2]
	}
	return misses, far, median, ex
}

// TestOrtsteilFollowsItsTown: an Ortsteil annotated as a CITY span of its
// own after its municipality ("Delbrück-Westenholz") becomes a small place
// of the state of the municipality's surrogate, near it, over 20 seeds
// (the blind reading found Hückelhoven-Altentreptow and Osnabrück-Trebur);
// a place the gazetteer does not know stays in the letter's state; one
// Ortsteil keeps one surrogate in a letter.
func TestOrtsteilFollowsItsTown(t *testing.T) {
	res := data.Default()
	g := NewEmbedded(res)
	for _, c := range []struct{ name, src string }{
		{"hyphen unknown", "Praxis Dr. Weber, [[CITY|Delbrück]]-[[CITY|Westenholz]]\n\nDie Patientin wohnt in [[CITY|Paderborn]]."},
		{"hyphen namesake", "Praxis Dr. Weber, Mittelstraße 3, [[CITY|Lemgo]]-[[CITY|Brake]]\n\nWohnhaft in [[CITY|Detmold]]."},
		{"OT", "Hausarztpraxis, [[CITY|Sulzberg]] OT [[CITY|Moosbach]]\n\nÜberweisung an das Klinikum [[CITY|Kempten]]."},
		{"Ortsteil", "wohnhaft in [[CITY|Harrislee]], Ortsteil [[CITY|Wassersleben]]; Klinik in [[CITY|Flensburg]]."},
		{"dash", "Notaufnahme [[CITY|Gelsenkirchen]] – [[CITY|Buer]]\n\nHausarzt in [[CITY|Herten]]."},
		{"zip", "[[ZIP|33129]] [[CITY|Delbrück]]-[[CITY|Westenholz]]\n\nIn [[CITY|Westenholz]] lebt die Patientin allein."},
		{"big town", "Klinikum [[CITY|Hildesheim]]-[[CITY|Himmelsthür]]; Nachsorge in [[CITY|Sarstedt]]."},
	} {
		t.Run(c.name, func(t *testing.T) {
			var all []pairResult
			for seed := 0; seed < 20; seed++ {
				d := parseDoc(t, fmt.Sprint("ortsteil", seed, c.name), c.src)
				n, rs := runPairs(t, res, g, d)
				if n != 1 {
					t.Fatalf("%d Ortsteil pairs, want 1", n)
				}
				all = append(all, rs...)
				_, out := runDoc(t, res, nil, d, nil)
				seen := map[string]string{}
				for _, r := range out {
					if r.kind != kinds.LocationCity {
						continue
					}
					if v, ok := seen[r.orig]; ok && v != r.sur {
						t.Errorf("seed %d: %s → %s and %s", seed, r.orig, v, r.sur)
					}
					seen[r.orig] = r.sur
				}
			}
			misses, far, med, ex := pairFigures(all)
			// in North Rhine-Westphalia villages and small towns are few:
			// the surrogate is then one up to 50 km away (measured: median
			// 24–43 km), never a town of its own next door (Herne-Herten)
			// (one miss left: "Hirschbach-Auerbach", a village whose
			// namesake is a town of 9,000)
			if misses > 1 || far > 16 || med > 45 {
				t.Errorf("20 seeds: %d misses, %d beyond %d km, median %.0f km (want ≤ 1, ≤ 16, ≤ 45 km): %s", misses, far, ortsteilMaxKm, med, strings.Join(ex, "; "))
			}
		})
	}
}

// TestUnknownPlaceKeepsTheState: a place the gazetteer does not know,
// without a postcode, is drawn in the state of the letter's places, never
// nationwide.
func TestUnknownPlaceKeepsTheState(t *testing.T) {
	res := data.Default()
	g := NewEmbedded(res)
	src := "Klinikum [[CITY|Paderborn]]\n\nDie Patientin wohnt in [[CITY|Musterhausen-Süd]] bei ihrer Tochter."
	for seed := 0; seed < 20; seed++ {
		d := parseDoc(t, fmt.Sprint("unknown", seed), src)
		_, rs := runDoc(t, res, nil, d, nil)
		ok := false
		for _, id := range byName(g)[data.Fold(rs[1].sur)] {
			ok = ok || g.Place(id).State == "Nordrhein-Westfalen"
		}
		if !ok {
			t.Errorf("seed %d: Musterhausen-Süd → %s, not in Nordrhein-Westfalen", seed, rs[1].sur)
		}
	}
}

// TestOrtsteilDevLetters: every municipality–Ortsteil pair of the dev
// letters ("]]-[[LOCATION_CITY", " OT ") over 10 seeds.
func TestOrtsteilDevLetters(t *testing.T) {
	ls := loadLetters(t, "dev")
	if len(ls) == 0 {
		t.Skip("needs testdata/letters-src/dev")
	}
	res := data.Default()
	g := NewEmbedded(res)
	const seeds = 10
	pairs := 0
	var all []pairResult
	for _, l := range ls {
		for seed := 0; seed < seeds; seed++ {
			d := l.Document()
			d.Normalize()
			if len(ortsteilPairs(d)) == 0 {
				break
			}
			d.Name = fmt.Sprintf("%s#%d", l.Name, seed)
			n, rs := runPairs(t, res, g, d)
			pairs += n
			all = append(all, rs...)
		}
	}
	misses, far, med, ex := pairFigures(all)
	t.Logf("dev letters, %d seeds: %d municipality–Ortsteil pairs (%d checked): %d outside the state of the municipality's surrogate, too big or the original; %d beyond %d km (%.1f%%); median distance %.0f km",
		seeds, pairs, len(all), misses, far, ortsteilMaxKm, 100*float64(far)/float64(max(len(all), 1)), med)
	for i, m := range ex {
		if i == 20 {
			break
		}
		t.Log("  " + m)
	}
	if pairs < 20*seeds {
		t.Fatalf("only %d pairs found", pairs)
	}
	// beyond 30 km only where the state has few villages and small towns
	// near the surrogate (Altmark, Uckermark, North Rhine-Westphalia):
	// measured 20 % since a town of 20,000 or more is no Ortsteil
	if misses*100 > len(all) || far*4 > len(all) || med > 25 {
		t.Errorf("%d misses, %d of %d beyond %d km, median %.0f km; want ≤ 1 %%, ≤ 25%%, ≤ 25 km", misses, far, len(all), ortsteilMaxKm, med)
	}
}
