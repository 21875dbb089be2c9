package xmi

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

const (
	scanLayer = "webanno.custom.PHI"
	scanToken = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token"
)

// scanSeed is an XMI of the shape INCEpTION sends: one sofa (entities, an
// astral character, a tab), tokens, a sentence, document metadata, one
// PHI annotation and the view.
const scanSeed = `<?xml version="1.0" encoding="UTF-8"?>
<xmi:XMI xmlns:pos="http:///de/tudarmstadt/ukp/dkpro/core/api/lexmorph/type/pos.ecore" xmlns:tcas="http:///uima/tcas.ecore" xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:type4="http:///de/tudarmstadt/ukp/dkpro/core/api/segmentation/type.ecore" xmlns:custom="http:///webanno/custom.ecore" xmi:version="2.0"><cas:NULL xmi:id="0"/><tcas:DocumentAnnotation xmi:id="1" sofa="12" begin="0" end="33" language="de"/><type4:Sentence xmi:id="2" sofa="12" begin="0" end="33"/><type4:Token xmi:id="3" sofa="12" begin="0" end="4" order="0"/><type4:Token xmi:id="4" sofa="12" begin="5" end="11" pos="9"/><type4:Token xmi:id="5" sofa="12" begin="12" end="14"/><type4:Token xmi:id="6" sofa="12" begin="15" end="17"/><type4:Token xmi:id="7" sofa="12" begin="18" end="28"/><type4:Token xmi:id="8" sofa="12" begin="28" end="29"/><pos:POS xmi:id="9" sofa="12" begin="5" end="11" PosValue="NE"/><custom:PHI xmi:id="10" sofa="12" begin="5" end="11" kind="NAME_PATIENT"/>
  <cas:Sofa xmi:id="12" sofaNum="1" sofaID="_InitialView" mimeType="text" sofaString="Herr M&#252;ller &#128512; am 03.04.1955.&#10;&quot;&lt;&amp;&gt;&#9;"/>
  <cas:View sofa="12" members="1 2 3 4 5 6 7 8 9 10"/>
</xmi:XMI>
`

func scanSeeds() [][]byte {
	noPHI := strings.Replace(scanSeed, `<custom:PHI xmi:id="10" sofa="12" begin="5" end="11" kind="NAME_PATIENT"/>`, "", 1)
	noPHI = strings.Replace(noPHI, ` xmlns:custom="http:///webanno/custom.ecore"`, "", 1)
	noPHI = strings.Replace(noPHI, ` 10"`, `"`, 1)
	return [][]byte{
		[]byte(scanSeed),
		[]byte(noPHI),
		[]byte(strings.Replace(scanSeed, `<cas:View sofa="12" members="1 2 3 4 5 6 7 8 9 10"/>`, "", 1)),
		[]byte(strings.Replace(scanSeed, ` members="1 2 3 4 5 6 7 8 9 10"`, "", 1)),
		[]byte(strings.Replace(scanSeed, `members="1 2 3 4 5 6 7 8 9 10"`, `members=""`, 1)),
		[]byte(strings.Replace(scanSeed, `"/>`, `"></custom:PHI>`, 0)),
		[]byte(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore"><cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" sofaString="a"/></xmi:XMI>`),
		[]byte(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:custom="http:///webanno/custom.ecore">` +
			`<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" sofaString="a&#128512;b"/><custom:PHI xmi:id="2" sofa="1" begin="1" end="3" kind="X"/></xmi:XMI>`),
	}
}

// scanned is what the reader's CAS holds for the fields Scan extracts.
func scanned(t testing.TB, c *cas.CAS) *Scan {
	t.Helper()
	s, err := c.MainSofa()
	if err != nil {
		t.Fatalf("main sofa: %v", err)
	}
	text, err := cas.SofaText(s)
	if err != nil {
		t.Fatalf("sofa text: %v", err)
	}
	out := &Scan{Text: text, Sofa: s.ID, MaxID: c.NextID() - 1}
	for _, v := range c.Views {
		if v.Sofa == s.ID {
			out.Members = append(out.Members, v.Members...)
		}
	}
	for _, f := range c.FS {
		b, _ := f.Int("begin")
		e, _ := f.Int("end")
		switch f.Type {
		case scanLayer:
			out.Layer = append(out.Layer, Annotation{f.ID, b, e})
		case scanToken:
			if b < e {
				out.Tokens = append(out.Tokens, Annotation{f.ID, b, e})
			}
		}
	}
	return out
}

func sameScan(a, b *Scan) bool {
	return a.Text == b.Text && a.Sofa == b.Sofa && a.MaxID == b.MaxID && slices.Equal(a.Members, b.Members) &&
		slices.Equal(a.Layer, b.Layer) && slices.Equal(a.Tokens, b.Tokens)
}

// checkScan holds Scan to Read on data: whatever Scan accepts, Read
// accepts with the same fields, and the document Splice writes with two
// added annotations reads back with them (and nothing else changed). It
// reports whether Scan accepted data.
func checkScan(t testing.TB, data []byte, ts []*cas.TypeDef) bool {
	t.Helper()
	sc, err := NewScanner(ts).Scan(data, scanLayer, scanToken)
	// the start tags read by their shapes give what attributes gives
	gen, gerr := NewScanner(ts).scanWith(data, scanLayer, scanToken, nil, true)
	if (err == nil) != (gerr == nil) || err != nil && err.Error() != gerr.Error() || err == nil && !reflect.DeepEqual(sc, gen) {
		t.Fatalf("the scan with shapes differs from the general one: %v / %v", err, gerr)
	}
	if err != nil {
		if !errors.Is(err, ErrScan) {
			t.Fatalf("scan error without ErrScan: %v", err)
		}
		return false
	}
	c, err := Read(data, ts)
	if err != nil {
		t.Fatalf("Scan accepted what Read refuses: %v", err)
	}
	want := scanned(t, c)
	if !sameScan(sc, want) {
		t.Fatalf("Scan and Read differ:\nscan %+v\nread %+v", *sc, *want)
	}
	for _, phi := range []cas.PHIConfig{{}, {Type: "Token"}, {Type: scanLayer, Feature: "kind"}} {
		checkReadOriginal(t, data, ts, phi)
	}
	n16 := len(utf16Len(sc.Text))
	adds := []NewAnnotation{
		{Begin: 0, End: n16, Features: [][2]string{{"kind", `A "<&>'` + "\t\n\r" + ` ü😀`}}},
		{Begin: n16, End: n16, Features: [][2]string{{"kind", "NAME"}, {"inception_internal_predicted", "true"}}},
	}
	var out bytes.Buffer
	if err := sc.Splice(scanLayer, adds, func(b []byte) { out.Write(b) }); err != nil {
		t.Fatalf("splice: %v", err)
	}
	if b, err := sc.AppendSplice([]byte("x"), scanLayer, adds); err != nil || !bytes.Equal(b[1:], out.Bytes()) || b[0] != 'x' {
		t.Fatalf("AppendSplice differs from Splice (%v)", err)
	}
	c2, err := Read(out.Bytes(), ts)
	if err != nil {
		t.Fatalf("spliced document does not read: %v\n%s", err, out.Bytes())
	}
	got := scanned(t, c2)
	if got.Text != want.Text || len(c2.FS) != len(c.FS)+2 || got.MaxID != want.MaxID+2 {
		t.Fatalf("spliced document: text or feature structures changed\n%s", out.Bytes())
	}
	if !slices.Equal(got.Members, append(want.Members, want.MaxID+1, want.MaxID+2)) {
		t.Fatalf("spliced members %v, want %v and the new ids", got.Members, want.Members)
	}
	for k, a := range adds {
		f := c2.ByID(want.MaxID + 1 + k)
		if f == nil || f.Type != scanLayer {
			t.Fatalf("added annotation %d missing", k)
		}
		b, _ := f.Int("begin")
		e, _ := f.Int("end")
		if b != a.Begin || e != a.End || f.String("kind") != a.Features[0][1] {
			t.Fatalf("added annotation %d: [%d,%d) %q", k, b, e, f.String("kind"))
		}
		if s, ok := f.RefID("sofa"); !ok || s != want.Sofa {
			t.Fatalf("added annotation %d: sofa", k)
		}
	}
	return true
}

func utf16Len(s string) []uint16 {
	var n []uint16
	for _, r := range s {
		n = append(n, 0)
		if r >= 0x10000 {
			n = append(n, 0)
		}
	}
	return n
}

// TestScanSeeds: the seeds are read by the scanner, with Read's fields.
func TestScanSeeds(t *testing.T) {
	for i, s := range scanSeeds() {
		for _, ts := range [][]*cas.TypeDef{nil, fixtureTypes(t)} {
			if !checkScan(t, s, ts) {
				_, err := NewScanner(ts).Scan(s, scanLayer, scanToken)
				t.Errorf("seed %d refused: %v", i, err)
			}
		}
	}
	sc, err := NewScanner(nil).Scan([]byte(scanSeed), scanLayer, scanToken)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Text != "Herr Müller 😀 am 03.04.1955.\n\"<&>\t" || len(sc.Tokens) != 6 || len(sc.Layer) != 1 || sc.MaxID != 12 {
		t.Fatalf("scan %+v", *sc)
	}
}

// TestScanRefuses: documents outside the scanner's subset are refused
// with ErrScan (Read decides them), documents Read refuses are refused.
func TestScanRefuses(t *testing.T) {
	cases := map[string]string{
		"two sofas":          fixtureOneView,
		"doctype":            `<!DOCTYPE x [<!ENTITY a "b">]>` + scanSeed[strings.Index(scanSeed, "<xmi:XMI"):],
		"comment":            strings.Replace(scanSeed, "<cas:NULL", "<!-- x --><cas:NULL", 1),
		"dangling reference": strings.Replace(scanSeed, `kind="NAME_PATIENT"`, `kind="NAME_PATIENT" other="99"`, 1),
		"dangling member":    strings.Replace(scanSeed, `members="1 2`, `members="77 1 2`, 1),
		"offset beyond":      strings.Replace(scanSeed, `begin="28" end="29"`, `begin="28" end="290"`, 1),
		"inside a pair":      strings.Replace(scanSeed, `begin="12" end="14"`, `begin="13" end="14"`, 1),
		"begin after end":    strings.Replace(scanSeed, `begin="12" end="14"`, `begin="14" end="12"`, 1),
		"no sofa reference":  strings.Replace(scanSeed, `<type4:Token xmi:id="5" sofa="12"`, `<type4:Token xmi:id="5"`, 1),
		"duplicate id":       strings.Replace(scanSeed, `xmi:id="5"`, `xmi:id="4"`, 1),
		"surrogate ref":      strings.Replace(scanSeed, "&#128512;", "&#xD83D;", 1),
		"bad entity":         strings.Replace(scanSeed, "&quot;", "&nbsp;", 1),
		"raw control":        strings.Replace(scanSeed, "&#9;", "\x01", 1),
		"truncated":          scanSeed[:len(scanSeed)/2],
		"other root":         `<a xmlns:xmi="http://www.omg.org/XMI"/>`,
		"child element":      strings.Replace(scanSeed, `kind="NAME_PATIENT"/>`, `kind="NAME_PATIENT"><x>y</x></custom:PHI>`, 1),
		"undeclared prefix":  strings.Replace(scanSeed, "<type4:Sentence", "<foo:Sentence", 1),
		"text":               strings.Replace(scanSeed, "<cas:NULL", "x<cas:NULL", 1),
		"local namespace":    strings.Replace(scanSeed, `<type4:Sentence `, `<type4:Sentence xmlns:q="http:///q.ecore" `, 1),
		"sofa as string":     strings.Replace(scanSeed, `sofa="12" begin="0" end="33" language`, `sofa="x" begin="0" end="33" language`, 1),
		"bad boolean":        strings.Replace(scanSeed, `kind="NAME_PATIENT"`, `kind="NAME_PATIENT" checked="falſe"`, 1),
	}
	for name, doc := range cases {
		_, err := NewScanner(fixtureTypes(t)).Scan([]byte(doc), scanLayer, scanToken)
		if !errors.Is(err, ErrScan) {
			t.Errorf("%s: %v, want ErrScan", name, err)
		}
	}
}

// TestScanShared: the shared GraSCCo letters written as XMI with the
// GeMTeX type system are read by the scanner with Read's fields.
func TestScanShared(t *testing.T) {
	p, ok := testutil.SharedPath(t, "corpora/typesystem/TypeSystem.xml")
	if !ok {
		t.Skip("needs ../shared/corpora/typesystem/TypeSystem.xml")
	}
	tsData, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := ReadTypeSystem(bytes.NewReader(tsData))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range testutil.GrasccoCAS(t) {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		var x bytes.Buffer
		if err := Write(&x, c); err != nil {
			t.Fatal(err)
		}
		if !checkScan(t, x.Bytes(), ts) {
			_, err := NewScanner(ts).Scan(x.Bytes(), scanLayer, scanToken)
			t.Errorf("%s refused: %v", f.Name, err)
		}
	}
}

// FuzzScanDifferential: for any input, what the scanner accepts Read
// accepts with the same text, offsets, members and ids, and a splice reads
// back with the added annotations (checkScan).
func FuzzScanDifferential(f *testing.F) {
	for _, s := range scanSeeds() {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Add([]byte(fixtureOneView), true)
	// the repository's XMI test files
	files, _ := filepath.Glob(filepath.Join("testdata", "*.xmi"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, true)
		}
	}
	ts, err := ReadTypeSystem(strings.NewReader(fixtureTS))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, withTS bool) {
		var types []*cas.TypeDef
		if withTS {
			types = ts
		}
		checkScan(t, data, types)
	})
}

// BenchmarkScan: the scanner and Read over the shared letters as XMI
// (GeMTeX type system), in MB of XMI per second.
func BenchmarkScan(b *testing.B) {
	p, ok := testutil.SharedPath(b, "corpora/typesystem/TypeSystem.xml")
	if !ok {
		b.Skip("needs ../shared/corpora/typesystem/TypeSystem.xml")
	}
	tsData, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	ts, err := ReadTypeSystem(bytes.NewReader(tsData))
	if err != nil {
		b.Fatal(err)
	}
	var docs [][]byte
	n := 0
	for _, f := range testutil.GrasccoCAS(b) {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			b.Fatal(err)
		}
		var x bytes.Buffer
		if err := Write(&x, c); err != nil {
			b.Fatal(err)
		}
		docs = append(docs, x.Bytes())
		n += x.Len()
	}
	sc := NewScanner(ts)
	b.Run("scan", func(b *testing.B) {
		b.SetBytes(int64(n))
		c0 := cpuTime()
		defer func() { b.ReportMetric(float64(n)*float64(b.N)/1e6/(cpuTime()-c0).Seconds(), "MB/CPU-s") }()
		for i := 0; i < b.N; i++ {
			for _, d := range docs {
				if _, err := sc.Scan(d, scanLayer, scanToken); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(n))
		c0 := cpuTime()
		defer func() { b.ReportMetric(float64(n)*float64(b.N)/1e6/(cpuTime()-c0).Seconds(), "MB/CPU-s") }()
		for i := 0; i < b.N; i++ {
			for _, d := range docs {
				if _, err := Read(d, ts); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// checkReadOriginal fails unless ReadOriginal refuses data (ErrScan) or
// gives the document that Read and cas.Extract give, with Read's types.
func checkReadOriginal(t testing.TB, data []byte, ts []*cas.TypeDef, phi cas.PHIConfig) {
	t.Helper()
	d, err := NewScanner(ts).ReadOriginal(data, ts, phi)
	if err != nil {
		if !errors.Is(err, ErrScan) {
			t.Fatalf("ReadOriginal error without ErrScan: %v", err)
		}
		return
	}
	c, err := Read(data, ts)
	if err != nil {
		t.Fatalf("ReadOriginal accepted what Read refuses: %v", err)
	}
	ex, err := cas.Extract(c, phi)
	if err != nil {
		t.Fatalf("ReadOriginal accepted what Extract refuses (%+v): %v", phi, err)
	}
	if d.Name != ex.DocumentTitle || d.Text != ex.Text || !reflect.DeepEqual(d.Spans, ex.Spans) {
		t.Fatalf("ReadOriginal (%+v) and Read differ: %q %v / %q %v", phi, d.Name, d.Spans, ex.DocumentTitle, ex.Spans)
	}
	o := d.Layers.(*Original)
	if len(c.Types) != len(ts) || len(o.Scan.data) != len(data) {
		t.Fatalf("Read's CAS has %d types, the type system %d", len(c.Types), len(ts))
	}
	// the first PHI annotation's type, as annotate chooses its layer
	first := ""
	for _, f := range c.FS {
		if phi.Match(f.Type) && f.Type != cas.TypeSofa {
			first = f.Type
			break
		}
	}
	if o.Scan.LayerType != first {
		t.Fatalf("layer type %q, Read's first PHI type %q", o.Scan.LayerType, first)
	}
}
