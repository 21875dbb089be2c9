package names

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// FuzzName: whatever a name span holds, the generator neither panics nor
// returns the original, and it keeps the span's line breaks.
func FuzzName(f *testing.F) {
	for _, s := range []string{
		"Frau", "Dr.", "-", "'", "M.", "Ä.", "ß", "123", "Meier2", "X Æ A-12", "---Meier", "Meier-", "( Meier )",
		"O'", "von", "von der", "und", "Meier, ", ", Hans", "Hans,,Meier", "Dr. med.\n\nH.", "🙂 Anna", "a-b-c-d",
		"MÜLLERS", "Albers’", "Graf von", "Herr Frau", "Chr.", "H.-P.-J. Meier-Schulze-Lang", "d'Artagnan",
	} {
		f.Add("Sehr geehrte Frau ", s)
	}
	f.Fuzz(func(t *testing.T, before, name string) {
		if strings.TrimSpace(name) == "" || !validUTF8(before+name) {
			return
		}
		d := &document.Document{Text: before + name + " kam.", Spans: []document.Span{
			{Kind: kinds.NamePatient, Begin: len(before), End: len(before) + len(name), Ref: -1},
		}}
		sc := fictive.NewScope([]byte("fuzz"))
		ctx := &fictive.Context{Kind: kinds.NamePatient, Doc: d, Span: 0, Scope: sc, DocScope: sc,
			State: &fictive.DocState{}, Res: data.Default()}
		done := make(chan struct{})
		var out string
		var err error
		go func() { out, err = Name(name, ctx); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("hang on %q / %q", before, name)
		}
		if err != nil {
			if strings.Contains(err.Error(), name) && len(name) > 3 {
				t.Fatalf("error %q contains the original", err)
			}
			return
		}
		if norm.Fold(out) == norm.Fold(name) {
			t.Fatalf("%q → %q: equal", name, out)
		}
		if strings.Count(out, "\n") != strings.Count(name, "\n") {
			t.Fatalf("%q → %q: line breaks changed", name, out)
		}
		// NameWord: excluding nothing draws what no NameWord draws; excluding
		// every listed name composes parts, never listed ones, and still
		// returns no original
		for i, nw := range []func(string) bool{func(string) bool { return false }, listedWord} {
			sc := fictive.NewScope([]byte("fuzz"))
			xctx := *ctx
			xctx.Scope, xctx.DocScope, xctx.State, xctx.NameWord = sc, sc, &fictive.DocState{}, nw
			done := make(chan struct{})
			var xout string
			var xerr error
			go func() { xout, xerr = Name(name, &xctx); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatalf("hang on %q / %q with a NameWord", before, name)
			}
			switch {
			case xerr != nil:
				if strings.Contains(xerr.Error(), name) && len(name) > 3 {
					t.Fatalf("error %q contains the original", xerr)
				}
			case norm.Fold(xout) == norm.Fold(name):
				t.Fatalf("%q → %q: equal", name, xout)
			}
			if i == 0 && (xout != out || xerr != nil) {
				t.Fatalf("%q → %q, with a NameWord excluding nothing %q (%v)", name, out, xout, xerr)
			}
		}
		tctx := *ctx
		tctx.Kind = kinds.NameTitle
		out, err = Title(name, &tctx)
		switch {
		case err != nil && titleKey(name) != "":
			t.Fatalf("title %q: %v", name, err)
		case err == nil && !validUTF8(out):
			t.Fatalf("title %q → %q: invalid UTF-8", name, out)
		case err == nil && len(titleComponents(name)) == 0 && out != name:
			t.Fatalf("title %q → %q: a title without a redrawn component must stay", name, out)
		}
	})
}

// listedWord rejects a candidate holding a listed first name or surname
// of the default resources: every drawn part is then composed.
func listedWord(c string) bool {
	res := data.Default()
	for _, w := range strings.FieldsFunc(c, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if res.IsSurname(w) || res.IsFirstName(w) {
			return true
		}
	}
	return false
}

func validUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }
