package osmbuild_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/osmbuild/synth"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/fictive/geopack"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Pack path acceptance (issue 24): packs built from every shared extract
// the product accepts as geodata (one with municipalities) and from a
// synthetic Germany; the facility spans of the realistic letters
// (testdata/letters-src, typed with their fine facility type) are
// replaced over 20 seeds as the engine does (places first, the pack's
// pools handed over in the document state, the pack layered over the
// embedded gazetteer); the surrogate must show the original's fine type,
// as a reader sees it: the surrogate in the nominative for the article
// before the span, a register institution by its register type
// (location.ReadTypes, the judgement of the location package's letters
// evaluation). The figures are asserted on the dev letters; the held-out
// letters are never tuned on and only reported in aggregate.

const packPathSeeds = 20

// minTypeKept is the acceptance bar of issue 24, held by what the pack's
// pools serve for the type asked and by the whole path on the dev letters
// (the register of unique institutions, the pools, the templates where the
// pools offer no candidate of the type): 98.6–98.7 % on every pack, the
// misses originals whose type neither the name, the register nor the
// sentence shows (the same on the default path). It was measured at
// 93.7–94.7 % over dev and held-out letters together when the surrogate
// was classified as declined ("des Sportklubs …", "Medizinischen Dienst
// …" read as no type) and register institutions by the taxonomy alone
// ("Campus Essen", "INTER"); the pack path itself lost 0.1 point (pool
// names whose surrogate town changed the type: "Sonnen-Apotheke" → a bare
// town, "Osterklinik Bad …" → rehab).
const minTypeKept = 0.98

// defaultClass is the location generator's class for an original whose
// words show none (location.defaultClass).
func defaultClass(k kinds.Kind) fac.Class {
	switch k {
	case kinds.LocationHospital:
		return fac.Hospital
	case kinds.LocationOrganization:
		return fac.Company
	}
	return fac.Leisure
}

type packCase struct {
	name  string
	build func(t *testing.T, out string) error
}

func packCases() []packCase {
	var cs []packCase
	for _, rel := range []string{
		"osm/graphhopper__lauf-200115.osm.pbf", "osm/OSMoGrid__helgoland.pbf", "osm/osr__miraustr.osm.pbf",
		"osm/openrouteservice__heidelberg.test.pbf", "osm/osm-admin-lookup__schwachhausen.pbf",
		"osm/graphhopper__north-bayreuth.osm.gz", "osm/graphhopper__harsdorf.osm.pbf",
	} {
		cs = append(cs, packCase{filepath.Base(rel), func(t *testing.T, out string) error {
			_, err := osmbuild.Build(context.Background(), testutil.Shared(t, rel), out, osmbuild.Options{Workers: 2})
			return err
		}})
	}
	cs = append(cs, packCase{"synthetic S=0.002 seed 24", func(t *testing.T, out string) error {
		pbf := filepath.Join(t.TempDir(), "s.osm.pbf")
		if _, err := synth.GenerateFile(context.Background(), pbf, synth.Options{Scale: 0.002, Seed: 24, Workers: 2}); err != nil {
			return err
		}
		defer os.Remove(pbf)
		_, err := osmbuild.Build(context.Background(), pbf, out, osmbuild.Options{Workers: 2})
		return err
	}})
	return cs
}

// projectLetters loads one set of the realistic letters (dev: tuned on;
// heldout: never tuned on, reported in aggregate only); nil when the set
// is absent.
func projectLetters(t *testing.T, set string) []*letters.Letter {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", set)
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return nil
	}
	ls, err := letters.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

// typeTally counts facility spans whose surrogate kept the fine type.
type typeTally struct {
	spans, kept int
	misses      map[string]int // "want → got" (types only: no original text)
}

func (tt *typeTally) add(want, got string) {
	tt.spans++
	if want == got {
		tt.kept++
		return
	}
	if tt.misses == nil {
		tt.misses = map[string]int{}
	}
	tt.misses[want+" → "+got]++
}

func (tt *typeTally) rate() float64 {
	if tt.spans == 0 {
		return 1
	}
	return float64(tt.kept) / float64(tt.spans)
}

func (tt *typeTally) worst(n int) string {
	type kv struct {
		k string
		v int
	}
	var all []kv
	for k, v := range tt.misses {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v || all[i].v == all[j].v && all[i].k < all[j].k })
	var parts []string
	for i := 0; i < len(all) && i < n; i++ {
		parts = append(parts, fmt.Sprintf("%s ×%d", all[i].k, all[i].v))
	}
	return strings.Join(parts, "; ")
}

// replaceLetter runs the location generators over one letter: places
// before facilities (the location tree), every location span, with the
// pools in the context. It returns the surrogate of each span.
func replaceLetter(t *testing.T, gen fictive.Generators, g fictive.Geodata, pools *fac.Pools, d *document.Document, seed int) map[int]string {
	t.Helper()
	scope := fictive.NewScope([]byte(fmt.Sprintf("packpath-%d", seed)))
	st := &fictive.DocState{}
	order := make([]int, 0, len(d.Spans))
	for i, s := range d.Spans {
		if s.Kind.IsLocation() {
			order = append(order, i)
		}
	}
	isFac := func(i int) bool { return letters.IsFacilityKind(d.Spans[i].Kind) }
	sort.SliceStable(order, func(a, b int) bool { return !isFac(order[a]) && isFac(order[b]) })
	out := map[int]string{}
	res := data.Default()
	for _, i := range order {
		s := d.Spans[i]
		orig := d.SpanText(i)
		if location.KeptByPolicy(s.Kind, orig, false) {
			out[i] = orig
			continue
		}
		f, err := gen.Lookup(s.Kind)
		if err != nil {
			t.Fatal(err)
		}
		v, err := f(orig, &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Geo: g, Res: res, Pools: pools})
		if err != nil && strings.Contains(err.Error(), "kept by the state policy") {
			v, err = orig, nil // a city-state in a compound the policy keeps
		}
		if err != nil {
			t.Fatalf("%s span %d (%s): %v", d.Name, i, s.Kind, err)
		}
		out[i] = v
	}
	return out
}

// readType is the fine type a reader sees in the surrogate of span i, as
// the letters' evaluation of the location package judges it: the types
// of its nominative for the article or contraction before the span
// (location.ReadTypes: the register's institution, else the taxonomy's
// class; "des Sportklubs Hoyerswerda" shows a Sportklub, "INTER" a
// private insurer), want when one of them is it; a span typed "other"
// keeps its type when the surrogate shows what the original shows, or
// shows no class.
func readType(res *data.Resources, d *document.Document, i int, sur, want string) string {
	from := max(0, d.Spans[i].Begin-40)
	for from > 0 && !utf8.RuneStart(d.Text[from]) {
		from--
	}
	article := fac.ArticleWord(d.Text[from:d.Spans[i].Begin])
	ts := location.ReadTypes(res, fac.Nominative(strings.TrimSpace(sur), article))
	if slices.Contains(ts, want) {
		return want
	}
	if want == "other" && (ts[0] == "unknown" || ts[0] == fac.Classify(fac.Nominative(d.SpanText(i), article)).Type()) {
		return want // "other" has no fine type: the surrogate keeps what the name shows, or shows none
	}
	return ts[0]
}

// packTally is what one set of letters shows on one pack.
type packTally struct {
	all, fromPool, poolExpected typeTally
	noCandidate                 int
	examples                    []string // end-to-end misses with their text (dev only)
}

// measurePack replaces the facility spans of ls over the seeds with the
// pack's geodata and pools. examples: keep the misses' text (dev letters
// only; the held-out ones are reported in aggregate).
func measurePack(t *testing.T, gen fictive.Generators, g fictive.Geodata, pools *fac.Pools, ls []*letters.Letter, examples bool) packTally {
	t.Helper()
	var pt packTally
	res := data.Default()
	for seed := 0; seed < packPathSeeds; seed++ {
		for _, l := range ls {
			d := l.Document()
			sur := replaceLetter(t, gen, g, pools, d, seed)
			for i, s := range l.Spans {
				if s.Type == "" {
					continue
				}
				got := readType(res, d, i, sur[i], s.Type)
				pt.all.add(s.Type, got)
				if examples && got != s.Type {
					pt.examples = append(pt.examples, fmt.Sprintf("%s: %s %q → %q (%s)", l.Name, s.Type, l.Covered(s), sur[i], got))
				}
				// the pack's own share: what its pools offer for
				// the span (the engine falls back to its
				// templates when they offer nothing)
				if pools == nil {
					continue
				}
				ch, err := pools.Choose(context.Background(), fac.Query{Original: l.Covered(s),
					Default: defaultClass(s.Kind), Rand: rand.New(rand.NewSource(int64(seed*7919 + i)))}, fac.Options{})
				if errors.Is(err, fac.ErrNoCandidate) {
					pt.noCandidate++
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				// the pools must serve the type asked for (the
				// original's class as the taxonomy reads it)
				asked := fac.Classify(l.Covered(s))
				if asked == fac.Unknown {
					asked = defaultClass(s.Kind)
				}
				pt.fromPool.add(asked.Type(), fac.Classify(ch.Name).Type())
				pt.poolExpected.add(s.Type, fac.Classify(ch.Name).Type())
			}
		}
	}
	return pt
}

func TestPackPathTypeKept(t *testing.T) {
	if testing.Short() {
		t.Skip("builds eight packs and replaces the letters 20 times on each")
	}
	dev, held := projectLetters(t, "dev"), projectLetters(t, "heldout")
	if len(dev) == 0 {
		t.Skip("needs testdata/letters-src/dev")
	}
	gen := fictive.Generators{}
	location.Install(gen)
	var report []string
	for _, pc := range packCases() {
		t.Run(pc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "p.pack")
			if err := pc.build(t, out); err != nil {
				t.Fatal(err)
			}
			p, err := geo.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			gz := geopack.New(p)
			if gz.Len() == 0 {
				// `surrogator run --geodata` refuses it (no municipality):
				// no product path goes through this pack
				report = append(report, fmt.Sprintf("%-40s not usable as geodata (no municipality)", pc.name))
				return
			}
			pools, err := fac.FromPack(p, nil)
			if errors.Is(err, fac.ErrNoEmbeddings) {
				// a pack without pool candidates (the Bremen boundaries
				// extract): facilities come from the templates, measured
				// on the default path elsewhere
				report = append(report, fmt.Sprintf("%-40s no pool candidates (templates serve its facilities)", pc.name))
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g := location.Layered(gz, location.NewEmbedded(nil))
			pt := measurePack(t, gen, g, pools, dev, true)
			info := p.Info()
			line := fmt.Sprintf("%-38s pools %4d/%4d/%4d  dev end-to-end %4d/%4d = %5.1f %%  pool-served: asked type %4d/%4d = %5.1f %%, letter's type %5.1f %%, no candidate %d",
				pc.name, info.Pools[0], info.Pools[1], info.Pools[2], pt.all.kept, pt.all.spans, 100*pt.all.rate(),
				pt.fromPool.kept, pt.fromPool.spans, 100*pt.fromPool.rate(), 100*pt.poolExpected.rate(), pt.noCandidate)
			if len(held) > 0 {
				// never tuned on: the aggregate figures only
				ht := measurePack(t, gen, g, pools, held, false)
				line += fmt.Sprintf("; held-out (not asserted) end-to-end %5.1f %%, pool-served %5.1f %%", 100*ht.all.rate(), 100*ht.fromPool.rate())
			}
			report = append(report, line)
			t.Log(line)
			if pt.fromPool.rate() < minTypeKept {
				t.Errorf("pool-served type kept %.1f %% < %.0f %%; most frequent misses (asked → served): %s", 100*pt.fromPool.rate(), 100*minTypeKept, pt.fromPool.worst(8))
			}
			if pt.all.rate() < minTypeKept {
				t.Errorf("end-to-end type kept %.1f %% < %.0f %%; most frequent misses: %s", 100*pt.all.rate(), 100*minTypeKept, pt.all.worst(8))
			}
			if testing.Verbose() {
				t.Logf("end-to-end misses (letter's type → surrogate's): %s", pt.all.worst(12))
				t.Logf("pool-served misses (letter's type → surrogate's): %s", pt.poolExpected.worst(8))
				for i, e := range pt.examples {
					if i == 60 {
						break
					}
					t.Log("  " + e)
				}
			}
		})
	}
	t.Logf("pack path, %d dev and %d held-out letters × %d seeds:\n%s", len(dev), len(held), packPathSeeds, strings.Join(report, "\n"))
}
