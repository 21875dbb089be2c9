package embed

import (
	"bufio"
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

func TestFold(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Universitätsklinikum Leipzig", []string{"universitaetsklinikum", "leipzig"}},
		{"Mueller-Klinik", []string{"mueller", "klinik"}},
		{"Müller-Klinik", []string{"mueller", "klinik"}},
		{"Mu\u0308ller-Klinik", []string{"mueller", "klinik"}}, // decomposed umlaut
		{"MÜLLER KLINIK", []string{"mueller", "klinik"}},
		{"Straße der Einheit 5", []string{"strasse", "der", "einheit", "5"}},
		{"GROẞE APOTHEKE", []string{"grosse", "apotheke"}},
		{"St. Elisabeth-Krankenhaus  (Ev.)", []string{"st", "elisabeth", "krankenhaus", "ev"}},
		{"Clinique Saint-Étienne", []string{"clinique", "saint", "etienne"}},
		{"Ärztehaus Öhringen", []string{"aerztehaus", "oehringen"}},
		{"  – / ", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func randomVec(r *rand.Rand, dim int) []float32 {
	v := make([]float32, dim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	L2Normalize(v)
	return v
}

func TestQuantize(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 500; trial++ {
		v := randomVec(r, 1+r.IntN(400))
		q := Quantize(v)
		maxAbs := 0
		for i, x := range q.Q {
			maxAbs = max(maxAbs, int(math.Abs(float64(x))))
			if d := math.Abs(float64(v[i] - float32(x)*q.Scale)); d > float64(q.Scale)/2*1.0001 {
				t.Fatalf("trial %d: component %d off by %v (scale %v)", trial, i, d, q.Scale)
			}
		}
		if maxAbs != 127 {
			t.Fatalf("trial %d: largest |q| = %d, want 127", trial, maxAbs)
		}
	}
	z := Quantize(make([]float32, 5))
	if z.Scale != 0 || slices.ContainsFunc(z.Q, func(x int8) bool { return x != 0 }) {
		t.Errorf("zero vector quantised to %+v", z)
	}
}

func TestDotsKernel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, dim := range []int{16, 32, 48, 64, 80, 128, 384, 7, 100} {
		rows := 1 + r.IntN(300)
		q := make([]int8, dim)
		data := make([]int8, dim*rows)
		for i := range q {
			q[i] = int8(r.IntN(256) - 128)
		}
		for i := range data {
			data[i] = int8(r.IntN(256) - 128)
		}
		// extremes: every product at its maximum magnitude
		for i := 0; i < dim; i++ {
			data[i] = -128
		}
		want := make([]int32, rows)
		for j := range want {
			var s int32
			for i := 0; i < dim; i++ {
				s += int32(q[i]) * int32(data[j*dim+i])
			}
			want[j] = s
		}
		gotG := make([]int32, rows)
		dotsGeneric(q, data, gotG)
		got := make([]int32, rows)
		dots(q, data, got)
		if !slices.Equal(gotG, want) || !slices.Equal(got, want) {
			t.Errorf("dim %d: dots differ from the scalar sum", dim)
		}
	}
}

// bruteForce ranks every kept row by score, ties by index.
func bruteForce(m *Matrix, q Vec, k int, keep func(int) bool) []Hit {
	var all []Hit
	for i := 0; i < m.Len(); i++ {
		if keep != nil && !keep(i) {
			continue
		}
		row := m.Row(i)
		var s int32
		for j := range q.Q {
			s += int32(q.Q[j]) * int32(row.Q[j])
		}
		all = append(all, Hit{Index: i, Score: float32(s) * row.Scale * q.Scale})
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].Score > all[b].Score })
	return all[:min(k, len(all))]
}

func TestSearchMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, dim := range []int{16, 64, 128, 20, 384} {
		m := NewMatrix(dim, 0)
		for i := 0; i < 2000; i++ {
			if i%10 == 3 && i > 0 {
				// duplicates: ties must come out lower index first
				if err := m.Add(m.Row(i - 1)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := m.Add(Quantize(randomVec(r, dim))); err != nil {
				t.Fatal(err)
			}
		}
		keepOdd := func(i int) bool { return i%2 == 1 }
		trials := 40
		if testing.Short() {
			trials = 8
		}
		for trial := 0; trial < trials; trial++ {
			q := m.Row(r.IntN(m.Len()))
			if trial%2 == 0 {
				q = Quantize(randomVec(r, dim))
			}
			for _, k := range []int{1, 5, 37, 3000} {
				for _, keep := range []func(int) bool{nil, keepOdd} {
					got, err := m.SearchFunc(q, k, keep)
					if err != nil {
						t.Fatal(err)
					}
					want := bruteForce(m, q, k, keep)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("dim %d trial %d k %d: search differs from brute force", dim, trial, k)
					}
				}
			}
		}
	}
}

// TestDotsNarrow: the sign kernel (values in [-127, 127]) equals the
// scalar sum, also when every product has its largest magnitude (a pair of
// 127·127 products is the most VPMADDUBSW may add without saturating), for
// row counts that are and are not multiples of 4 and dims the kernel does
// and does not take.
func TestDotsNarrow(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, dim := range []int{32, 64, 96, 128, 384, 16, 48, 7} {
		for _, rows := range []int{1, 3, 4, 5, 8, 255, 256} {
			q := make([]int8, dim)
			data := make([]int8, dim*rows)
			for i := range q {
				q[i] = int8(r.IntN(255) - 127)
			}
			for i := range data {
				data[i] = int8(r.IntN(255) - 127)
			}
			for i := 0; i < dim; i++ { // row 0: +127 where q is positive, -127 else
				q[i] = []int8{127, -127}[i%2]
				data[i] = q[i]
			}
			if rows > 1 {
				for i := 0; i < dim; i++ { // row 1: every product -127·127
					data[dim+i] = -q[i]
				}
			}
			qabs := make([]int8, dim)
			for i, x := range q {
				qabs[i] = max(x, -x)
			}
			want := make([]int32, rows)
			for j := range want {
				for i := 0; i < dim; i++ {
					want[j] += int32(q[i]) * int32(data[j*dim+i])
				}
			}
			got := make([]int32, rows)
			dotsNarrow(q, qabs, data, got)
			if !slices.Equal(got, want) {
				t.Fatalf("dim %d rows %d: narrow dots differ from the scalar sum", dim, rows)
			}
		}
	}
}

// TestSearchWide: a matrix or query holding -128 (not from Quantize) is
// searched with the kernel exact for every int8 and matches brute force.
func TestSearchWide(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	const dim = 64
	data := make([]int8, dim*300)
	for i := range data {
		data[i] = int8(r.IntN(256) - 128)
	}
	data[5] = -128
	scales := make([]float32, 300)
	for i := range scales {
		scales[i] = 0.01
	}
	m, err := MatrixFrom(dim, data, scales)
	if err != nil {
		t.Fatal(err)
	}
	if !m.wide {
		t.Fatal("matrix with -128 not marked wide")
	}
	q := Vec{Q: make([]int8, dim), Scale: 0.01}
	for i := range q.Q {
		q.Q[i] = -128
	}
	got, err := m.Search(q, 20)
	if err != nil {
		t.Fatal(err)
	}
	if want := bruteForce(m, q, 20, nil); !reflect.DeepEqual(got, want) {
		t.Error("wide search differs from brute force")
	}
	if n := randomMatrix(r, dim, 10); n.wide {
		t.Error("a matrix of quantised vectors marked wide")
	}
}

func TestSearchErrors(t *testing.T) {
	m := NewMatrix(16, 1)
	if err := m.Add(Vec{Q: make([]int8, 8)}); err == nil {
		t.Error("adding a vector of the wrong dim: no error")
	}
	if _, err := m.Search(Vec{Q: make([]int8, 8)}, 3); err == nil {
		t.Error("query of the wrong dim: no error")
	}
	if _, err := MatrixFrom(16, make([]int8, 33), make([]float32, 2)); err == nil {
		t.Error("MatrixFrom with a ragged slice: no error")
	}
	if hits, err := m.Search(Vec{Q: make([]int8, 16)}, 3); err != nil || len(hits) != 0 {
		t.Errorf("empty matrix: %v, %v", hits, err)
	}
}

// invented names, written for these tests
var inventedNames = []string{
	"Universitätsklinikum Lindenau",
	"Uniklinikum Lindenau",
	"Klinikum Lindenau GmbH",
	"Kreiskrankenhaus Wettersfeld",
	"Fachklinik für Psychiatrie Borgstedt",
	"Reha-Zentrum am Kurpark Hohenfels",
	"Praxis Dr. Wendelin Kramp",
	"MVZ Kardiologie Ostring",
	"Bäckerei Pfiffig",
	"Baeckerei Pfiffig",
	"Amtsgericht Wettersfeld",
	"Sozialamt Borgstedt",
	"Pflegedienst Sonnenschein GmbH",
	"Apotheke am Markt",
	"Tischlerei Holzwurm GmbH",
	"Sportverein Blau-Weiß Hohenfels e.V.",
}

func newTestHashed(t testing.TB, cfg HashedConfig) *Hashed {
	t.Helper()
	h, err := NewHashed(cfg, inventedNames)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func cos(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestHashedProperties(t *testing.T) {
	ctx := context.Background()
	h := newTestHashed(t, HashedConfig{})
	if h.Name() != "hashed" || h.Dim() != 128 || !strings.HasPrefix(h.Version(), "v1-d128-n35-") {
		t.Fatalf("name %q dim %d version %q", h.Name(), h.Dim(), h.Version())
	}
	vs, err := h.Embed(ctx, inventedNames)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vs {
		if n := cos(v, v); math.Abs(n-1) > 1e-5 {
			t.Errorf("vector %d has squared norm %v", i, n)
		}
	}
	// folding: the umlaut and its two-letter spelling embed identically
	if !slices.Equal(vs[8], vs[9]) {
		t.Error("Bäckerei and Baeckerei embed differently")
	}
	// neighbours: spellings of one hospital are closer to each other than
	// to an unrelated shop or court
	idx := func(s string) int { return slices.Index(inventedNames, s) }
	uk, uni, baker, court := vs[idx("Universitätsklinikum Lindenau")], vs[idx("Uniklinikum Lindenau")], vs[8], vs[idx("Amtsgericht Wettersfeld")]
	if !(cos(uk, uni) > cos(uk, baker) && cos(uk, uni) > cos(uk, court)) {
		t.Errorf("cos(UK, Uniklinikum) %.3f not above cos(UK, Bäckerei) %.3f and cos(UK, Amtsgericht) %.3f",
			cos(uk, uni), cos(uk, baker), cos(uk, court))
	}
	// empty text: zero vector, no error
	z, err := h.Embed(ctx, []string{"", " - "})
	if err != nil || slices.ContainsFunc(z[0], func(x float32) bool { return x != 0 }) {
		t.Errorf("empty text: %v, %v", z, err)
	}
	// determinism: a second build from the same corpus gives the same version and vectors
	h2 := newTestHashed(t, HashedConfig{})
	vs2, _ := h2.Embed(ctx, inventedNames)
	if h2.Version() != h.Version() || !reflect.DeepEqual(vs, vs2) {
		t.Error("two builds from the same corpus differ")
	}
	// a different corpus (other IDF) or configuration changes the version
	h3, _ := NewHashed(HashedConfig{}, inventedNames[:5])
	h4 := newTestHashed(t, HashedConfig{Dim: 64})
	if h3.Version() == h.Version() || h4.Version() == h.Version() || h4.Dim() != 64 {
		t.Error("version does not follow corpus and configuration")
	}
	// cancelled context
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := h.Embed(cctx, inventedNames); err == nil {
		t.Error("cancelled context: no error")
	}
}

func TestHashedIDF(t *testing.T) {
	// "gmbh" occurs in many corpus entries, "holzwurm" in one: a query
	// sharing only "gmbh" must score lower than one sharing only "holzwurm".
	h := newTestHashed(t, HashedConfig{})
	vs, _ := h.Embed(context.Background(), []string{"Holzwurm GmbH", "Holzwurm", "GmbH"})
	if !(cos(vs[0], vs[1]) > cos(vs[0], vs[2])) {
		t.Errorf("rare word weighs no more than a common one: %.3f vs %.3f", cos(vs[0], vs[1]), cos(vs[0], vs[2]))
	}
	// a smaller IDF power narrows the gap between rare and common words
	soft, _ := NewHashed(HashedConfig{IDFPower: 0.25}, inventedNames)
	sv, _ := soft.Embed(context.Background(), []string{"Holzwurm GmbH", "Holzwurm", "GmbH"})
	if !(cos(sv[0], sv[2]) > cos(vs[0], vs[2])) || soft.Version() == h.Version() {
		t.Errorf("IDF power 0.25: cos(…, GmbH) %.3f not above %.3f with power 1", cos(sv[0], sv[2]), cos(vs[0], vs[2]))
	}
	// without a corpus every feature weighs the same
	flat, _ := NewHashed(HashedConfig{}, nil)
	fv, _ := flat.Embed(context.Background(), []string{"Holzwurm GmbH", "Holzwurm", "GmbH"})
	if cos(fv[0], fv[1])-cos(fv[0], fv[2]) >= cos(vs[0], vs[1])-cos(vs[0], vs[2]) {
		t.Error("IDF from the corpus has no effect")
	}
}

func TestHashedConfigErrors(t *testing.T) {
	for _, cfg := range []HashedConfig{
		{Dim: 100}, {Dim: -16}, {MinN: 4, MaxN: 2}, {TableBits: 30}, {WordWeight: -1}, {IDFPower: -1}, {IDFPower: 5},
	} {
		if _, err := NewHashed(cfg, nil); err == nil {
			t.Errorf("config %+v: no error", cfg)
		}
	}
}

func TestHashedMarshalRoundTrip(t *testing.T) {
	h := newTestHashed(t, HashedConfig{Dim: 48, MinN: 2, MaxN: 4, TableBits: 12, WordWeight: 1.5, IDFPower: 0.5})
	b, err := h.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	g, err := UnmarshalHashed(b)
	if err != nil {
		t.Fatal(err)
	}
	if g.Version() != h.Version() || g.Config() != h.Config() {
		t.Fatalf("round trip: %q %+v, want %q %+v", g.Version(), g.Config(), h.Version(), h.Config())
	}
	a, _ := h.Embed(context.Background(), inventedNames)
	c, _ := g.Embed(context.Background(), inventedNames)
	if !reflect.DeepEqual(a, c) {
		t.Error("restored embedder gives other vectors")
	}
	bad := map[string][]byte{
		"empty":       nil,
		"magic":       append([]byte("XXXXXXXX"), b[8:]...),
		"truncated":   b[:len(b)-5],
		"header only": b[:28],
		"idf power":   withByte(withByte(b, 20, 0), 23, 0xff), // NaN
		"reserved":    withByte(b, 15, 1),
		"dim":         withByte(b, 8, 7),
		"trailing":    append(slices.Clone(b), 1, 2, 3),
		"df > docs":   withByte(b, 24, 0), // docs = 0 while frequencies are positive
	}
	for name, in := range bad {
		if _, err := UnmarshalHashed(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func withByte(b []byte, i int, v byte) []byte {
	c := slices.Clone(b)
	c[i] = v
	return c
}

// TestHashedGolden pins the vectors of invented names (as a digest), so any
// change to folding, hashing or weighting is visible.
func TestHashedGolden(t *testing.T) {
	h := newTestHashed(t, HashedConfig{})
	m, err := EmbedQuantized(context.Background(), h, inventedNames, 5)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "version %s\n", h.Version())
	for i := 0; i < m.Len(); i++ {
		row := m.Row(i)
		sum := sha256.Sum256(func() []byte {
			out := make([]byte, len(row.Q))
			for j, x := range row.Q {
				out[j] = byte(x)
			}
			return out
		}())
		fmt.Fprintf(&b, "%-40q %x scale=%.6g\n", inventedNames[i], sum[:8], row.Scale)
	}
	testutil.Golden(t, filepath.Join("testdata", "hashed.golden"), []byte(b.String()))
}

// sharedPools reads the name lists in ../shared/pools (skips when absent).
func sharedPools(t testing.TB) map[string][]string {
	t.Helper()
	dir := testutil.Shared(t, "pools")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Skip("needs ../shared/pools/*.txt")
	}
	out := map[string][]string{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if s := strings.TrimSpace(sc.Text()); s != "" {
				out[filepath.Base(f)] = append(out[filepath.Base(f)], s)
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestHashedSharedPools: over every name of the shared pools, the vector is
// unit length (or zero for a name without letters or digits), and
// searching a name's own quantised vector finds a row at least as similar
// as the name itself (exact search never misses the query's own row).
func TestHashedSharedPools(t *testing.T) {
	if testing.Short() {
		t.Skip("embeds all 111k shared pool names; skipped with -short")
	}
	pools := sharedPools(t)
	var all []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range pools {
			if !yield(k) {
				return
			}
		}
	}) {
		all = append(all, pools[k]...)
	}
	h, err := NewHashed(HashedConfig{}, all)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := h.Embed(context.Background(), all)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatrix(h.Dim(), len(vs))
	for i, v := range vs {
		n := cos(v, v)
		if math.Abs(n-1) > 1e-4 && !(n == 0 && len(Fold(all[i])) == 0) {
			t.Fatalf("pool entry %d: squared norm %v", i, n)
		}
		if err := m.Add(Quantize(v)); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 300; trial++ {
		i := r.IntN(m.Len())
		q := m.Row(i)
		hits, err := m.Search(q, 3)
		if err != nil {
			t.Fatal(err)
		}
		self := float32(0)
		for j := range q.Q {
			self += float32(q.Q[j]) * float32(q.Q[j])
		}
		self *= q.Scale * q.Scale
		if hits[0].Score < self*(1-1e-5) {
			t.Fatalf("pool entry %d: best hit %d scores %v below its own %v", i, hits[0].Index, hits[0].Score, self)
		}
	}
}
