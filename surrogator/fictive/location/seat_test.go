package location_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/contact"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/fictive/geopack"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Issue 24: an institution and the place it stands in stay one. Over the
// project's dev letters and the shared GraSCCo letters, 20 seeds, on the
// default path, with --pools ../shared/pools and with a pack built from a
// shared OSM extract:
//
//   - every register institution surrogate whose original's seat the
//     letter writes (a CITY or ZIP span, a phone or fax with its area
//     code): every CITY and ZIP span of that seat maps to the
//     surrogate's seat (a kept city-state, Berlin or Hamburg under the
//     default state policy, cannot follow and is counted apart);
//   - two different original places never share one surrogate place;
//   - a phone or fax number whose area code is its place's gets the area
//     code of the place's surrogate.

var seatGens = func() fictive.Generators {
	t := fictive.Generators{}
	location.Install(t)
	contact.Install(t)
	return t
}()

// seatDoc is one document of the evaluation.
type seatDoc struct {
	name string
	doc  *document.Document
}

// seatLetters returns the project's dev letters and the shared GraSCCo
// letters.
func seatLetters(t *testing.T) []seatDoc {
	out := projectSet(t, "dev")
	if _, ok := testutil.SharedPath(t, "corpora/grascco-pii"); ok {
		for _, f := range testutil.GrasccoCAS(t) {
			out = append(out, seatDoc{"grascco/" + f.Name, testutil.Doc(t, f)})
		}
	}
	return out
}

// projectSet returns the letters of one set of testdata/letters-src.
func projectSet(t *testing.T, set string) []seatDoc {
	var out []seatDoc
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", set)
	if _, err := os.Stat(dir); err != nil {
		return nil
	}
	ls, err := letters.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		d := l.Document()
		d.Normalize()
		out = append(out, seatDoc{l.Name, d})
	}
	return out
}

// seatEval counts one path.
type seatEval struct {
	docs, instSpans, instOK, cityState, noCandidate, placeSpans, placeOK int
	// nationwide: institutions drawn in another state (the original's state
	// has too few of the type); the place stays in its state (SPEC §6)
	nationwide                                                      int
	collapses, phones, phonesOK, ownTown, ownTownOK, ownTownAvoided int
	misses                                                          []string
}

func (e *seatEval) note(s string) {
	if len(e.misses) < 12 && !slices.Contains(e.misses, s) {
		e.misses = append(e.misses, s)
	}
}

// auditAvoid reports the folded original location spans of the set, as
// the engine's avoid list does.
func auditAvoid(docs []seatDoc) func(string) bool {
	set := map[string]bool{}
	for _, sd := range docs {
		for i, s := range sd.doc.Spans {
			if s.Kind.IsLocation() && s.Kind != kinds.LocationCountry && s.Kind != kinds.LocationState {
				if v := norm.Fold(strings.TrimSpace(sd.doc.SpanText(i))); len(v) >= 2 {
					set[v] = true
				}
			}
		}
	}
	return func(v string) bool { return set[norm.Fold(strings.TrimSpace(v))] }
}

func evalSeats(t *testing.T, docs []seatDoc, seeds int, g fictive.Geodata, pools *fac.Pools) seatEval {
	return evalSeatsScope(t, docs, seeds, g, pools, false)
}

// evalSeatsScope is evalSeats; corpus runs every seed's letters in one
// consistency scope (--scope corpus).
func evalSeatsScope(t *testing.T, docs []seatDoc, seeds int, g fictive.Geodata, pools *fac.Pools, corpus bool) seatEval {
	var ev seatEval
	res := data.Default()
	avoid := auditAvoid(docs)
	for seed := 0; seed < seeds; seed++ {
		shared := fictive.NewScope([]byte(fmt.Sprintf("seat-corpus|%d", seed)))
		shared.Avoid = avoid
		for _, sd := range docs {
			d := sd.doc
			docScope := fictive.NewScope([]byte(fmt.Sprintf("seat|%d|%s", seed, sd.name)))
			docScope.Avoid = avoid
			scope := docScope
			if corpus {
				scope = shared
			}
			st := &fictive.DocState{}
			ctxOf := func(i int) *fictive.Context {
				return &fictive.Context{Kind: d.Spans[i].Kind, Doc: d, Span: i, Scope: scope, DocScope: docScope, State: st, Res: res, Geo: g, Pools: pools}
			}
			sur := map[int]string{}
			for i, s := range d.Spans {
				gen, err := seatGens.Lookup(s.Kind)
				if err != nil {
					continue
				}
				orig := d.SpanText(i)
				if location.KeptByPolicy(s.Kind, orig, false) {
					continue
				}
				v, err := gen(orig, ctxOf(i))
				if err != nil {
					continue
				}
				sur[i] = v
			}
			ev.docs++
			ctx := ctxOf(0)
			gz := location.Geo(ctx)
			// places: original municipality → surrogate, per span
			type pl struct{ orig, sur int }
			places := map[int]pl{}
			for i, s := range d.Spans {
				if s.Kind != kinds.LocationCity && s.Kind != kinds.LocationZip {
					continue
				}
				o, _, ok := location.SpanPlace(ctxOf(i), i)
				if !ok {
					continue
				}
				v, done := sur[i]
				if !done {
					places[i] = pl{o, o} // kept by the state policy
					continue
				}
				got := -1
				if s.Kind == kinds.LocationCity {
					if id, ok := location.CityID(ctx, v, ""); ok {
						got = id
					}
				} else if code := digits(v); code != "" {
					owners := gz.PostcodeOwners(code)
					if len(owners) > 0 {
						got = owners[0]
					}
					places[i] = pl{o, -2 - len(owners)} // resolved below against the seat
					_ = owners
				}
				if s.Kind == kinds.LocationCity {
					places[i] = pl{o, got}
				}
			}
			// two original places never collapse into one surrogate
			bySur := map[int]int{}
			for i, p := range places {
				if d.Spans[i].Kind != kinds.LocationCity || p.sur < 0 || p.sur == p.orig {
					continue
				}
				if o, ok := bySur[p.sur]; ok && o != p.orig {
					ev.collapses++
					ev.note(fmt.Sprintf("%s: %s and another place → %s", sd.name, gz.Place(p.orig).Name, gz.Place(p.sur).Name))
				}
				bySur[p.sur] = p.orig
			}
			// institutions and their seats
			for i, s := range d.Spans {
				if s.Kind != kinds.LocationHospital && s.Kind != kinds.LocationOrganization && s.Kind != kinds.LocationOther {
					continue
				}
				v, ok := sur[i]
				if !ok {
					continue
				}
				c := ctxOf(i)
				art := fac.ArticleWord(c.Before(40))
				P := location.OriginalSeat(c, d.SpanText(i), art)
				Y := location.SurrogateSeat(c, v, art)
				if P < 0 || Y < 0 || !location.DocNames(c, P) {
					continue
				}
				ev.instSpans++
				if location.IsCityState(gz, P) {
					ev.cityState++
					continue
				}
				good, placed := true, -1
				var why []string
				for j, p := range places {
					if p.orig != P {
						continue
					}
					ev.placeSpans++
					okj := p.sur == Y
					if d.Spans[j].Kind == kinds.LocationZip {
						okj = slices.Contains(gz.PostcodeOwners(digits(sur[j])), Y)
					}
					if okj {
						ev.placeOK++
						continue
					}
					good = false
					if d.Spans[j].Kind == kinds.LocationCity {
						placed = p.sur
					}
					why = append(why, fmt.Sprintf("%s (seed %d): %q → %q, but %s %q → %q", sd.name, seed, d.SpanText(i), v, d.Spans[j].Kind, d.SpanText(j), sur[j]))
				}
				switch {
				case good:
					ev.instOK++
				case location.StateKey(gz.Place(Y).State) != location.StateKey(gz.Place(P).State) && (placed < 0 || location.StateKey(gz.Place(placed).State) == location.StateKey(gz.Place(P).State)):
					ev.nationwide++
				case placed >= 0 && !freeAlternative(c, d, sur, avoid, d.SpanText(i), art, placed):
					// the register holds no institution of the type in the
					// place's surrogate that the letter may use (none, an
					// original of the project, or another institution's
					// surrogate): the seat was pinned by another institution
					ev.noCandidate++
				default:
					for _, w := range why {
						ev.note(w)
					}
				}
			}
			// a facility named after its town stands in that town's
			// surrogate: a hospital of another town stays in another town
			for i, s := range d.Spans {
				if s.Kind != kinds.LocationHospital && s.Kind != kinds.LocationOrganization && s.Kind != kinds.LocationOther {
					continue
				}
				v, ok := sur[i]
				c := ctxOf(i)
				art := fac.ArticleWord(c.Before(40))
				if !ok || location.SurrogateSeat(c, v, art) >= 0 {
					continue // register institutions: above
				}
				towns := location.NameTowns(c, fac.Nominative(strings.TrimSpace(d.SpanText(i)), art), false)
				if len(towns) != 1 {
					continue
				}
				want := location.TreeSurrogate(c, towns[0])
				got := location.NameTowns(c, fac.Nominative(strings.TrimSpace(v), art), true)
				if want < 0 || len(got) == 0 {
					continue // the surrogate names no town (a template of another kind)
				}
				if k := location.DistrictOf(gz, want); k != "" && location.AvoidWindows(avoid, k) && !slices.Contains(got, want) {
					// an office named after the place's district, which is
					// an original of the project: another office, elsewhere
					ev.ownTownAvoided++
					continue
				}
				ev.ownTown++
				if slices.Contains(got, want) || location.IsCityState(gz, want) && slices.ContainsFunc(got, func(id int) bool { return gz.Place(id).State == gz.Place(want).State }) {
					// (a kept city-state: the office may name a district of it)
					ev.ownTownOK++
				} else {
					ev.note(fmt.Sprintf("%s (seed %d): %q → %q, but its town → %s", sd.name, seed, d.SpanText(i), v, gz.Place(want).Name))
				}
			}
			// phone area codes follow the place's surrogate
			for i, s := range d.Spans {
				if s.Kind != kinds.ContactPhone && s.Kind != kinds.ContactFax {
					continue
				}
				a := location.GermanAreaCode(d.SpanText(i))
				o, sid, ok := location.SpanPlace(ctxOf(i), i)
				if a == "" || !ok || gz.AreaCode(o) != a || sur[i] == "" {
					continue
				}
				ev.phones++
				if location.GermanAreaCode(sur[i]) == gz.AreaCode(sid) {
					ev.phonesOK++
				} else {
					ev.note(fmt.Sprintf("%s: phone %q → %q, place %s → %s (%s)", sd.name, d.SpanText(i), sur[i], gz.Place(o).Name, gz.Place(sid).Name, gz.AreaCode(sid)))
				}
			}
		}
	}
	return ev
}

// freeAlternative reports whether the register holds an institution of
// the original's type seated at y that the letter could have used: no
// spelling of it is an original of the project and it is not the
// surrogate of another facility of the letter.
func freeAlternative(c *fictive.Context, d *document.Document, sur map[int]string, avoid func(string) bool, orig, art string, y int) bool {
	used := map[string]bool{}
	for i, s := range d.Spans {
		if v, ok := sur[i]; ok && (s.Kind == kinds.LocationHospital || s.Kind == kinds.LocationOrganization || s.Kind == kinds.LocationOther) {
			used[norm.Fold(strings.TrimSpace(v))] = true
		}
	}
next:
	for _, forms := range location.SeatAlternatives(c, orig, art, y) {
		for _, f := range forms {
			if location.AvoidWindows(avoid, f) || used[norm.Fold(f)] {
				continue next
			}
		}
		return true
	}
	return false
}

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if b.Len() >= 4 {
			break
		} else {
			b.Reset()
		}
	}
	if b.Len() == 4 || b.Len() == 5 {
		return b.String()
	}
	return ""
}

func (e seatEval) report(t *testing.T, path string, seeds int) {
	t.Logf("%s: %d documents × %d seeds: register institutions whose original's seat the letter names %d, seat followed %d, kept city-state %d, drawn in another state (the place kept in its own) %d, no free register institution of the type in the seat another institution pinned %d; place spans of those seats %d, mapped to the surrogate's seat %d; collapsed places %d; facilities named after a town whose surrogate names a town %d, the town's surrogate %d (offices named after a district the project names, drawn elsewhere: %d); phones/faxes with their place's area code %d, surrogate area code of the surrogate place %d",
		path, e.docs/seeds, seeds, e.instSpans, e.instOK, e.cityState, e.nationwide, e.noCandidate, e.placeSpans, e.placeOK, e.collapses, e.ownTown, e.ownTownOK, e.ownTownAvoided, e.phones, e.phonesOK)
	for _, m := range e.misses {
		t.Log("  " + m)
	}
}

func (e seatEval) check(t *testing.T) {
	if e.instSpans == 0 {
		t.Fatal("no register institution with its seat in a letter: the evaluation measures nothing")
	}
	// Known unexplained rest (measured after the merge with the register
	// work and the extended gazetteer: 20 of 2,879 institutions, 69 of
	// 2,297 facilities named after a town on the default path): town names
	// with a parenthesis or a compass suffix the checker's NameTowns does
	// not parse ("Lindau (Bodensee)", "Zeulenroda-Triebes-Süd"), and a
	// regional Medizinischer Dienst drawn as the federal one, and offices
	// of a Landkreis ("Landkreis Fulda", "Jugendamt Landkreis Göttingen")
	// drawn as another district's while the district town follows the tree
	// (up to 6.7 % with --pools, 4.3 % with a pack, measured on a fresh
	// clone). The floors hold that rest below 1 % and 8 %.
	if n := e.instSpans - e.instOK - e.cityState - e.noCandidate - e.nationwide; n*100 > e.instSpans {
		t.Errorf("%d of %d institutions do not stand in their seat's surrogate although the register has one there (over 1 %%)", n, e.instSpans)
	}
	if e.collapses > 0 {
		t.Errorf("%d times two original places share one surrogate", e.collapses)
	}
	if (e.ownTown-e.ownTownOK)*100 > 8*e.ownTown {
		t.Errorf("%d of %d facilities named after a town do not name its surrogate (over 8 %%)", e.ownTown-e.ownTownOK, e.ownTown)
	}
	if e.phonesOK != e.phones {
		t.Errorf("%d of %d phone numbers lost their place's area code", e.phones-e.phonesOK, e.phones)
	}
}

var (
	seatPoolsOnce sync.Once
	seatPools     *fac.Pools
	seatPoolsErr  error
)

func TestSeatsFollowInstitutions(t *testing.T) {
	docs := seatLetters(t)
	seeds := 20
	if testing.Short() {
		seeds = 3
	}
	// as TestEvalLetters: make test runs the pools, pack and corpus paths
	// over 5 seeds and leaves the held-out report out; make eval-semantic
	// (SURROGATOR_EVAL_FULL=1) runs every path over 20 seeds
	full := os.Getenv("SURROGATOR_EVAL_FULL") != ""
	more := seeds
	if !full {
		more = min(seeds, 5)
	}
	t.Run("default", func(t *testing.T) {
		ev := evalSeats(t, docs, seeds, nil, nil)
		ev.report(t, "default", seeds)
		ev.check(t)
		// the held-out letters: the aggregate only, never asserted nor
		// tuned on (testdata/letters-src/README.md)
		if held := projectSet(t, "heldout"); len(held) > 0 && !testing.Short() && full {
			hv := evalSeats(t, held, seeds, nil, nil)
			hv.misses = nil
			hv.report(t, "default, held-out letters (not asserted)", seeds)
		}
	})
	// --scope corpus: a place's surrogate derives from the key alone, so no
	// place is pinned; an institution stands in its seat's surrogate only
	// where the register has one there (reported, not asserted)
	t.Run("corpus", func(t *testing.T) {
		ev := evalSeatsScope(t, docs, more, nil, nil, true)
		var keep []string
		for _, m := range ev.misses {
			if strings.Contains(m, "phone") {
				keep = append(keep, m)
			}
		}
		ev.misses = keep
		ev.report(t, "default, --scope corpus (not asserted)", more)
		// (phones are reported only: in corpus scope an area code two
		// original places share, 0351 of Dresden and Freital, keeps the
		// surrogate code of the place that came first)
		if ev.collapses > 0 {
			t.Errorf("corpus scope: %d collapsed places", ev.collapses)
		}
	})
	t.Run("pools", func(t *testing.T) {
		if testing.Short() {
			t.Skip("loading the shared pools takes half a minute")
		}
		dir := testutil.Shared(t, "pools")
		seatPoolsOnce.Do(func() { seatPools, seatPoolsErr = fac.FromLists(context.Background(), dir, nil) })
		if seatPoolsErr != nil {
			t.Fatal(seatPoolsErr)
		}
		ev := evalSeats(t, docs, more, nil, seatPools)
		ev.report(t, "--pools ../shared/pools", more)
		ev.check(t)
	})
	t.Run("pack", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds a pack")
		}
		src := testutil.Shared(t, "osm/graphhopper__lauf-200115.osm.pbf")
		out := filepath.Join(t.TempDir(), "lauf.pack")
		if _, err := osmbuild.Build(context.Background(), src, out, osmbuild.Options{Workers: 1}); err != nil {
			t.Skipf("no pack from the Lauf extract: %v", err)
		}
		pk, err := geo.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer pk.Close()
		pools, err := fac.FromPack(pk, nil)
		if err != nil {
			pools = nil
		}
		ev := evalSeats(t, docs, more, geopack.New(pk), pools)
		ev.report(t, "pack graphhopper__lauf-200115 (its pools, gazetteer layered)", more)
		ev.check(t)
	})
}
