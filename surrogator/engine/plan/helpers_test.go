package plan

import (
	"hash/maphash"
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
)

// markedDoc builds a document from text with spans written [KIND|text].
func markedDoc(name, text string) *document.Document {
	var b strings.Builder
	var spans []document.Span
	for {
		i := strings.Index(text, "[")
		if i < 0 {
			b.WriteString(text)
			break
		}
		b.WriteString(text[:i])
		j := strings.Index(text[i:], "]") + i
		k, s, _ := strings.Cut(text[i+1:j], "|")
		spans = append(spans, document.Span{Label: k, Begin: b.Len(), End: b.Len() + len(s), Ref: -1})
		b.WriteString(s)
		text = text[j+1:]
	}
	d := &document.Document{Name: name, Project: "prop", Text: b.String(), Spans: spans}
	d.Normalize()
	return d
}

// gemtexDate matches a gemtex date surrogate and its shown date.
var gemtexDate = regexp.MustCompile(`^\[\*\* (DATE|DATE_BIRTH|DATE_DEATH) (.*) \*\*\]$`)

// fixedShift returns a started planner of the mode with a fixed date
// shift (dates need no generators) and the listed names.
func fixedShift(mode Mode, key string, shift int) *Planner {
	res := data.Default()
	p := New(maphash.Seed{}, nil, func(s string) bool { return res.IsSurname(s) || res.IsFirstName(s) })
	p.Start(Config{Mode: mode, Scope: ScopeDocument, Seed: 1, Key: []byte(key), DateShift: shift, DateShiftSet: true,
		DateShiftMin: 14, DateShiftMax: 365, Resources: res}, nil)
	return p
}
