package geopack

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/osmbuild/synth"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// synthScale is the synthetic Germany the acceptance tests build: 336
// municipalities, 21 per state, so that every state offers 20 candidates.
const synthScale = 0.03

var (
	synthOnce sync.Once
	synthPath string
	synthErr  error
	synthDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if synthDir != "" {
		os.RemoveAll(synthDir)
	}
	os.Exit(code)
}

// synthPack builds (once per test binary) a pack of a synthetic Germany.
func synthPack(tb testing.TB) *geo.Pack {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds a synthetic Germany (about 10 s)")
	}
	synthOnce.Do(func() {
		synthDir, synthErr = os.MkdirTemp("", "geopack-synth-")
		if synthErr != nil {
			return
		}
		pbf := filepath.Join(synthDir, "s.osm.pbf")
		if _, synthErr = synth.GenerateFile(context.Background(), pbf, synth.Options{Scale: synthScale, Seed: 10}); synthErr != nil {
			return
		}
		synthPath = filepath.Join(synthDir, "s.pack")
		_, synthErr = osmbuild.Build(context.Background(), pbf, synthPath, osmbuild.Options{})
		os.Remove(pbf)
	})
	if synthErr != nil {
		tb.Fatal(synthErr)
	}
	return openPack(tb, synthPath)
}

func openPack(tb testing.TB, path string) *geo.Pack {
	tb.Helper()
	p, err := geo.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { p.Close() })
	return p
}

// realPack builds a pack from a shared OSM extract.
func realPack(tb testing.TB, rel string) *geo.Pack {
	tb.Helper()
	in := testutil.Shared(tb, rel)
	out := filepath.Join(tb.TempDir(), "r.pack")
	if _, err := osmbuild.Build(context.Background(), in, out, osmbuild.Options{}); err != nil {
		tb.Fatal(err)
	}
	return openPack(tb, out)
}

// letter is one generated address block and its surrogates.
type letter struct {
	doc  *document.Document
	orig map[kinds.Kind]string
	sur  map[kinds.Kind]string
	// all holds every span's surrogate by span index.
	all map[int]string
	// sid is the surrogate place id recorded for the city, -1 when none.
	sid int
}

type spanSpec struct {
	k    kinds.Kind
	text string
}

// buildDoc joins literal text and spans ("" kind: plain text).
func buildDoc(parts ...spanSpec) *document.Document {
	var b strings.Builder
	var spans []document.Span
	for _, p := range parts {
		start := b.Len()
		b.WriteString(p.text)
		if p.k != "" {
			spans = append(spans, document.Span{Label: string(p.k), Begin: start, End: b.Len(), Ref: -1})
		}
	}
	d := &document.Document{Name: "letter", Text: b.String(), Spans: spans}
	d.Normalize()
	return d
}

// run replaces the spans of d as the engine does: places before contacts,
// kept kinds kept. The scope key stands for the run's seed.
func run(tb testing.TB, g fictive.Geodata, d *document.Document, seed string, replaceState bool) letter {
	tb.Helper()
	scope := fictive.NewScope([]byte(seed))
	st := &fictive.DocState{}
	l := letter{doc: d, orig: map[kinds.Kind]string{}, sur: map[kinds.Kind]string{}, all: map[int]string{}, sid: -1}
	order := make([]int, len(d.Spans))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return d.Spans[order[a]].Kind.IsLocation() && !d.Spans[order[b]].Kind.IsLocation()
	})
	for _, i := range order {
		s := d.Spans[i]
		orig := d.SpanText(i)
		l.orig[s.Kind] = orig
		if location.KeptByPolicy(s.Kind, orig, replaceState) {
			l.sur[s.Kind] = orig
			l.all[i] = orig
			continue
		}
		gen, err := testGenerators.Lookup(s.Kind)
		if err != nil {
			tb.Fatal(err)
		}
		v, err := gen(orig, &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Geo: g, ReplaceState: replaceState})
		if err != nil {
			tb.Fatalf("%s %s: %v", seed, s.Kind, err)
		}
		l.sur[s.Kind] = v
		l.all[i] = v
	}
	ids := scope.Entries(location.NSCityID)
	if len(ids) == 1 {
		for _, v := range ids {
			if id, err := strconv.Atoi(v); err == nil {
				l.sid = id
			}
		}
	}
	return l
}

// addressLetter writes a letter for place m of g: street with house
// number, postcode, city, state, phone with the place's area code, and a
// hospital named after the city.
func addressLetter(g fictive.Geodata, m int, r *rand.Rand) *document.Document {
	return addressBlock(g, m, r, true)
}

// addressBlock is addressLetter with the hospital optional.
func addressBlock(g fictive.Geodata, m int, r *rand.Rand, hospital bool) *document.Document {
	pl := g.Place(m)
	streets := g.Streets(m)
	pcs := g.Postcodes(m)
	parts := []spanSpec{
		{"", "Patientin wohnhaft "},
		{kinds.LocationStreet, streets[r.Intn(len(streets))] + " " + fmt.Sprint(1+r.Intn(98))},
		{"", ", "},
		{kinds.LocationZip, pcs[r.Intn(len(pcs))]},
		{"", " "},
		{kinds.LocationCity, pl.Name},
		{"", " ("},
		{kinds.LocationState, pl.State},
		{"", ").\nTel. "},
	}
	if a := g.AreaCode(m); a != "" {
		parts = append(parts, spanSpec{kinds.ContactPhone, "0" + a + " " + fmt.Sprint(200000+r.Intn(700000))})
	}
	if hospital {
		parts = append(parts, spanSpec{"", "\nAufnahme im "}, spanSpec{kinds.LocationHospital, "Klinikum " + pl.Name}, spanSpec{"", ".\n"})
	}
	return buildDoc(parts...)
}

// checkLetter asserts issue 10's invariants with the geodata's own
// queries: the surrogate municipality lies in the original's state (or
// the replacement state), the street is one of its streets, the postcode
// one of its postcodes, the phone has its area code, the hospital names
// it, the state span is kept (or replaced by that state).
func checkLetter(t *testing.T, g fictive.Geodata, m int, l letter, replaceState bool) {
	t.Helper()
	if l.sid < 0 {
		t.Errorf("%q: no surrogate place recorded", l.doc.Text)
		return
	}
	sp := g.Place(l.sid)
	orig := g.Place(m)
	wantState := orig.State
	if replaceState {
		wantState = l.sur[kinds.LocationState]
		if wantState == orig.State {
			t.Errorf("state %q kept under --replace-state", orig.State)
		}
	} else if l.sur[kinds.LocationState] != orig.State {
		t.Errorf("state span %q changed to %q", orig.State, l.sur[kinds.LocationState])
	}
	if sp.State != wantState {
		t.Errorf("%s (%s) → %s (%s): state %s expected", orig.Name, orig.State, sp.Name, sp.State, wantState)
	}
	if l.sid == m || sp.Name == orig.Name {
		t.Errorf("%s: surrogate is the original", orig.Name)
	}
	if got := l.sur[kinds.LocationCity]; got != sp.Name && got != strings.TrimPrefix(sp.Name, sp.State+"-") {
		t.Errorf("city %q, recorded surrogate %q", got, sp.Name)
	}
	street := l.sur[kinds.LocationStreet]
	if i := strings.LastIndexByte(street, ' '); i > 0 {
		street = street[:i]
	}
	pool := g.Streets(l.sid)
	if len(pool) == 0 {
		pool = data.Default().Streets
	}
	if !slices.Contains(pool, street) {
		t.Errorf("street %q is not a street of %s", street, sp.Name)
	}
	if z := l.sur[kinds.LocationZip]; !slices.Contains(g.Postcodes(l.sid), z) {
		t.Errorf("ZIP %q is not a postcode of %s (%v)", z, sp.Name, g.Postcodes(l.sid))
	}
	if ph, ok := l.sur[kinds.ContactPhone]; ok {
		if a := g.AreaCode(l.sid); a != "" && !strings.HasPrefix(ph, "0"+a+" ") {
			t.Errorf("phone %q: area code of %s is %s", ph, sp.Name, a)
		}
	}
	// a facility writes a town without its parenthesised qualifier, or
	// after a slash ("Burg (Dithmarschen)" → "Burg/Dithmarschen")
	town := strings.TrimPrefix(sp.Name, sp.State+"-")
	short, qual, paren := strings.Cut(town, " (")
	if h := l.sur[kinds.LocationHospital]; !strings.Contains(h, town) && !(paren && strings.Contains(h, short)) && !strings.Contains(h, short+"/"+strings.TrimSuffix(qual, ")")) {
		t.Errorf("hospital %q does not name %s", h, sp.Name)
	}
}

// letterPlaces lists the places of g a letter can be written for: pack
// municipalities (not the city-states themselves) with streets, postcodes
// and a state.
func letterPlaces(g fictive.Geodata) []int {
	var out []int
	for _, id := range g.Candidates("", 0, location.NumSizeClasses-1) {
		if _, ok := location.IsPrimary(g, id); !ok {
			continue
		}
		pl := g.Place(id)
		if pl.State == "" || len(g.Streets(id)) == 0 || len(g.Postcodes(id)) == 0 || location.KeptByPolicy(kinds.LocationCity, pl.Name, false) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// generateLetters writes n letters over the places of g and checks them.
func generateLetters(t *testing.T, g fictive.Geodata, n int, replaceState bool) int {
	t.Helper()
	places := letterPlaces(g)
	if len(places) == 0 {
		t.Fatal("no place with streets and postcodes")
	}
	r := rand.New(rand.NewSource(7))
	for i := 0; i < n; i++ {
		m := places[i%len(places)]
		if len(places) > n {
			m = places[r.Intn(len(places))]
		}
		l := run(t, g, addressLetter(g, m, r), fmt.Sprint("letter-", i), replaceState)
		checkLetter(t, g, m, l, replaceState)
	}
	return len(places)
}

// TestLettersSyntheticPack: ≥ 200 letters from places of a synthetic
// Germany, default policy and --replace-state.
func TestLettersSyntheticPack(t *testing.T) {
	p := synthPack(t)
	g := location.Layered(New(p), location.NewEmbedded(nil))
	for _, rs := range []bool{false, true} {
		t.Run(fmt.Sprint("replaceState=", rs), func(t *testing.T) {
			n := generateLetters(t, g, 240, rs)
			t.Logf("240 letters over %d places", n)
		})
	}
}

// TestLettersRealExtracts: letters from the places of the real extracts
// (Helgoland, Lauf, Borsigwalde), completed by the embedded gazetteer
// where an extract is too small to offer 20 candidates.
func TestLettersRealExtracts(t *testing.T) {
	total := 0
	for _, rel := range []string{"osm/OSMoGrid__helgoland.pbf", "osm/graphhopper__lauf-200115.osm.pbf", "osm/osr__miraustr.osm.pbf"} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			p := realPack(t, rel)
			g := location.Layered(New(p), location.NewEmbedded(nil))
			places := letterPlaces(g)
			if len(places) == 0 {
				t.Skip("extract holds no municipality with streets and postcodes")
			}
			for _, rs := range []bool{false, true} {
				generateLetters(t, g, 70, rs)
			}
			total += 70
		})
	}
	t.Logf("%d letters per policy from the real extracts", total)
}

// TestBorsigwaldeDistrict: a district of Berlin (admin_level 10 of the
// real extract) becomes another district of Berlin; Berlin itself is kept.
func TestBorsigwaldeDistrict(t *testing.T) {
	p := realPack(t, "osm/osr__miraustr.osm.pbf")
	g := location.Layered(New(p), location.NewEmbedded(nil))
	id, ok := g.Lookup("Borsigwalde")
	if !ok {
		t.Skip("the extract holds no Borsigwalde")
	}
	if st := g.Place(id).State; st != "Berlin" {
		t.Fatalf("Borsigwalde in %q", st)
	}
	seen := map[string]bool{}
	for seed := 0; seed < 20; seed++ {
		d := buildDoc(spanSpec{"", "wohnhaft in "}, spanSpec{kinds.LocationCity, "Borsigwalde"}, spanSpec{"", ", Berlin"})
		l := run(t, g, d, fmt.Sprint("b", seed), false)
		sur := l.sur[kinds.LocationCity]
		sid, ok := g.Lookup(sur)
		if !ok {
			sid, ok = g.Lookup("Berlin-" + sur)
		}
		if !ok || g.Place(sid).State != "Berlin" || sur == "Borsigwalde" || strings.Contains(sur, "Berlin-") {
			t.Errorf("Borsigwalde → %q: not another district of Berlin", sur)
		}
		seen[sur] = true
	}
	if !location.KeptByPolicy(kinds.LocationCity, "Berlin", false) {
		t.Error("Berlin used as a city is not kept")
	}
	if len(seen) < 5 {
		t.Errorf("Borsigwalde: %d distinct surrogates over 20 seeds", len(seen))
	}
}

// handPack writes a pack with two states of 25 municipalities each, one
// name ("Ludwigswitz") in both — the regression case of issue 10 where a
// Bayern village got the other state's postcode and streets.
func handPack(t *testing.T) *geo.Pack {
	b := geo.NewBuilder()
	for si, st := range []struct{ name, key, pc string }{{"Baden-Württemberg", "08", "7"}, {"Bayern", "09", "9"}} {
		s := b.AddArea(geo.AreaInput{Name: st.name, Level: 4, Key: st.key, Parent: geo.NoArea})
		k := b.AddArea(geo.AreaInput{Name: "Landkreis " + st.name[:4], Level: 6, Key: st.key + "100", Parent: s})
		for i := 0; i < 25; i++ {
			name := fmt.Sprintf("%sdorf%c", []string{"Alt", "Neu", "Ober", "Unter", "Hoch"}[i%5], 'a'+rune(i))
			if i == 7 {
				name = "Ludwigswitz"
			}
			m := b.AddArea(geo.AreaInput{Name: name, Level: 8, Key: fmt.Sprintf("%s100%03d", st.key, i), Parent: k,
				Flags: geo.FlagMunicipality, Population: int64(1000 + 997*i + 500*(1-si))}) // the BW namesake is bigger
			b.AddPostcodes(m, fmt.Sprintf("%s%02d%02d", st.pc, 10+si, i), fmt.Sprintf("%s%02d%02d", st.pc, 60+si, i))
			var streets []string
			for j := 0; j < 6; j++ {
				streets = append(streets, fmt.Sprintf("%s-%s-%d-Weg", st.key, name, j))
			}
			b.AddStreets(m, streets...)
		}
	}
	path := filepath.Join(t.TempDir(), "hand.pack")
	if _, err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return openPack(t, path)
}

// TestDuplicateNameRegression: a Bayern "Ludwigswitz" identified by its
// postcode, by the state the letter names, or by its phone area code
// keeps every decision in Bayern: the surrogate, its postcode and its
// streets, for 150 seeds.
func TestDuplicateNameRegression(t *testing.T) {
	p := handPack(t)
	g := location.Layered(New(p), location.NewEmbedded(nil)) // as the CLI attaches a pack
	var by, bw int = -1, -1
	for _, id := range g.Resolve("Ludwigswitz") {
		switch g.Place(id).State {
		case "Bayern":
			by = id
		case "Baden-Württemberg":
			bw = id
		}
	}
	if by < 0 || bw < 0 {
		t.Fatalf("pack lacks the two Ludwigswitz: %v", g.Resolve("Ludwigswitz"))
	}
	if g.AreaCode(by) == g.AreaCode(bw) {
		t.Logf("both Ludwigswitz share area code %s: the area-code case is skipped", g.AreaCode(by))
	}
	cases := map[string]func() *document.Document{
		"zip": func() *document.Document {
			return buildDoc(spanSpec{kinds.LocationStreet, g.Streets(by)[0] + " 4"}, spanSpec{"", ", "},
				spanSpec{kinds.LocationZip, g.Postcodes(by)[0]}, spanSpec{"", " "}, spanSpec{kinds.LocationCity, "Ludwigswitz"})
		},
		"state": func() *document.Document {
			return buildDoc(spanSpec{kinds.LocationStreet, "Hauptstraße 4"}, spanSpec{"", ", "}, spanSpec{kinds.LocationCity, "Ludwigswitz"},
				spanSpec{"", ", "}, spanSpec{kinds.LocationState, "Bayern"}, spanSpec{"", "\n"}, spanSpec{kinds.LocationHospital, "Klinik Ludwigswitz"})
		},
	}
	if g.AreaCode(by) != g.AreaCode(bw) {
		cases["area"] = func() *document.Document {
			return buildDoc(spanSpec{kinds.LocationCity, "Ludwigswitz"}, spanSpec{"", ", Tel. "}, spanSpec{kinds.ContactPhone, "0" + g.AreaCode(by) + " 123456"})
		}
	}
	names := make([]string, 0, len(cases))
	for k := range cases {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			for seed := 0; seed < 150; seed++ {
				l := run(t, g, cases[name](), fmt.Sprint(name, seed), false)
				if l.sid < 0 {
					t.Fatalf("seed %d: no surrogate id", seed)
				}
				if st := g.Place(l.sid).State; st != "Bayern" {
					t.Fatalf("seed %d: Bayern's Ludwigswitz → %s in %s", seed, g.Place(l.sid).Name, st)
				}
				if z, ok := l.sur[kinds.LocationZip]; ok && !slices.Contains(g.Postcodes(l.sid), z) {
					t.Fatalf("seed %d: ZIP %s not of %s", seed, z, g.Place(l.sid).Name)
				}
				if s, ok := l.sur[kinds.LocationStreet]; ok && !strings.HasPrefix(s, "09-"+g.Place(l.sid).Name+"-") {
					t.Fatalf("seed %d: street %q not of %s", seed, s, g.Place(l.sid).Name)
				}
				if ph, ok := l.sur[kinds.ContactPhone]; ok && !strings.HasPrefix(ph, "0"+g.AreaCode(l.sid)+" ") {
					t.Fatalf("seed %d: phone %q not of %s (%s)", seed, ph, g.Place(l.sid).Name, g.AreaCode(l.sid))
				}
			}
		})
	}
}

// BenchmarkAddressCluster measures one address cluster (street with house
// number, postcode, city, state and phone of one letter, in a fresh
// document scope as the engine has; the facility generator is measured
// separately by BenchmarkFacility) with a synthetic Germany loaded. SURROGATOR_BENCH_PACK names
// a prebuilt pack (e.g. S = 1 from `surrogator synth-osm --scale 1` and
// `surrogator osmbuild`); else the test's synthetic pack is used. Reports
// clusters/s and the p99 latency per cluster.
func BenchmarkAddressCluster(b *testing.B) { benchClusters(b, false) }

// BenchmarkFacility is BenchmarkAddressCluster with a hospital named after
// the city in every cluster.
func BenchmarkFacility(b *testing.B) { benchClusters(b, true) }

func benchClusters(b *testing.B, hospital bool) {
	var p *geo.Pack
	if path := os.Getenv("SURROGATOR_BENCH_PACK"); path != "" {
		p = openPack(b, path)
	} else {
		p = synthPack(b)
	}
	g := location.Layered(New(p), location.NewEmbedded(nil))
	places := letterPlaces(g)
	r := rand.New(rand.NewSource(1))
	docs := make([]*document.Document, 512)
	for i := range docs {
		docs[i] = addressBlock(g, places[r.Intn(len(places))], r, hospital)
	}
	run(b, g, docs[0], "warm", false) // indexes built lazily once
	lat := make([]time.Duration, 0, b.N)
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		run(b, g, docs[i%len(docs)], fmt.Sprint("bench-", i), false)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	slices.Sort(lat)
	var sum time.Duration
	for _, d := range lat {
		sum += d
	}
	b.ReportMetric(float64(len(lat))/sum.Seconds(), "clusters/s")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(len(places)), "places")
	// CPU time of the process (GC included) per cluster: on a shared,
	// loaded machine the wall-clock figures above include waiting.
	b.ReportMetric(float64(cpu.Microseconds())/float64(len(lat)), "cpu-µs/cluster")
}
