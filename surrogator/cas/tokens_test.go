package cas

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

const (
	tokenType    = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token"
	sentenceType = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Sentence"
	posType      = "de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS"
	depType      = "de.tudarmstadt.ukp.dkpro.core.api.syntax.type.dependency.Dependency"
	lemmaType    = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Lemma"
)

// segmented builds a CAS over text with the given tokens and sentences
// (byte ranges), a POS annotation linked from every token, a dependency
// from each token to the next, and one PHI span per edit.
func segmented(t *testing.T, text string, tokens, sents [][2]int, edits []document.Edit) *document.Document {
	t.Helper()
	var spans []document.Span
	for _, e := range edits {
		spans = append(spans, document.Span{Label: "NAME", Begin: e.Begin, End: e.End})
	}
	l, ids := FromText(text, "t", spans)
	for i := range spans {
		spans[i].Ref = ids[i]
	}
	c, view, ix := l.CAS, l.CAS.View(InitialView), document.NewIndex(text)
	ann := func(typ string, r [2]int) *FS {
		f := &FS{ID: c.NextID(), Type: typ}
		f.Set("sofa", true, json.RawMessage("1"))
		f.SetInt("begin", ix.ToUTF16(r[0]))
		f.SetInt("end", ix.ToUTF16(r[1]))
		c.Add(f, view)
		return f
	}
	for _, s := range sents {
		ann(sentenceType, s)
	}
	var prev *FS
	for _, r := range tokens {
		pos := ann(posType, r)
		pos.SetString("PosValue", "NN")
		lemma := ann(lemmaType, r)
		lemma.SetString("value", text[r[0]:r[1]])
		tok := ann(tokenType, r)
		tok.SetInt("order", 0)
		tok.Set("pos", true, json.RawMessage(strconv.Itoa(pos.ID)))
		tok.Set("lemma", true, json.RawMessage(strconv.Itoa(lemma.ID)))
		if prev != nil {
			d := ann(depType, r)
			d.Set("Governor", true, json.RawMessage(strconv.Itoa(prev.ID)))
			d.Set("Dependent", true, json.RawMessage(strconv.Itoa(tok.ID)))
		}
		prev = tok
	}
	return &document.Document{Text: text, Spans: spans, Layers: l}
}

// segTexts returns the texts of the tokens and sentences of c, in order.
func segTexts(t *testing.T, c *CAS) (tokens, sents []string) {
	t.Helper()
	sofa, _ := c.MainSofa()
	text, _ := SofaText(sofa)
	p := newPlacement(c)
	for _, f := range c.FS {
		pl, ok, err := p.place(f)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		switch f.Type {
		case tokenType:
			tokens = append(tokens, text[pl.b:pl.e])
		case sentenceType:
			sents = append(sents, text[pl.b:pl.e])
		}
	}
	return tokens, sents
}

func rng(text, sub string) [2]int {
	i := strings.Index(text, sub)
	return [2]int{i, i + len(sub)}
}

func TestRebaseRetokenizes(t *testing.T) {
	const text = "Herr Dr.Max Müller kam. Er wohnt in Bad Tölz. Gut!"
	toks := document.Tokenize(text)
	// the source segmenter's sentences
	sents := [][2]int{rng(text, "Herr Dr.Max Müller kam."), rng(text, "Er wohnt in Bad Tölz."), rng(text, "Gut!")}
	edit := func(orig, sur string) document.Edit {
		r := rng(text, orig)
		return document.Edit{Begin: r[0], End: r[1], Text: sur}
	}
	tests := []struct {
		name       string
		edits      []document.Edit
		wantTokens []string
		wantSents  []string
	}{
		{"more tokens", []document.Edit{edit("Max Müller", "Hans-Peter von Stein")},
			[]string{"Herr", "Dr.Hans-Peter", "von", "Stein", "kam", ".", "Er", "wohnt", "in", "Bad", "Tölz", ".", "Gut", "!"},
			[]string{"Herr Dr.Hans-Peter von Stein kam.", "Er wohnt in Bad Tölz.", "Gut!"}},
		{"fewer tokens", []document.Edit{edit("Bad Tölz", "Ulm")},
			[]string{"Herr", "Dr.Max", "Müller", "kam", ".", "Er", "wohnt", "in", "Ulm", ".", "Gut", "!"},
			[]string{"Herr Dr.Max Müller kam.", "Er wohnt in Ulm.", "Gut!"}},
		{"gemtex brackets", []document.Edit{edit("Müller", "[** NAME_DOCTOR AB1CD2 **]")},
			[]string{"Herr", "Dr.Max", "[", "*", "*", "NAME_DOCTOR", "AB1CD2", "*", "*", "]", "kam", ".", "Er", "wohnt", "in", "Bad", "Tölz", ".", "Gut", "!"},
			[]string{"Herr Dr.Max [** NAME_DOCTOR AB1CD2 **] kam.", "Er wohnt in Bad Tölz.", "Gut!"}},
		{"sentences joined", []document.Edit{edit("kam. Er", "Xaver")},
			[]string{"Herr", "Dr.Max", "Müller", "Xaver", "wohnt", "in", "Bad", "Tölz", ".", "Gut", "!"},
			[]string{"Herr Dr.Max Müller Xaver wohnt in Bad Tölz.", "Gut!"}},
		{"whole sentence", []document.Edit{edit("Gut!", "Na gut, ja")},
			[]string{"Herr", "Dr.Max", "Müller", "kam", ".", "Er", "wohnt", "in", "Bad", "Tölz", ".", "Na", "gut", ",", "ja"},
			[]string{"Herr Dr.Max Müller kam.", "Er wohnt in Bad Tölz.", "Na gut, ja"}},
		{"two edits one token", []document.Edit{edit("Dr.", "Prof. "), edit("Max", "Eva")},
			[]string{"Herr", "Prof", ".", "Eva", "Müller", "kam", ".", "Er", "wohnt", "in", "Bad", "Tölz", ".", "Gut", "!"},
			[]string{"Herr Prof. Eva Müller kam.", "Er wohnt in Bad Tölz.", "Gut!"}},
		{"blank surrogate", []document.Edit{edit("Bad Tölz", "  ")},
			[]string{"Herr", "Dr.Max", "Müller", "kam", ".", "Er", "wohnt", "in", ".", "Gut", "!"},
			[]string{"Herr Dr.Max Müller kam.", "Er wohnt in   .", "Gut!"}},
		{"x mode", []document.Edit{edit("Max Müller", "XXX XXXXXX"), edit("Tölz", "XXXX")},
			[]string{"Herr", "Dr.XXX", "XXXXXX", "kam", ".", "Er", "wohnt", "in", "Bad", "XXXX", ".", "Gut", "!"},
			[]string{"Herr Dr.XXX XXXXXX kam.", "Er wohnt in Bad XXXX.", "Gut!"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := segmented(t, text, toks, sents, tt.edits)
			before := d.Layers.(*Layers).CAS.Clone()
			nd, err := d.Apply(tt.edits)
			if err != nil {
				t.Fatal(err)
			}
			c := nd.Layers.(*Layers).CAS
			if err := CheckSegments(c); err != nil {
				t.Fatal(err)
			}
			gotT, gotS := segTexts(t, c)
			if !reflect.DeepEqual(gotT, tt.wantTokens) {
				t.Errorf("tokens %q\nwant   %q", gotT, tt.wantTokens)
			}
			if !reflect.DeepEqual(gotS, tt.wantSents) {
				t.Errorf("sentences %q\nwant      %q", gotS, tt.wantSents)
			}
			for i, e := range tt.edits {
				if got := nd.SpanText(i); got != e.Text {
					t.Errorf("PHI %d covers %q, want %q", i, got, e.Text)
				}
			}
			assertIntegrity(t, c)
			// no lemma or part of speech of a replaced word is left; the
			// others keep theirs
			replaced := map[string]bool{}
			for _, e := range tt.edits {
				for _, p := range document.Tokenize(text[e.Begin:e.End]) {
					replaced[text[e.Begin+p[0]:e.Begin+p[1]]] = true
				}
			}
			lemmas := 0
			for _, f := range c.FS {
				if ShortName(f.Type) != "Lemma" {
					continue
				}
				lemmas++
				v := f.String("value")
				b, _ := f.Int("begin")
				e, _ := f.Int("end")
				ix := document.NewIndex(nd.Text)
				bb, err1 := ix.FromUTF16(b)
				eb, err2 := ix.FromUTF16(e)
				if err1 != nil || err2 != nil || nd.Text[bb:eb] != v {
					t.Errorf("lemma %q lies over %q: a replaced word's lemma was kept", v, nd.Text[bb:eb])
				}
			}
			if lemmas == 0 || lemmas == len(toks) && len(replaced) > 0 {
				t.Errorf("%d lemmas of %d tokens left", lemmas, len(toks))
			}
			// the input CAS is untouched
			if !reflect.DeepEqual(before.FS, d.Layers.(*Layers).CAS.FS) || !reflect.DeepEqual(before.Views, d.Layers.(*Layers).CAS.Views) {
				t.Error("Rebase changed its input CAS")
			}
		})
	}
}

// assertIntegrity: ids are unique, view members and references name
// existing feature structures and every annotation is placed.
func assertIntegrity(t *testing.T, c *CAS) {
	t.Helper()
	ids := map[int]bool{}
	for _, f := range c.FS {
		if ids[f.ID] {
			t.Fatalf("id %d twice", f.ID)
		}
		ids[f.ID] = true
	}
	for _, v := range c.Views {
		for _, m := range v.Members {
			if !ids[m] {
				t.Errorf("view member %d missing", m)
			}
		}
	}
	for _, f := range c.FS {
		for _, ft := range f.Features {
			if !ft.Ref {
				continue
			}
			if n, err := strconv.Atoi(string(ft.Value)); err == nil && !ids[n] {
				t.Errorf("%s.%s names missing %d", ShortName(f.Type), ft.Name, n)
			}
		}
	}
	if err := c.CheckRefs(); err != nil {
		t.Fatal(err)
	}
	if err := CheckAnnotations(c); err != nil {
		t.Fatal(err)
	}
}

func TestRebaseWithoutSegments(t *testing.T) {
	// a CAS without tokens and sentences gets none
	const text = "Herr Max Müller kam."
	e := document.Edit{Begin: 5, End: 15, Text: "Eva Stein"}
	d := segmented(t, text, nil, nil, []document.Edit{e})
	nd, err := d.Apply([]document.Edit{e})
	if err != nil {
		t.Fatal(err)
	}
	toks, sents := segTexts(t, nd.Layers.(*Layers).CAS)
	if len(toks)+len(sents) != 0 {
		t.Fatalf("tokens %q sentences %q appeared", toks, sents)
	}
}
