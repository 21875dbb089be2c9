package facility

import (
	"bufio"
	"context"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
	"math/rand"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

type labelled struct {
	class Class
	name  string
}

func readLabelled(t testing.TB) []labelled {
	t.Helper()
	f, err := os.Open("testdata/labelled.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c, n, ok := strings.Cut(l, "\t")
		cl, ok2 := ParseClass(c)
		if !ok || !ok2 {
			t.Fatalf("bad line %q", l)
		}
		out = append(out, labelled{cl, n})
	}
	return out
}

func TestLabelledListCoversTaxonomy(t *testing.T) {
	ls := readLabelled(t)
	if len(ls) < 300 {
		t.Errorf("%d labelled names, want ≥ 300", len(ls))
	}
	seen := map[Class]int{}
	for _, l := range ls {
		seen[l.class]++
	}
	for c := Class(1); c < NumClasses; c++ {
		if seen[c] == 0 {
			t.Errorf("class %s has no labelled name", c)
		}
	}
}

// TestClassifyLabelled: stage 1 + the taxonomy assign the written label to
// at least 95 % of the labelled names.
func TestClassifyLabelled(t *testing.T) {
	ls := readLabelled(t)
	ok := 0
	for _, l := range ls {
		if c := Classify(l.name); c == l.class {
			ok++
		} else if testing.Verbose() {
			t.Logf("%-20s %-20s %s", l.class, c, l.name)
		}
	}
	if r := float64(ok) / float64(len(ls)); r < 0.95 {
		t.Errorf("classified %d/%d = %.1f%%, want ≥ 95%%", ok, len(ls), 100*r)
	}
}

func TestExpand(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"UKL", "Universitätsklinikum"},
		{"Städt. KH Kiel", "Städtisches Krankenhaus Kiel"},
		{"Ev. Krankenhaus St. Marien", "Evangelisches Krankenhaus Sankt Marien"},
		{"MVZ Nord", "Medizinisches Versorgungszentrum Nord"},
		{"AOK-Bundesverband", "AOK Allgemeine Ortskrankenkasse Bundesverband"},
		{"Uniklinik Köln", "Universitätsklinikum Köln"},
		{"Verein e. V.", "Verein eingetragener Verein"},
		{"Stadtpark", "Stadtpark"},
	} {
		if got := taxonomy.Expand(c.in); got != c.want {
			t.Errorf("taxonomy.Expand(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHeadGenderAndArticle(t *testing.T) {
	for _, c := range []struct {
		name string
		want Gender
	}{
		{"Uniklinik Köln", Feminine}, // "die Uniklinik": the head as written
		{"Städtisches Klinikum Dresden", Neuter},
		{"Fachklinik Hornheide", Feminine},
		{"Pflegedienst Sonnenblume", Masculine},
		{"AOK Sachsen", Feminine},
		{"Sana Kliniken Lübeck", Plural},
		{"Helios", NoGender},
	} {
		if got := HeadGender(c.name); got != c.want {
			t.Errorf("HeadGender(%q) = %d, want %d", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		before string
		want   bool
	}{
		{"Verlegung in der ", true}, {"aus dem ", true}, {"im ", true}, {"Aufnahme ", false}, {"", false}, {"dem", false},
	} {
		if got := taxonomy.ArticleBefore(c.before); got != c.want {
			t.Errorf("taxonomy.ArticleBefore(%q) = %v", c.before, got)
		}
	}
}

func TestProperNouns(t *testing.T) {
	got := ProperNouns("St. Elisabeth-Krankenhaus Leipzig")
	if strings.Join(got, ",") != "elisabeth,leipzig" {
		t.Errorf("ProperNouns = %v", got)
	}
	if got := ProperNouns("Techniker Krankenkasse"); len(got) != 0 {
		t.Errorf("ProperNouns(TK) = %v", got)
	}
}

var (
	sharedOnce  sync.Once
	sharedPools *Pools
	sharedErr   error
)

// poolsFromShared builds the pools of ../shared/pools once per test
// binary (skips when absent).
func poolsFromShared(t testing.TB) *Pools {
	t.Helper()
	dir := testutil.Shared(t, "pools")
	sharedOnce.Do(func() { sharedPools, sharedErr = FromLists(context.Background(), dir, nil) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedPools
}

// semanticEval is the eval-semantic measurement: type preservation,
// proper-noun sharing and diversity over seeds.
type semanticEval struct {
	n, typeKept, shared, noCandidate int
	distinctSum, fewDistinct         int
	seeds                            int
}

func evaluate(t testing.TB, p *Pools, names []labelled, seeds int, logNames bool) semanticEval {
	ev := semanticEval{seeds: seeds}
	for _, l := range names {
		own := map[string]bool{}
		for _, w := range ProperNouns(l.name) {
			own[w] = true
		}
		distinct := map[string]bool{}
		for s := 0; s < seeds; s++ {
			ch, err := p.Choose(context.Background(), Query{Original: l.name, Default: l.class, Gender: HeadGender(l.name),
				Rand: rand.New(rand.NewSource(int64(s)))}, Options{})
			if err != nil {
				ev.noCandidate++
				continue
			}
			ev.n++
			distinct[ch.Name] = true
			if Classify(ch.Name) == l.class {
				ev.typeKept++
			} else if s == 0 && logNames && testing.Verbose() {
				t.Logf("type %s → %s: %q → %q", l.class, Classify(ch.Name), l.name, ch.Name)
			}
			for _, w := range ProperNouns(ch.Name) {
				if own[w] {
					ev.shared++
					break
				}
			}
		}
		ev.distinctSum += len(distinct)
		if len(distinct) < 5 && !l.class.Unique() {
			// (a unique institution's surrogate comes from the register,
			// not the pools: few pool entries of its class do not matter)
			ev.fewDistinct++
			if logNames && testing.Verbose() {
				t.Logf("only %d distinct for %q", len(distinct), l.name)
			}
		}
	}
	return ev
}

func (ev semanticEval) report(t testing.TB, what string, originals int) {
	t.Logf("%s: %d originals × %d seeds: type kept %d/%d = %.1f%%; shared proper nouns %d (%.2f%%); no candidate %d; distinct surrogates per original %.1f (fewer than 5: %d)",
		what, originals, ev.seeds, ev.typeKept, ev.n, 100*float64(ev.typeKept)/float64(max(ev.n, 1)), ev.shared,
		100*float64(ev.shared)/float64(max(ev.n, 1)), ev.noCandidate, float64(ev.distinctSum)/float64(max(originals, 1)), ev.fewDistinct)
}

// TestEvalSemantic is `make eval-semantic`: the acceptance figures on the
// labelled list over the shared pools and the built-in embedder.
func TestEvalSemantic(t *testing.T) {
	p := poolsFromShared(t)
	ls := readLabelled(t)
	seeds := 20
	if testing.Short() {
		seeds, ls = 3, ls[:60]
	}
	ev := evaluate(t, p, ls, seeds, true)
	ev.report(t, "labelled list", len(ls))
	if r := float64(ev.typeKept) / float64(max(ev.n, 1)); r < 0.95 {
		t.Errorf("type kept %.1f%%, want ≥ 95%%", 100*r)
	}
	if ev.shared != 0 {
		t.Errorf("%d surrogates share a proper noun with their original", ev.shared)
	}
	if !testing.Short() && ev.fewDistinct > 0 {
		t.Errorf("%d originals get fewer than 5 distinct surrogates over %d seeds, want none", ev.fewDistinct, seeds)
	}
}

// TestEvalSemanticCorpora measures the same figures on the facility spans
// of the shared corpora (GraSCCo letters and the INCEpTION project); the
// type of an original is what Classify assigns (or its kind's default).
// Nothing of the originals is logged.
func TestEvalSemanticCorpora(t *testing.T) {
	p := poolsFromShared(t)
	var names []labelled
	seen := map[string]bool{}
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		d := testutil.Doc(t, f)
		for i, sp := range d.Spans {
			def, ok := kindDefault[sp.Kind]
			if !ok {
				continue
			}
			name := strings.TrimSpace(d.SpanText(i))
			if name == "" || seen[name] {
				continue
			}
			seen[name] = true
			c := Classify(name)
			if c == Unknown {
				c = def
			}
			names = append(names, labelled{c, name})
		}
	}
	if len(names) == 0 {
		t.Skip("no facility spans in the shared corpora")
	}
	ev := evaluate(t, p, names, 20, false)
	ev.report(t, "shared corpora", len(names))
	if r := float64(ev.typeKept) / float64(max(ev.n, 1)); r < 0.95 {
		t.Errorf("type kept %.1f%%, want ≥ 95%%", 100*r)
	}
	if ev.shared != 0 {
		t.Errorf("%d surrogates share a proper noun with their original", ev.shared)
	}
}

var kindDefault = map[kinds.Kind]Class{
	kinds.LocationHospital: Hospital, kinds.LocationOrganization: Company, kinds.LocationOther: Leisure,
}

// TestPropertyPoolOriginals: for pool names used as originals (every
// 97th entry of the shared pools that shows a class), every surrogate
// keeps the class, shares no proper noun with the original and differs
// from it; the same random source gives the same surrogate.
func TestPropertyPoolOriginals(t *testing.T) {
	p := poolsFromShared(t)
	step := 97
	if testing.Short() {
		step = 997
	}
	n := 0
	for i := 0; i < p.Len(); i += step {
		e := p.Entry(i)
		if !e.ByName {
			continue
		}
		n++
		own := map[string]bool{}
		for _, w := range ProperNouns(e.Name) {
			own[w] = true
		}
		q := Query{Original: e.Name, Rand: rand.New(rand.NewSource(int64(i)))}
		ch, err := p.Choose(context.Background(), q, Options{})
		if err != nil {
			t.Errorf("entry %d: %v", i, err)
			continue
		}
		if Classify(ch.Name) != e.Class {
			t.Errorf("entry %d: class %s → %s", i, e.Class, Classify(ch.Name))
		}
		if Key(ch.Name) == Key(e.Name) {
			t.Errorf("entry %d: surrogate equals the original", i)
		}
		for _, w := range ProperNouns(ch.Name) {
			if own[w] {
				t.Errorf("entry %d: surrogate shares a proper noun", i)
			}
		}
		q.Rand = rand.New(rand.NewSource(int64(i)))
		if again, _ := p.Choose(context.Background(), q, Options{}); again.Name != ch.Name {
			t.Errorf("entry %d: not deterministic", i)
		}
	}
	if n < 50 && !testing.Short() {
		t.Errorf("only %d originals checked", n)
	}
}

// BenchmarkChoose: one query (all five stages) over the shared pools.
func BenchmarkChoose(b *testing.B) {
	p := poolsFromShared(b)
	ls := readLabelled(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := ls[i%len(ls)]
		if _, err := p.Choose(context.Background(), Query{Original: l.name, Default: l.class, Rand: rand.New(rand.NewSource(int64(i)))}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFromLists: reading, classifying and embedding the shared pools
// with the built-in embedder (names/s reported).
func BenchmarkFromLists(b *testing.B) {
	dir := testutil.Shared(b, "pools")
	for i := 0; i < b.N; i++ {
		p, err := FromLists(context.Background(), dir, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(p.Len())/b.Elapsed().Seconds()*float64(i+1), "names/s")
	}
}

func TestPoolEntryRules(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Elisabeth-Kinderkrankenhaus / paediatrics", "Elisabeth-Kinderkrankenhaus"},
		{"Haus Elisabeth / Logopädie / Ergotherapie / occupational", "Haus Elisabeth / Logopädie / Ergotherapie"},
		{"Praxis A / B", "Praxis A / B"},
	} {
		if got := stripTagSuffix(c.in); got != c.want {
			t.Errorf("stripTagSuffix(%q) = %q", c.in, got)
		}
	}
	if e := NewEntry("Drehkreuz TK", "", 0); e.ByName {
		t.Errorf("%q offered as %s by its name", e.Name, e.Class)
	}
	if e := NewEntry("AOK Bayern", "", 0); !e.ByName || e.Class != Insurer {
		t.Errorf("AOK Bayern: %+v", e)
	}
}

func TestHeadGenderCompound(t *testing.T) {
	for _, c := range []struct {
		name string
		want Gender
	}{
		{"Park-Apotheke im Zentrum", Feminine},
		{"St. Elisabeth-Krankenhaus", Neuter},
		{"Reha-Zentrum Lübben", Neuter},
		{"Herz-Jesu-Kirche", Feminine},
	} {
		if got := HeadGender(c.name); got != c.want {
			t.Errorf("HeadGender(%q) = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestClassifyCases: the names the classifier once got wrong, and the
// trades whose "-pflege" is no care.
func TestClassifyCases(t *testing.T) {
	for _, c := range []struct {
		name string
		want Class
	}{
		{"Mutter-Kind-Klinik Ostseeblick", Rehab},
		{"Berufsschule für Pflegeberufe", School},
		{"Krankenpflegeschule am Klinikum", School},
		{"Volkshochschule Leipzig", School},
		{"Fachhochschule Erfurt", University},
		{"Golfclub Schloss Egmating", Sport},
		{"Baumpflege Zöllner", Company},
		{"Textilpflege Blitzblank", Company},
		{"Evangelische Gesamtkirchenpflege", Religious},
		{"Ambulanter Pflegedienst Sonnenschein", CareService},
		{"Fußpflege am Markt", Physiotherapy},
		{"Hotel Seeblick", Lodging},
		{"Kino Regina", Culture},
		{"Freibad Süd", Bath},
		{"Stadtpark Nord", Leisure},
		{"St.-Marien-Krankenhaus", Hospital},
	} {
		if got := Classify(c.name); got != c.want {
			t.Errorf("Classify(%q) = %s, want %s", c.name, got, c.want)
		}
	}
}

// TestAgreeingGenders: the genders a surrogate's head may have so that the
// article before the span still agrees.
func TestAgreeingGenders(t *testing.T) {
	M, F, N, P := Masculine.Set(), Feminine.Set(), Neuter.Set(), Plural.Set()
	for _, c := range []struct {
		article string
		head    Gender
		want    GenderSet
	}{
		{"im", Neuter, M | N},        // im Klinikum → im Verband
		{"im", Masculine, M | N},     // im Pflegedienst → im Krankenhaus
		{"dem", Neuter, M | N},       // dem Klinikum
		{"zum", Neuter, M | N},       // zum Klinikum
		{"zur", Feminine, F},         // zur Klinik
		{"der", Feminine, F},         // in der Klinik (dative) / der Klinik (genitive)
		{"der", Masculine, M},        // der Verband (nominative)
		{"die", Feminine, F | P},     // die Klinik → die Kliniken
		{"die", Plural, F | P},       // die Kliniken → die Praxis
		{"das", Neuter, N},           // das Klinikum
		{"ins", Neuter, N},           // ins Klinikum
		{"den", Masculine, M},        // den Verband
		{"den", Plural, P},           // den Kliniken
		{"des", Neuter, M | N},       // des Klinikums → des Verbands: Decline adds the -s
		{"eine", Feminine, F},        // eine Klinik
		{"ein", Neuter, N},           // ein Klinikum (nom or acc): a masculine head takes "ein" only in the nominative
		{"einem", Masculine, M | N},  // einem Verband
		{"unserer", Feminine, F},     // unserer Klinik
		{"Im", Neuter, M | N},        // capitalised at a sentence start
		{"im", NoGender, M | N},      // im Helios
		{"der", NoGender, M | F | P}, // der Charité
		{"nach", Neuter, N},          // no article: the head's own gender
		{"dem", Feminine, M | N},     // a form that does not fit the head: the genders it fits (the article stays)
		{"des", NoGender, M | N},
	} {
		if got := AgreeingGenders(c.article, c.head); got != c.want {
			t.Errorf("AgreeingGenders(%q, %d) = %b, want %b", c.article, c.head, got, c.want)
		}
	}
}

// TestChooseGenders: with an agreeing set every surrogate's head has a
// gender of the set when the class has such candidates.
func TestChooseGenders(t *testing.T) {
	p := poolsFromShared(t)
	for _, c := range []struct {
		name    string
		article string
	}{
		{"Städtisches Klinikum Dresden", "im"},
		{"Fachklinik Hornheide", "der"},
		{"Pflegedienst Sonnenblume", "den"},
		{"Praxis Dr. Weber", "die"},
	} {
		set := AgreeingGenders(c.article, HeadGender(c.name))
		got := map[Gender]int{}
		for s := 0; s < 20; s++ {
			ch, err := p.Choose(context.Background(), Query{Original: c.name, Genders: set, Rand: rand.New(rand.NewSource(int64(s)))}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			g := HeadGender(ch.Name)
			if !set.Has(g) || !ch.GenderKept {
				t.Errorf("%s %s → %q: gender %d not in %b", c.article, c.name, ch.Name, g, set)
			}
			got[g]++
		}
		t.Logf("%s %s: head genders of 20 surrogates %v", c.article, c.name, got)
	}
}

// BenchmarkClassKNN is the k-NN stage at the size of
// paraphrase-multilingual-MiniLM-L12-v2 (384 dims) over 40,000 pool
// entries: every n-th entry of the shared lists with its class, a random
// unit vector each, one query per labelled original searched (top 32)
// within the original's class only, as Choose does. rows/query is the
// mean number of rows scanned (the flat search scans all 40,000).
func BenchmarkClassKNN(b *testing.B) {
	entries, err := ReadLists(testutil.Shared(b, "pools"))
	if err != nil {
		b.Fatal(err)
	}
	const n, dim = 40000, 384
	step := max(1, len(entries)/n)
	r := rand.New(rand.NewSource(1))
	unit := func() embed.Vec {
		v := make([]float32, dim)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		embed.L2Normalize(v)
		return embed.Quantize(v)
	}
	var meta []entryMeta
	var vecs []embed.Vec
	for i := 0; i < len(entries) && len(meta) < n; i += step {
		meta = append(meta, metaOf(&entries[i]))
		vecs = append(vecs, unit())
	}
	p := newPools(meta, func(i int) string { return entries[i*step].Name }, func(i int) embed.Vec { return vecs[i] }, dim, nil, "classified")
	ls := readLabelled(b)
	queries := make([]embed.Vec, len(ls))
	for i := range queries {
		queries[i] = unit()
	}
	for _, l := range ls {
		if _, err := p.classIndex(l.class); err != nil {
			b.Fatal(err)
		}
	}
	largest := Class(1)
	for c := Class(1); c < NumClasses; c++ {
		if p.Count(c) > p.Count(largest) {
			largest = c
		}
	}
	if _, err := p.classIndex(largest); err != nil {
		b.Fatal(err)
	}
	for _, sub := range []string{"labelled", "largest-class"} {
		b.Run(sub, func(b *testing.B) {
			rows := 0
			for i := 0; b.Loop(); i++ {
				c := ls[i%len(ls)].class
				if sub == "largest-class" {
					c = largest
				}
				ci, _ := p.classIndex(c)
				if _, err := ci.mat.Search(queries[i%len(queries)], 32); err != nil {
					b.Fatal(err)
				}
				rows += ci.mat.Len()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "µs/query")
			b.ReportMetric(float64(rows)/float64(b.N), "rows/query")
		})
	}
}
