package geo

import (
	"bytes"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

func square(lat0, lon0, lat1, lon1 float64) []Point {
	return []Point{PointDeg(lat0, lon0), PointDeg(lat0, lon1), PointDeg(lat1, lon1), PointDeg(lat1, lon0)}
}

// smallPack builds the fixture pack: a state with a district holding two
// municipalities (one with a hole) and a place-node village.
func smallPack(t testing.TB) []byte {
	t.Helper()
	b := NewBuilder()
	b.SetMeta("source", "fixture")
	st := b.AddArea(AreaInput{Name: "Schleswig-Holstein", Level: 4, Key: "01", Parent: NoArea,
		Rings: []Ring{{Points: square(53, 7, 55, 11)}}})
	kr := b.AddArea(AreaInput{Name: "Kreis Pinneberg", Level: 6, Key: "01056", Parent: st, Population: 316000,
		Rings: []Ring{{Points: square(53.5, 7.5, 54.5, 10)}}})
	hel := b.AddArea(AreaInput{Name: "Helgoland", Level: 8, Key: "01056025", Parent: kr, Population: 1300,
		Flags: FlagMunicipality, Label: PointDeg(54.18, 7.88),
		Rings: []Ring{{Points: square(54.1, 7.8, 54.3, 8.0)}}})
	pin := b.AddArea(AreaInput{Name: "Pinneberg", Level: 8, Key: "01056039", Parent: kr, Population: 43000,
		Flags: FlagMunicipality, Label: PointDeg(53.65, 9.75),
		Rings: []Ring{{Points: square(53.6, 9.6, 53.7, 9.9)}, {Inner: true, Points: square(53.64, 9.7, 53.66, 9.8)}}})
	b.AddArea(AreaInput{Name: "Düneninsel", NameDe: "Düne", Level: 8, Parent: kr, Flags: FlagMunicipality | FlagPlaceNode,
		Label: PointDeg(54.19, 7.91)})
	b.AddPostcodes(hel, "27498")
	b.AddStreets(hel, "Lung Wai", "Am Südstrand", "Lung Wai")
	b.AddPostcodes(pin, "25421", "25421")
	b.AddStreets(pin, "Bahnhofstraße")
	b.AddPoolEntry(PoolHealthcare, PoolEntry{Name: "Paracelsus-Nordseeklinik", Category: "amenity=hospital",
		Loc: PointDeg(54.18, 7.89), Municipality: hel})
	b.AddPoolEntry(PoolOther, PoolEntry{Name: "Aquarium", Category: "tourism=aquarium", Loc: PointDeg(54.18, 7.88), Municipality: NoArea})
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGoldenFixture(t *testing.T) {
	testutil.Golden(t, "testdata/small.pack", smallPack(t))
}

func TestQueries(t *testing.T) {
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	if in.Attribution != Attribution || in.Areas != 5 || in.Municipalities != 3 || in.Pools != [NumPools]int{1, 0, 1} ||
		in.Embeddings.Dims != 0 || in.Version != "1.1" || in.Postcodes != 2 {
		t.Errorf("Info = %+v", in)
	}
	tests := []struct {
		lat, lon float64
		want     string
	}{
		{54.2, 7.9, "Helgoland"},
		{53.61, 9.61, "Pinneberg"},
		{53.65, 9.75, ""}, // in the hole
		{53.0001, 7.0001, ""},
		{10, 10, ""},
	}
	for _, tt := range tests {
		a, ok := p.MunicipalityAt(tt.lat, tt.lon)
		if ok != (tt.want != "") || a.Name != tt.want {
			t.Errorf("MunicipalityAt(%v,%v) = %q,%v want %q", tt.lat, tt.lon, a.Name, ok, tt.want)
		}
	}
	for _, tt := range []struct {
		name string
		hint ResolveHint
		want []string
	}{
		{"HELGOLAND", ResolveHint{}, []string{"Helgoland"}},
		{"duene", ResolveHint{}, []string{"Düneninsel"}},
		{"kreis  pinneberg", ResolveHint{}, []string{"Kreis Pinneberg"}},
		{"Pinneberg", ResolveHint{Parent: "Kreis Pinneberg"}, []string{"Pinneberg"}},
		{"Nowhere", ResolveHint{}, nil},
	} {
		var got []string
		for _, a := range p.Resolve(tt.name, tt.hint) {
			got = append(got, a.Name)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Resolve(%q) = %v want %v", tt.name, got, tt.want)
		}
	}
	hel := p.Resolve("Helgoland", ResolveHint{})[0]
	kr := p.Resolve("Kreis Pinneberg", ResolveHint{})[0]
	if !p.Contains(kr.ID, hel.ID) || p.Contains(hel.ID, kr.ID) {
		t.Error("Contains")
	}
	if anc := p.Ancestors(hel.ID); len(anc) != 2 || anc[0].Name != "Kreis Pinneberg" || anc[1].Level != 4 {
		t.Errorf("Ancestors = %v", anc)
	}
	if got := p.Streets(hel.ID); !reflect.DeepEqual(got, []string{"Am Südstrand", "Lung Wai"}) {
		t.Errorf("Streets = %q", got)
	}
	if got := p.Postcodes(hel.ID); !reflect.DeepEqual(got, []string{"27498"}) {
		t.Errorf("Postcodes = %q", got)
	}
	if m, ok := p.MunicipalityForPostcode("25421"); !ok || m.Name != "Pinneberg" {
		t.Errorf("MunicipalityForPostcode = %v %v", m.Name, ok)
	}
	if _, ok := p.MunicipalityForPostcode("99999"); ok {
		t.Error("unknown postcode found")
	}
	st, _ := p.State(hel.ID)
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		a, ok := p.SampleMunicipality(st.ID, SizeVillage, rng)
		if !ok || a.Population >= 5000 {
			t.Fatalf("SampleMunicipality village = %+v %v", a, ok)
		}
		seen[a.Name] = true
	}
	if len(seen) != 2 {
		t.Errorf("village sample covered %v", seen)
	}
	if a, ok := p.SampleMunicipality(st.ID, SizeMetropolis, rng); !ok || a.Name != "Pinneberg" {
		t.Errorf("fallback to nearest class = %v", a.Name)
	}
	if _, ok := p.SampleMunicipality(kr.ID, SizeVillage, rng); ok {
		t.Error("sampling in a non-state succeeded")
	}
	e := p.Pool(PoolHealthcare).Entry(0)
	if e.Name != "Paracelsus-Nordseeklinik" || e.Municipality != hel.ID || e.Category != "amenity=hospital" {
		t.Errorf("pool entry = %+v", e)
	}
	if _, ok := p.Pool(PoolHealthcare).Embedding(0, nil); ok {
		t.Error("embedding in empty section")
	}
}

func TestEmbeddings(t *testing.T) {
	for _, typ := range []EmbeddingType{EmbedFloat32, EmbedInt8} {
		b := NewBuilder()
		b.AddPoolEntry(PoolHealthcare, PoolEntry{Name: "A", Municipality: NoArea})
		b.AddPoolEntry(PoolOther, PoolEntry{Name: "B", Municipality: NoArea})
		b.AddPoolEntry(PoolOther, PoolEntry{Name: "C", Municipality: NoArea})
		e := &Embeddings{Version: 3, Dims: 2, Type: typ}
		e.Vectors[PoolHealthcare] = [][]float32{{1, -1}}
		e.Vectors[PoolOther] = [][]float32{{0.5, 0.25}, {-2, 1}}
		b.SetEmbeddings(e)
		var buf bytes.Buffer
		if _, err := b.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		p, err := Parse(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if info := p.EmbeddingInfo(); info != (EmbeddingInfo{Version: 3, Dims: 2, Type: typ}) {
			t.Errorf("info %+v", info)
		}
		v, ok := p.Pool(PoolOther).Embedding(1, nil)
		if !ok || len(v) != 2 || abs(v[0]+2) > 0.02 || abs(v[1]-1) > 0.02 {
			t.Errorf("type %d: vector = %v", typ, v)
		}
	}
	b := NewBuilder()
	b.AddPoolEntry(PoolOther, PoolEntry{Name: "B", Municipality: NoArea})
	b.SetEmbeddings(&Embeddings{Dims: 2, Type: EmbedFloat32})
	if _, err := b.WriteTo(&bytes.Buffer{}); err == nil {
		t.Error("missing vectors accepted")
	}
}

func TestEmbedderSection(t *testing.T) {
	b := NewBuilder()
	b.AddPoolEntry(PoolHealthcare, PoolEntry{Name: "A", Municipality: NoArea})
	b.AddPoolEntry(PoolOther, PoolEntry{Name: "B", Municipality: NoArea})
	e := &Embeddings{Version: 1, Dims: 16, Type: EmbedInt8, Embedder: "hashed", EmbedderVersion: "abc123", Model: []byte{1, 2, 3}}
	e.Vectors[PoolHealthcare] = [][]float32{make([]float32, 16)}
	e.Vectors[PoolOther] = [][]float32{make([]float32, 16)}
	e.Vectors[PoolOther][0][3] = 0.5
	b.SetEmbeddings(e)
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	info := p.EmbeddingInfo()
	if info.Embedder != "hashed" || info.EmbedderVersion != "abc123" || !bytes.Equal(p.EmbedderModel(), []byte{1, 2, 3}) {
		t.Errorf("embedder %+v model %v", info, p.EmbedderModel())
	}
	if p.Info().Embeddings != info {
		t.Errorf("Info().Embeddings = %+v", p.Info().Embeddings)
	}
	d, sc, ok := p.Pool(PoolOther).Vectors()
	if !ok || len(d) != 16 || len(sc) != 1 || d[3] != 127 || sc[0] < 0.0039 || sc[0] > 0.004 {
		t.Errorf("Vectors = %v %v %v", d, sc, ok)
	}
	// rewriting without an embedder drops the section
	var out bytes.Buffer
	if _, err := p.WriteWithEmbeddings(&out, nil); err != nil {
		t.Fatal(err)
	}
	q, err := Parse(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if q.EmbeddingInfo().Embedder != "" || q.EmbedderModel() != nil {
		t.Error("embedder section kept without embeddings")
	}
	long := *e
	long.EmbedderVersion = strings.Repeat("x", maxEmbedderText+1)
	b.SetEmbeddings(&long)
	if _, err := b.WriteTo(&bytes.Buffer{}); err == nil {
		t.Error("over-long embedder version accepted")
	}
}

func TestWriteWithEmbeddings(t *testing.T) {
	orig := smallPack(t)
	p, err := Parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	e := &Embeddings{Version: 7, Dims: 3, Type: EmbedInt8}
	e.Vectors[PoolHealthcare] = [][]float32{{1, 0, -1}}
	e.Vectors[PoolOther] = [][]float32{{0, 0.5, 0}}
	var buf bytes.Buffer
	if _, err := p.WriteWithEmbeddings(&buf, e); err != nil {
		t.Fatal(err)
	}
	q, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if q.EmbeddingInfo() != (EmbeddingInfo{Version: 7, Dims: 3, Type: EmbedInt8}) || dumpAreas(q) != dumpAreas(p) {
		t.Errorf("rewritten pack: %+v", q.Info())
	}
	if v, ok := q.Pool(PoolOther).Embedding(0, nil); !ok || abs(v[1]-0.5) > 0.01 {
		t.Errorf("vector %v", v)
	}
	// Emptying again gives back the original bytes.
	buf.Reset()
	if _, err := q.WriteWithEmbeddings(&buf, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), orig) {
		t.Error("round trip changed the pack")
	}
	e.Vectors[PoolOther] = nil
	if _, err := p.WriteWithEmbeddings(&bytes.Buffer{}, e); err == nil {
		t.Error("missing vectors accepted")
	}
}

func dumpAreas(p *Pack) string {
	var b bytes.Buffer
	for i := 0; i < p.NumAreas(); i++ {
		a, _ := p.Area(AreaID(i))
		b.WriteString(a.Name)
		for _, s := range append(p.Streets(a.ID), p.Postcodes(a.ID)...) {
			b.WriteString("|" + s)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func abs(x float32) float32 { return max(x, -x) }

func TestCorruption(t *testing.T) {
	good := smallPack(t)
	for _, tt := range []struct {
		name string
		mod  func([]byte) []byte
	}{
		{"truncated", func(b []byte) []byte { return b[:len(b)-9] }},
		{"header-only", func(b []byte) []byte { return b[:40] }},
		{"magic", func(b []byte) []byte { b[0] = 'X'; return b }},
		{"version", func(b []byte) []byte { b[offMajor] = 9; return b }},
		{"section byte", func(b []byte) []byte { b[len(b)-20] ^= 0x40; return b }},
		{"header byte", func(b []byte) []byte { b[headerFixedSize+2] ^= 1; return b }},
	} {
		b := tt.mod(append([]byte(nil), good...))
		if _, err := Parse(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err = %v, want ErrFormat", tt.name, err)
		}
	}
}

func TestOpenFile(t *testing.T) {
	b := NewBuilder()
	b.AddArea(AreaInput{Name: "X", Level: 8, Parent: NoArea, Flags: FlagMunicipality})
	path := filepath.Join(t.TempDir(), "x.pack")
	if _, err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := p.Area(0); !ok || a.Name != "X" {
		t.Errorf("Area(0) = %+v", a)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, []byte("garbage"), 0o644)
	if _, err := Open(path); err == nil {
		t.Error("garbage opened")
	}
}

func TestPolygon(t *testing.T) {
	// A comb-shaped ring with many vertices so the band index is used.
	var pts []Point
	for i := 0; i < 50; i++ {
		pts = append(pts, Point{int32(i * 100), 0}, Point{int32(i*100 + 50), 1000})
	}
	pts = append(pts, Point{5000, -100}, Point{0, -100})
	plain, banded := NewPolygon([]Ring{{Points: pts}}, false), NewPolygon([]Ring{{Points: pts}}, true)
	if banded.bands == nil {
		t.Fatal("no band index")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		p := Point{int32(rng.IntN(5400) - 200), int32(rng.IntN(1400) - 200)}
		if plain.Contains(p) != banded.Contains(p) || plain.Contains(p) != pointInRing(pts, p) {
			t.Fatalf("disagree at %v", p)
		}
	}
	ip, ok := banded.InteriorPoint()
	if !ok || !plain.Contains(ip) {
		t.Errorf("interior point %v %v", ip, ok)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"München": "muenchen", "MÜNCHEN": "muenchen", "Muenchen": "muenchen",
		"Groß-Gerau": "gross gerau", " Frankfurt (Oder) ": "frankfurt oder", "Besançon": "besancon",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q want %q", in, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(smallPack(f))
	{
		p, err := Parse(smallPack(f))
		if err != nil {
			f.Fatal(err)
		}
		e := &Embeddings{Version: 1, Dims: 2, Type: EmbedInt8, Embedder: "hashed", EmbedderVersion: "v", Model: []byte("m")}
		e.Vectors[PoolHealthcare] = [][]float32{{1, 0}}
		e.Vectors[PoolOther] = [][]float32{{0, 0.5}}
		var buf bytes.Buffer
		if _, err := p.WriteWithEmbeddings(&buf, e); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			return
		}
		p.Info()
		for i := 0; i < p.NumAreas(); i++ {
			id := AreaID(i)
			p.Streets(id)
			p.Postcodes(id)
			p.Ancestors(id)
			p.RingPoints(id)
			a, _ := p.Area(id)
			lat, lon := a.Label.Deg()
			p.MunicipalityAt(lat, lon)
			p.Resolve(a.Name, ResolveHint{Parent: a.Name, Postcode: "1"})
		}
		for k := PoolKind(0); k < NumPools; k++ {
			pl := p.Pool(k)
			for i := 0; i < pl.Len(); i++ {
				pl.Entry(i)
				pl.Embedding(i, nil)
			}
			pl.Vectors()
			p.EmbedderModel()
		}
		rng := rand.New(rand.NewPCG(1, 1))
		p.SampleMunicipality(NoArea, SizeTown, rng)
	})
}

// TestConcurrentQueries runs queries from several goroutines (run with
// -race to check that a Pack is safe for concurrent use).
func TestConcurrentQueries(t *testing.T) {
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func(seed uint64) {
			rng := rand.New(rand.NewPCG(seed, 1))
			ok := true
			for i := 0; i < 500; i++ {
				if a, found := p.MunicipalityAt(54.2, 7.9); !found || a.Name != "Helgoland" {
					ok = false
				}
				p.Resolve("Pinneberg", ResolveHint{Parent: "Kreis Pinneberg", Postcode: "25421"})
				p.SampleMunicipality(NoArea, SizeTown, rng)
				p.Streets(2)
				p.AreasAt(53.61, 9.61)
			}
			done <- ok
		}(uint64(g))
	}
	for g := 0; g < 4; g++ {
		if !<-done {
			t.Error("wrong answer under concurrency")
		}
	}
}

// fixCRC rewrites the section and header checksums of data in place
// (where the directory is in bounds), so that FuzzParseStructure explores
// the structural checks behind the checksums.
func fixCRC(data []byte) {
	if len(data) < headerFixedSize {
		return
	}
	hsize := int(le.Uint32(data[offHeaderSize:]))
	nsec := int(le.Uint32(data[offSectionCount:]))
	alen := int(le.Uint32(data[offAttrLen:]))
	if alen > maxAttrLen || nsec > maxSections {
		return
	}
	dir := pad8(headerFixedSize + alen)
	if hsize > len(data) || dir+nsec*dirEntrySize > len(data) {
		return
	}
	for i := 0; i < nsec; i++ {
		e := data[dir+i*dirEntrySize:]
		off, n := le.Uint64(e[8:]), le.Uint64(e[16:])
		if off <= uint64(len(data)) && n <= uint64(len(data))-off {
			le.PutUint32(e[24:], crc32.Checksum(data[off:off+n], castagnoli))
		}
	}
	le.PutUint32(data[offHeaderCRC:], 0)
	le.PutUint32(data[offHeaderCRC:], crc32.Checksum(data[:hsize], castagnoli))
}

func FuzzParseStructure(f *testing.F) {
	f.Add(smallPack(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		data = append([]byte(nil), data...)
		fixCRC(data)
		p, err := Parse(data)
		if err != nil {
			return
		}
		for i := 0; i < p.NumAreas(); i++ {
			id := AreaID(i)
			p.Streets(id)
			p.Postcodes(id)
			p.Ancestors(id)
			a, _ := p.Area(id)
			lat, lon := a.Label.Deg()
			p.MunicipalityAt(lat, lon)
			p.AreasAt(lat, lon)
			p.Resolve(a.Name, ResolveHint{Parent: a.NameDe, Postcode: "27498"})
		}
		for k := PoolKind(0); k < NumPools; k++ {
			pl := p.Pool(k)
			for i := 0; i < pl.Len(); i++ {
				pl.Entry(i)
				pl.Embedding(i, nil)
			}
			pl.Vectors()
			p.EmbedderModel()
		}
		p.Info()
		p.SampleMunicipality(NoArea, SizeVillage, rand.New(rand.NewPCG(1, 1)))
	})
}

func TestEmbeddingsPreQuantised(t *testing.T) {
	b := NewBuilder()
	b.AddPoolEntry(PoolOther, PoolEntry{Name: "B", Municipality: NoArea})
	e := &Embeddings{Version: 1, Dims: 2, Type: EmbedInt8}
	e.Q[PoolOther] = [][]int8{{127, -64}}
	e.Scale[PoolOther] = []float32{0.5}
	b.SetEmbeddings(e)
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := p.Pool(PoolOther).Embedding(0, nil); !ok || v[0] != 63.5 || v[1] != -32 {
		t.Errorf("vector %v", v)
	}
	e.Scale[PoolOther] = nil
	if _, err := b.WriteTo(&bytes.Buffer{}); err == nil {
		t.Error("int8 vectors without scales accepted")
	}
}
