package casjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// sameWrite fails t when AppendCAS and the reference writer differ on c
// (also when appending to a non-empty buffer).
func sameWrite(t testing.TB, name string, c *cas.CAS) {
	t.Helper()
	want := casjson.AppendCASReference(nil, c)
	if got := casjson.AppendCAS(nil, c); !bytes.Equal(got, want) {
		t.Fatalf("%s: AppendCAS writes otherwise than the reference writer (%d bytes, want %d; first difference at %d)",
			name, len(got), len(want), firstDiff(got, want))
	}
	prefix := []byte("prefix")
	if got := casjson.AppendCAS(prefix, c); !bytes.Equal(got[len(prefix):], want) || !bytes.Equal(got[:len(prefix)], prefix) {
		t.Fatalf("%s: AppendCAS to a non-empty buffer writes otherwise", name)
	}
	// EncodeCAS in pieces writes the same bytes, whatever the chunk size
	for _, chunk := range []int{0, 1, 7, 64, 4096, 1 << 30} {
		var got []byte
		pieces := 0
		rest, err := casjson.EncodeCAS(append([]byte(nil), prefix...), c, chunk, func(p []byte) error {
			got = append(got, p...)
			pieces++
			return nil
		})
		got = append(got, rest...)
		if err != nil || !bytes.Equal(got[min(len(got), len(prefix)):], want) || !bytes.HasPrefix(got, prefix) {
			t.Fatalf("%s: EncodeCAS in chunks of %d writes otherwise (%v; %d bytes in %d pieces, want %d; first difference at %d)",
				name, chunk, err, len(got), pieces, len(want)+len(prefix), firstDiff(got[min(len(got), len(prefix)):], want))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// spanEdits replaces every PHI span of d by sur (one edit per distinct
// span, overlapping ones skipped).
func spanEdits(d *document.Document, sur string) []document.Edit {
	var edits []document.Edit
	last := -1
	for _, s := range d.Spans {
		if s.Begin < last || s.Begin >= s.End {
			continue
		}
		edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: sur})
		last = s.End
	}
	return edits
}

// TestAppendCASReference: AppendCAS writes every shared CAS (the GraSCCo
// letters and the curated INCEpTION documents), as read and after every
// span was replaced in place by surrogates shorter, longer and with more
// words, byte for byte as the reference writer does.
func TestAppendCASReference(t *testing.T) {
	files := append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...)
	for _, f := range files {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		sameWrite(t, f.Entry, c)
		sameDetached(t, f.Data, c)
		for _, sur := range []string{"X", "Quastenbichler-Wunderhorn", "Anna Maria von der Heide", ""} {
			d, err := casjson.Read(f.Data, cas.PHIConfig{})
			if err != nil {
				t.Fatalf("%s: %v", f.Entry, err)
			}
			nd, err := d.ApplyInPlace(spanEdits(d, sur))
			if err != nil {
				t.Fatalf("%s: %v", f.Entry, err)
			}
			sameWrite(t, fmt.Sprintf("%s with %q", f.Entry, sur), casjson.CAS(nd))
		}
	}
}

// TestAppendCASKeyCache: feature structures of one type whose features
// differ in order, number, reference flag or spelling, types without a
// raw definition, names that need escaping and values that need
// compacting are written as the reference writer writes them.
func TestAppendCASKeyCache(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	sofa := &cas.FS{ID: 1, Type: cas.TypeSofa, Features: []cas.Feature{{Name: "sofaString", Value: raw(`"a<b> & c"`)}}}
	c := &cas.CAS{
		Types: []*cas.TypeDef{
			{Name: "a.T", Super: cas.TypeAnnotation, Features: []cas.FeatureDef{{Name: "f", Range: "uima.cas.String"}, {Name: "g", Range: "uima.cas.FSArray", ElementType: "a.T", MultipleReferencesAllowed: true}}},
			{Name: "b.<U>", Raw: raw(`{ "%NAME" : "b.<U>" }`)},
			{Name: "c.\u2028", Raw: raw(`{"%NAME":"x",}`)},
		},
		FS: []*cas.FS{
			sofa,
			{ID: 2, Type: "a.T", Features: []cas.Feature{{Name: "sofa", Ref: true, Value: raw("1")}, {Name: "begin", Value: raw("0")}, {Name: "end", Value: raw("1")}}},
			{ID: 3, Type: "a.T", Features: []cas.Feature{{Name: "sofa", Ref: true, Value: raw("1")}, {Name: "begin", Value: raw("0")}, {Name: "end", Value: raw("1")}, {Name: "f", Value: raw(`[1, 2]`)}}},
			{ID: 4, Type: "a.T", Features: []cas.Feature{{Name: "begin", Value: raw("0")}, {Name: "sofa", Ref: true, Value: raw("1")}}},
			{ID: 5, Type: "a.T", Features: []cas.Feature{{Name: "sofa", Value: raw("1")}, {Name: "begin", Ref: true, Value: raw(" 0 ")}}},
			{ID: 6, Type: "b.<U>", Features: []cas.Feature{{Name: "x\"y", Value: raw(`{"a" :[ 1 ,2]}`)}, {Name: "a&b", Ref: true, Value: raw(`[2,3]`)}}},
			{ID: 7, Type: "a.T"},
			{ID: 8, Type: "a.T", Features: []cas.Feature{{Name: "sofa", Ref: true, Value: raw("1")}, {Name: "begin", Value: raw("0")}, {Name: "end", Value: raw("1")}, {Name: "f", Value: raw(`[1,`)}, {Name: "g", Value: raw(`[1,2 `)}}},
			{ID: 9, Type: "\xff.T", Features: []cas.Feature{{Name: "\xfe", Value: raw("")}, {Name: "e", Value: raw("\t[\n]")}}},
			{ID: 10, Type: "b.<U>", Features: []cas.Feature{{Name: "x\"y", Value: raw(`null`)}, {Name: "a&b", Value: raw(`[2,3]`)}}},
			{ID: 11, Type: "a.T", Features: []cas.Feature{{Name: "sofa", Ref: true, Value: raw("1")}, {Name: "begin", Value: raw("0")}, {Name: "end", Value: raw("1")}}},
		},
		Views: []*cas.View{{Name: cas.InitialView, Sofa: 1, Members: []int{2, 3, 4}}, {Name: "other", Sofa: 1}},
	}
	sameWrite(t, "hand-made", c)
	sameWrite(t, "empty", &cas.CAS{})

	// many members: the members are flushed in runs
	big := &cas.CAS{FS: []*cas.FS{{ID: 1, Type: cas.TypeSofa}}, Views: []*cas.View{{Name: cas.InitialView, Sofa: 1}}}
	for i := 2; i < 5000; i++ {
		big.FS = append(big.FS, &cas.FS{ID: i, Type: "a.T", Features: []cas.Feature{{Name: "begin", Value: raw(strconv.Itoa(i))}}})
		big.Views[0].Members = append(big.Views[0].Members, i)
	}
	sameWrite(t, "many members", big)
}

// TestEncodeCASFlushError: a flush error stops the encoding and is
// returned as it is.
func TestEncodeCASFlushError(t *testing.T) {
	c, err := casjson.ReadCAS([]byte(`{"%TYPES":{},"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},` +
		`{"%ID":2,"%TYPE":"a.T","@sofa":1,"begin":0,"end":1}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	calls := 0
	rest, err := casjson.EncodeCAS(nil, c, 1, func([]byte) error { calls++; return boom })
	if err != boom || rest != nil || calls != 1 {
		t.Fatalf("EncodeCAS = %q, %v after %d flushes; want nil, boom after 1", rest, err, calls)
	}
}

// sameDetached: a CAS whose values were copied out of its input (as
// ReadCAS does for large inputs) encodes and extracts as the CAS read from
// data (c), with and without a header cache, and still does once the
// input is overwritten: nothing of it aliases the input any more.
func sameDetached(t *testing.T, data []byte, c *cas.CAS) {
	t.Helper()
	want := casjson.AppendCAS(nil, c)
	wantDoc, wantErr := casjson.FromCAS(c, cas.PHIConfig{}, document.FormatCASJSON)
	for _, rd := range []*casjson.Reader{nil, casjson.NewReader()} {
		in := bytes.Clone(data)
		dc, err := rd.ReadCASDetached(in)
		if err != nil {
			t.Fatalf("detached read fails where ReadCAS does not: %v", err)
		}
		for i := range in {
			in[i] = 'x'
		}
		if got := casjson.AppendCAS(nil, dc); !bytes.Equal(got, want) {
			t.Fatalf("a detached CAS writes otherwise (first difference at %d)", firstDiff(got, want))
		}
		doc, err := casjson.FromCAS(dc, cas.PHIConfig{}, document.FormatCASJSON)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("a detached CAS extracts with error %v, want %v", err, wantErr)
		}
		if err == nil && (doc.Text != wantDoc.Text || !reflect.DeepEqual(doc.Spans, wantDoc.Spans) || doc.Name != wantDoc.Name) {
			t.Fatalf("a detached CAS extracts otherwise")
		}
	}
}

// FuzzAppendCASReference: for every CAS the reader accepts, AppendCAS
// writes what the reference writer writes, as read and after its spans
// (and, from the fuzzed cut, a stretch of text) were replaced in place.
func FuzzAppendCASReference(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b, uint16(3), "Quastenbichler Meier")
	}
	f.Add([]byte(`{"%TYPES":{"a.B":{"%NAME":"a.B","%SUPER_TYPE":"uima.tcas.Annotation","f":{"%RANGE":"uima.cas.String"}}},`+
		`"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"a<b>&\u2028 Dr. Max kam."},{"%ID":2,"%TYPE":"a.B","arr":[1, 2,  3],"@refs":[ 1 ]},`+
		`{"%ID":3,"%TYPE":"custom.PHI","@sofa":1,"begin":4,"end":10,"kind":"X"},{"%ID":4,"%TYPE":"a.Token","begin":4,"end":7},{"%ID":5,"%TYPE":"a.Token","begin":8,"end":11},`+
		`{"%ID":6,"%TYPE":"a.Sentence","begin":0,"end":16},{"%ID":7,"%TYPE":"a.Dep","@Governor":4,"@list":[4,5]}],`+
		`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3,4,5,6,7]}}}`), uint16(1), "A B")
	f.Fuzz(func(t *testing.T, data []byte, cut uint16, sur string) {
		c, err := casjson.ReadCAS(data)
		if err != nil {
			return
		}
		sameWrite(t, "read", c)
		sameDetached(t, data, c)
		d, err := casjson.Read(data, cas.PHIConfig{})
		if err != nil {
			return
		}
		edits := spanEdits(d, sur)
		if len(edits) == 0 && len(d.Text) > 0 {
			b := int(cut) % len(d.Text)
			e := min(len(d.Text), b+1+int(cut)%7)
			for b > 0 && !document.NewIndex(d.Text).ValidByte(b) {
				b--
			}
			for e < len(d.Text) && !document.NewIndex(d.Text).ValidByte(e) {
				e++
			}
			edits = []document.Edit{{Begin: b, End: e, Text: sur}}
		}
		nd, err := d.ApplyInPlace(edits)
		if err != nil {
			return
		}
		sameWrite(t, "re-based", casjson.CAS(nd))
	})
}
