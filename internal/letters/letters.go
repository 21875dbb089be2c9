package letters

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// FacilityTypes is the fixed vocabulary of fine facility types
// (testdata/letters-src/FACILITY-TYPES.md), in the order of that table.
var FacilityTypes = []string{
	"university-hospital", "hospital", "heart-centre", "tumour-centre", "rehab", "psychiatry",
	"practice-gp", "practice-specialist", "physiotherapy", "dental", "pharmacy", "care-service",
	"care-home", "laboratory", "insurer-statutory", "insurer-private", "pension-carrier",
	"accident-insurer", "court-amtsgericht", "court-landgericht", "court-olg", "court-sozialgericht",
	"court-verwaltungsgericht", "court-arbeitsgericht", "authority-gesundheitsamt",
	"authority-jugendamt", "authority-landratsamt", "authority-arbeitsagentur", "authority-other",
	"university", "university-institute", "association", "company", "school", "church", "bath",
	"park", "sport", "shop", "gastronomy", "culture", "lodging", "other",
}

// IsFacilityType reports whether t is in FacilityTypes.
func IsFacilityType(t string) bool {
	for _, f := range FacilityTypes {
		if f == t {
			return true
		}
	}
	return false
}

// IsFacilityKind reports whether spans of kind k must carry a facility type.
func IsFacilityKind(k kinds.Kind) bool {
	return kinds.RulesOf(k).Facility
}

// Span is one annotated span of a letter's text.
type Span struct {
	Kind kinds.Kind
	// Type is the fine facility type of a facility span, else "".
	Type string
	// Role is the facility's role within its type, when the markup gives
	// one as a fourth field ([[LOCATION_ORGANIZATION|Betreuungsverein
	// Konstanz e. V.|association|betreuungsverein]]; the roles of
	// surrogator/fictive/location/roles.tsv), else "".
	Role string
	// Begin and End are byte offsets into Letter.Text.
	Begin, End int
	// RuneBegin and RuneEnd are offsets in Unicode code points.
	RuneBegin, RuneEnd int
	// UTF16Begin and UTF16End are offsets in UTF-16 code units.
	UTF16Begin, UTF16End int
	// Line is the 1-based line of the span's opening brackets in the source.
	Line int
}

// Letter is one parsed letter.
type Letter struct {
	// Name is the file's base name without ".md".
	Name  string
	Text  string
	Spans []Span
}

// Covered returns the text covered by s.
func (l *Letter) Covered(s Span) string { return l.Text[s.Begin:s.End] }

// Document returns the letter as a product document (byte offsets,
// canonical kinds, Ref = span index), named by the letter's name.
func (l *Letter) Document() *document.Document {
	d := &document.Document{Name: l.Name, Source: l.Name + ".md", Text: l.Text}
	d.Spans = make([]document.Span, len(l.Spans))
	for i, s := range l.Spans {
		d.Spans[i] = document.Span{Kind: s.Kind, Label: string(s.Kind), Begin: s.Begin, End: s.End, Ref: i}
	}
	return d
}

// Parse parses the markup of one letter named name.
func Parse(name string, src []byte) (*Letter, error) {
	if !utf8.Valid(src) {
		return nil, fmt.Errorf("letters: %s: not valid UTF-8", name)
	}
	in := string(src)
	var (
		b            strings.Builder
		spans        []Span
		runes, units int
		line, col    = 1, 1
		i            int
	)
	emit := func(s string) {
		b.WriteString(s)
		for _, r := range s {
			runes++
			units += utf16Len(r)
		}
	}
	advance := func(s string) {
		for _, r := range s {
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
	for i < len(in) {
		open := strings.Index(in[i:], "[[")
		close := strings.Index(in[i:], "]]")
		if close >= 0 && (open < 0 || close < open) {
			advance(in[i : i+close])
			return nil, fmt.Errorf("letters: %s:%d:%d: \"]]\" without \"[[\"", name, line, col)
		}
		if open < 0 {
			emit(in[i:])
			break
		}
		emit(in[i : i+open])
		advance(in[i : i+open])
		sl, sc := line, col
		start := i + open + 2
		end := strings.Index(in[start:], "]]")
		if end < 0 {
			return nil, fmt.Errorf("letters: %s:%d:%d: span not closed", name, sl, sc)
		}
		body := in[start : start+end]
		if strings.Contains(body, "[[") {
			return nil, fmt.Errorf("letters: %s:%d:%d: nested span", name, sl, sc)
		}
		fields := strings.Split(body, "|")
		if len(fields) < 2 || len(fields) > 4 {
			return nil, fmt.Errorf("letters: %s:%d:%d: span needs [[KIND|text]], [[KIND|text|type]] or [[KIND|text|type|role]], has %d fields", name, sl, sc, len(fields))
		}
		kind, ok := kinds.Parse(fields[0])
		if !ok || string(kind) != fields[0] {
			return nil, fmt.Errorf("letters: %s:%d:%d: kind %q is not a canonical kind", name, sl, sc, clip(fields[0]))
		}
		text := fields[1]
		switch {
		case text == "":
			return nil, fmt.Errorf("letters: %s:%d:%d: empty %s span", name, sl, sc, kind)
		case strings.TrimFunc(text, unicode.IsSpace) != text:
			return nil, fmt.Errorf("letters: %s:%d:%d: %s span has leading or trailing blanks", name, sl, sc, kind)
		}
		var typ, role string
		if len(fields) == 4 {
			role = fields[3]
			if role == "" || strings.TrimFunc(role, func(r rune) bool { return r >= 'a' && r <= 'z' || r == '-' }) != "" {
				return nil, fmt.Errorf("letters: %s:%d:%d: role %q is not lower-case letters and hyphens", name, sl, sc, clip(role))
			}
		}
		if len(fields) >= 3 {
			typ = fields[2]
			if !IsFacilityKind(kind) {
				return nil, fmt.Errorf("letters: %s:%d:%d: %s span has a facility type", name, sl, sc, kind)
			}
			if !IsFacilityType(typ) {
				return nil, fmt.Errorf("letters: %s:%d:%d: unknown facility type %q", name, sl, sc, clip(typ))
			}
		} else if IsFacilityKind(kind) {
			return nil, fmt.Errorf("letters: %s:%d:%d: %s span without a facility type", name, sl, sc, kind)
		}
		s := Span{Kind: kind, Type: typ, Role: role, Begin: b.Len(), RuneBegin: runes, UTF16Begin: units, Line: sl}
		emit(text)
		s.End, s.RuneEnd, s.UTF16End = b.Len(), runes, units
		spans = append(spans, s)
		advance(in[i+open : start+end+2])
		i = start + end + 2
	}
	return &Letter{Name: name, Text: b.String(), Spans: spans}, nil
}

// Load parses every *.md file of dir except README.md and FACILITY-TYPES.md
// (files whose name is all upper case), sorted by name.
func Load(dir string) ([]*Letter, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, fmt.Errorf("letters: %w", err)
	}
	sort.Strings(paths)
	var out []*Letter
	for _, p := range paths {
		base := strings.TrimSuffix(filepath.Base(p), ".md")
		if base == strings.ToUpper(base) {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("letters: %w", err)
		}
		l, err := Parse(base, src)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("letters: no letters in %s", dir)
	}
	return out, nil
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}
