package cas_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// sameExtract fails t when Extract and the reference Extract differ on
// data: in the error, the text, the spans, the title or the placement
// cached for Rebase.
func sameExtract(t testing.TB, name string, data []byte) {
	t.Helper()
	c1, err1 := casjson.ReadCAS(data)
	c2, err2 := casjson.ReadCAS(data)
	if err1 != nil || err2 != nil {
		return
	}
	got, errGot := cas.Extract(c1, cas.PHIConfig{})
	want, errWant := cas.ExtractReference(c2, cas.PHIConfig{})
	if fmt.Sprint(errGot) != fmt.Sprint(errWant) {
		t.Fatalf("%s: Extract error %v, reference %v", name, errGot, errWant)
	}
	if errGot != nil {
		return
	}
	if got.Text != want.Text || got.DocumentTitle != want.DocumentTitle || !reflect.DeepEqual(got.Spans, want.Spans) ||
		got.Layers.Sofa != want.Layers.Sofa || !reflect.DeepEqual(cas.OnSofa(got.Layers), cas.OnSofa(want.Layers)) {
		t.Fatalf("%s: Extract differs from the reference", name)
	}
}

// sameRebase fails t when re-basing data's CAS through edits (in place
// and on a copy) writes otherwise than the reference re-basing in place,
// or fails otherwise. It returns whether the edits were applied.
func sameRebase(t testing.TB, name string, data []byte, edits func(*document.Document) []document.Edit) bool {
	t.Helper()
	var out [3][]byte
	var errs [3]string
	for k := range out {
		d, err := casjson.Read(data, cas.PHIConfig{})
		if err != nil {
			return false
		}
		es := edits(d)
		apply := d.ApplyInPlace
		switch k {
		case 0: // the reference, in place
			d.Layers = cas.ReferenceLayers(d.Layers.(*cas.Layers))
		case 2:
			apply = d.Apply
		}
		nd, err := apply(es)
		errs[k] = fmt.Sprint(err)
		if err == nil {
			out[k] = casjson.AppendCAS(nil, casjson.CAS(nd))
		}
	}
	for k := 1; k < len(out); k++ {
		if errs[k] != errs[0] {
			t.Fatalf("%s: re-basing fails with %s, the reference with %s", name, errs[k], errs[0])
		}
		if !bytes.Equal(out[k], out[0]) {
			t.Fatalf("%s: re-based CAS (in place: %v) differs from the reference's at byte %d", name, k == 1, diffAt(out[k], out[0]))
		}
	}
	return out[0] != nil
}

func diffAt(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// spanEdits replaces every PHI span by sur (overlapping spans skipped).
func spanEdits(sur string) func(*document.Document) []document.Edit {
	return func(d *document.Document) []document.Edit {
		var es []document.Edit
		last := -1
		for _, s := range d.Spans {
			if s.Begin < last || s.Begin >= s.End {
				continue
			}
			es = append(es, document.Edit{Begin: s.Begin, End: s.End, Text: sur})
			last = s.End
		}
		return es
	}
}

// randomEdits replaces random stretches of the text (on rune boundaries,
// reaching into and over words, tokens and sentences) by surrogates drawn
// from surs, and every other PHI span by a surrogate as the modes do: a
// mask, a label, a name of one or several words.
func randomEdits(seed uint64, surs []string) func(*document.Document) []document.Edit {
	return func(d *document.Document) []document.Edit {
		r := rand.New(rand.NewPCG(seed, 7))
		n := len(d.Text)
		if n == 0 {
			return nil
		}
		ix := document.NewIndex(d.Text)
		taken := make([]bool, n+1)
		var es []document.Edit
		add := func(b, e int) {
			for b > 0 && !ix.ValidByte(b) {
				b--
			}
			for e < n && !ix.ValidByte(e) {
				e++
			}
			if b >= e {
				return
			}
			for i := b; i <= e; i++ {
				if taken[i] {
					return
				}
			}
			for i := b; i <= e; i++ {
				taken[i] = true
			}
			es = append(es, document.Edit{Begin: b, End: e, Text: surs[r.IntN(len(surs))]})
		}
		for i, s := range d.Spans {
			if i%2 == 0 {
				add(s.Begin, s.End)
			}
		}
		for range 1 + r.IntN(12) {
			b := r.IntN(n)
			add(b, b+1+r.IntN(min(n-b, 40)))
		}
		return es
	}
}

// modeEdits replaces every PHI span as the engine's modes shape their
// surrogates: x masks letters and digits (white space and punctuation
// kept), entity writes the label, gemtex a bracketed label and key,
// fictive a name or date of another length and word count; a surrogate
// equal to the original is no edit.
func modeEdits(mode string) func(*document.Document) []document.Edit {
	fictive := []string{"Anna Maria von der Heide", "Kurt Ölmann", "03.11.2031", "Bad Quastenbichl-Süd", "Dr. med. X. Yz"}
	return func(d *document.Document) []document.Edit {
		var es []document.Edit
		last := -1
		for i, s := range d.Spans {
			if s.Begin < last || s.Begin >= s.End {
				continue
			}
			orig := d.Text[s.Begin:s.End]
			var sur string
			switch mode {
			case "x":
				sur = strings.Map(func(r rune) rune {
					if unicode.IsLetter(r) || unicode.IsDigit(r) {
						return 'X'
					}
					return r
				}, orig)
			case "entity":
				sur = s.Label
			case "gemtex":
				sur = "[** " + s.Label + " AB1CD2 **]"
			default:
				sur = fictive[i%len(fictive)]
			}
			if sur == orig {
				continue
			}
			es = append(es, document.Edit{Begin: s.Begin, End: s.End, Text: sur})
			last = s.End
		}
		return es
	}
}

var modes = []string{"x", "entity", "gemtex", "fictive"}

var surrogates = []string{"X", "***", "[NAME_PATIENT]", "Quastenbichler-Wunderhorn", "Anna Maria von der Heide", "Dr. Ö. Müller\n12.03.2024", "", " ", "a\u2028b 😀 <&>"}

// TestExtractReference: Extract gives what it gave before its fast path
// on every shared CAS (the GraSCCo letters and the curated INCEpTION
// documents).
func TestExtractReference(t *testing.T) {
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		sameExtract(t, f.Entry, f.Data)
	}
}

// TestRebaseReference: re-basing every shared CAS writes, byte for byte,
// what the reference re-basing writes: every span replaced as the four
// modes shape their surrogates, every span replaced by surrogates
// of every shape (masks, labels, shorter, longer, more words, empty, white
// space, line breaks, surrogate pairs), and random stretches replaced.
func TestRebaseReference(t *testing.T) {
	files := append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...)
	for _, f := range files {
		for _, mode := range modes {
			sameRebase(t, fmt.Sprintf("%s, %s mode", f.Entry, mode), f.Data, modeEdits(mode))
		}
		for _, sur := range surrogates {
			sameRebase(t, fmt.Sprintf("%s, spans by %q", f.Entry, sur), f.Data, spanEdits(sur))
		}
		seeds := 20
		if testing.Short() {
			seeds = 3
		}
		applied := 0
		for seed := range uint64(seeds) {
			if sameRebase(t, fmt.Sprintf("%s, random edits %d", f.Entry, seed), f.Data, randomEdits(seed, surrogates)) {
				applied++
			}
		}
		if applied == 0 {
			t.Errorf("%s: no random edits applied", f.Entry)
		}
	}
}

// FuzzRebaseReference: on any CAS the reader accepts, Extract agrees with
// the reference Extract, and re-basing it (spans and random stretches
// replaced, the surrogate fuzzed) writes what the reference writes.
func FuzzRebaseReference(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b, uint64(1), "Quastenbichler Meier")
	}
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Dr.Max M. kam. Gut"},`+
		`{"%ID":2,"%TYPE":"custom.PHI","begin":3,"end":9,"kind":"X"},{"%ID":3,"%TYPE":"a.Token","begin":0,"end":6},`+
		`{"%ID":4,"%TYPE":"a.Token","begin":7,"end":9},{"%ID":5,"%TYPE":"a.Token","begin":10,"end":13},{"%ID":6,"%TYPE":"a.Token","begin":13,"end":14},`+
		`{"%ID":7,"%TYPE":"a.Sentence","begin":0,"end":8},{"%ID":8,"%TYPE":"a.Sentence","begin":9,"end":14},{"%ID":9,"%TYPE":"a.Token","begin":15,"end":18},`+
		`{"%ID":10,"%TYPE":"a.Dep","begin":0,"end":1,"@Governor":4,"@list":[3,4,5]},{"%ID":11,"%TYPE":"a.Lemma","begin":4,"end":7,"value":"Max"}]}`), uint64(2), "A B C")
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"a\ud83d\ude00b c"},`+
		`{"%ID":5,"%TYPE":"uima.cas.Sofa","sofaID":"v2","sofaString":"xyz"},{"%ID":3,"%TYPE":"a.Token","@sofa":5,"begin":0,"end":2},`+
		`{"%ID":2,"%TYPE":"custom.PHI","@sofa":1,"begin":1,"end":3,"kind":"X"},{"%ID":4,"%TYPE":"a.Token","begin":0,"end":1}],`+
		`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2,4]},"v2":{"%SOFA":5,"%MEMBERS":[3]}}}`), uint64(3), "")
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"custom.PHI","begin":1,"end":1.0}]}`), uint64(0), "x")
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab cd"},{"%ID":2,"%TYPE":"custom.PHI","begin": 0 ,"end":0012,"kind":null},{"%ID":3,"%TYPE":"x.Y","sofa":1,"begin":-0,"end":1}]}`), uint64(0), "x")
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, sur string) {
		sameExtract(t, "fuzz", data)
		sameRebase(t, "spans", data, spanEdits(sur))
		sameRebase(t, "mode", data, modeEdits(modes[seed%4]))
		sameRebase(t, "random", data, randomEdits(seed, append([]string{sur}, surrogates...)))
	})
}

// TestRebaseDuplicateIDs: a CAS made by hand whose annotations share ids
// (which no reader lets through) is re-based as the reference re-bases it:
// the look-ups by kind are only taken with distinct ids.
func TestRebaseDuplicateIDs(t *testing.T) {
	text := "Dr. Max Meier kam. Gut"
	build := func() *cas.CAS {
		c := &cas.CAS{Views: []*cas.View{{Name: cas.InitialView, Sofa: 1}}}
		add := func(id int, typ string, b, e int) {
			f := &cas.FS{ID: id, Type: typ}
			f.Set("sofa", true, []byte("1"))
			f.SetInt("begin", b)
			f.SetInt("end", e)
			if typ == "custom.PHI" {
				f.SetString("kind", "NAME_PATIENT")
			}
			c.Add(f, c.Views[0])
		}
		sofa := &cas.FS{ID: 1, Type: cas.TypeSofa}
		sofa.SetString("sofaString", text)
		c.Add(sofa, nil)
		add(2, "custom.PHI", 4, 13)
		add(3, "a.Token", 0, 3)
		add(4, "a.Token", 4, 7)
		add(5, "a.Token", 8, 13)
		add(4, "a.Sentence", 0, 18) // shares id 4 with a token
		add(6, "a.Token", 14, 17)
		add(6, "a.Lemma", 8, 13) // shares id 6 with a token
		add(7, "a.Sentence", 19, 22)
		add(5, "a.Other", 8, 13)
		return c
	}
	for _, sur := range []string{"X", "Anna Maria Heide", "", "Quastenbichler"} {
		var out [2][]byte
		var errs [2]string
		for k := range out {
			c := build()
			ex, err := cas.Extract(c, cas.PHIConfig{})
			if err != nil {
				t.Fatal(err)
			}
			d := &document.Document{Text: ex.Text, Spans: ex.Spans, Layers: ex.Layers}
			if k == 0 {
				d.Layers = cas.ReferenceLayers(ex.Layers)
			}
			nd, err := d.ApplyInPlace([]document.Edit{{Begin: 4, End: 13, Text: sur}, {Begin: 14, End: 16, Text: sur + "!"}})
			errs[k] = fmt.Sprint(err)
			if err == nil {
				out[k] = casjson.AppendCAS(nil, casjson.CAS(nd))
			}
		}
		if errs[0] != errs[1] || !bytes.Equal(out[0], out[1]) {
			t.Fatalf("%q: re-based otherwise than the reference (errors %s / %s):\n%s\n%s", sur, errs[1], errs[0], out[1], out[0])
		}
	}
}
