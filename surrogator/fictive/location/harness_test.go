package location

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// shortKinds are the markup names of the test documents.
var shortKinds = map[string]kinds.Kind{
	"STREET": kinds.LocationStreet, "CITY": kinds.LocationCity, "ZIP": kinds.LocationZip,
	"STATE": kinds.LocationState, "COUNTRY": kinds.LocationCountry, "HOSPITAL": kinds.LocationHospital,
	"ORG": kinds.LocationOrganization, "OTHER": kinds.LocationOther, "NAME": kinds.NamePatient, "PROF": kinds.Profession,
}

var markup = regexp.MustCompile(`\[\[([A-Z]+)\|(.*?)\]\]`)

// parseDoc turns "… [[CITY|Leipzig]] …" into a normalised document.
func parseDoc(t testing.TB, name, src string) *document.Document {
	t.Helper()
	var text strings.Builder
	var spans []document.Span
	last := 0
	for _, m := range markup.FindAllStringSubmatchIndex(src, -1) {
		text.WriteString(src[last:m[0]])
		k, ok := shortKinds[src[m[2]:m[3]]]
		if !ok {
			t.Fatalf("%s: unknown kind %s", name, src[m[2]:m[3]])
		}
		b := text.Len()
		text.WriteString(src[m[4]:m[5]])
		spans = append(spans, document.Span{Label: string(k), Begin: b, End: text.Len(), Ref: -1})
		last = m[1]
	}
	text.WriteString(src[last:])
	d := &document.Document{Name: name, Text: text.String(), Spans: spans}
	d.Normalize()
	return d
}

// result is one replaced span.
type result struct {
	kind      kinds.Kind
	orig, sur string
}

// runDoc replaces every location span of d in document order, as the
// engine does, and returns the replaced text and the replacements.
func runDoc(t testing.TB, res *data.Resources, scope *fictive.Scope, d *document.Document, avoid func(string) bool) (string, []result) {
	t.Helper()
	doc := fictive.NewScope([]byte("doc|" + d.Name))
	doc.Avoid = avoid
	if scope == nil {
		scope = doc
	}
	st := &fictive.DocState{}
	var edits []document.Edit
	var out []result
	for i, s := range d.Spans {
		if !s.Kind.IsLocation() {
			continue
		}
		gen, err := testGenerators.Lookup(s.Kind)
		if err != nil {
			t.Fatal(err)
		}
		ctx := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: doc, State: st, Res: res}
		orig := d.SpanText(i)
		if KeptByPolicy(s.Kind, orig, ctx.ReplaceState) {
			out = append(out, result{s.Kind, orig, orig}) // kept, as the engine does
			continue
		}
		v, err := gen(orig, ctx)
		if err != nil {
			t.Fatalf("%s: span %d (%s): %v", d.Name, i, s.Kind, err)
		}
		edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: v})
		out = append(out, result{s.Kind, orig, v})
	}
	nd, err := d.Apply(edits)
	if err != nil {
		t.Fatal(err)
	}
	return nd.Text, out
}

var (
	fixtureOnce sync.Once
	fixtureRes  *data.Resources
	fixtureErr  error
)

// fixture returns data.Default with the test gazetteer of
// testdata/fixture (real municipalities and postcodes, streets, facility
// templates, countries) so that expectations do not move with the
// embedded lists.
func fixture(t testing.TB) *data.Resources {
	t.Helper()
	fixtureOnce.Do(func() {
		fixtureRes, fixtureErr = data.Load(filepath.Join("testdata", "fixture"))
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureRes
}

// shape maps digits to 9 and letters to a/A, keeping everything else.
func shape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteByte('9')
		case r >= 'a' && r <= 'z':
			b.WriteByte('a')
		case r >= 'A' && r <= 'Z':
			b.WriteByte('A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// checkDoc asserts the address invariants of one replaced document:
// every span changed; a ZIP right before a city is a postcode of the
// surrogate city (or, when its postcodes are used up, of its postal area
// and no other municipality's); a known city's surrogate lies in the
// original's state (city-states excepted); house numbers keep their shape.
func checkDoc(t *testing.T, g Gazetteer, d *document.Document, rs []result) {
	t.Helper()
	for _, r := range rs {
		if KeptByPolicy(r.kind, r.orig, false) {
			if r.sur != r.orig {
				t.Errorf("%s: kept %s %q changed to %q", d.Name, r.kind, r.orig, r.sur)
			}
			continue
		}
		if data.Fold(r.sur) == data.Fold(r.orig) || r.sur == "" {
			t.Errorf("%s: %s %q not replaced (%q)", d.Name, r.kind, r.orig, r.sur)
		}
		if strings.Contains(strings.ToLower(r.sur), strings.ToLower(r.orig)) && len(r.orig) > 3 {
			t.Errorf("%s: %s surrogate %q contains the original %q", d.Name, r.kind, r.sur, r.orig)
		}
	}
	// Map span index → result.
	byIdx := map[int]result{}
	j := 0
	for i, s := range d.Spans {
		if s.Kind.IsLocation() {
			byIdx[i] = rs[j]
			j++
		}
	}
	for i, s := range d.Spans {
		r := byIdx[i]
		switch s.Kind {
		case kinds.LocationZip:
			if i+1 >= len(d.Spans) || d.Spans[i+1].Kind != kinds.LocationCity || !onlySeparators(d.Text[s.End:d.Spans[i+1].Begin]) {
				continue
			}
			if b, _ := digitRun(r.orig); b < 0 || len(r.orig) > 0 && strings.Contains(r.orig, "A-") {
				continue
			}
			city := resolveCity(g, byIdx[i+1].sur)
			if !city.ok {
				t.Errorf("%s: surrogate city %q not in the gazetteer", d.Name, byIdx[i+1].sur)
				continue
			}
			code, _ := zipDigits(r.sur)
			// Distinct original codes in front of this surrogate city: when
			// they outnumber its postcodes, the rest are real codes of its
			// state (never invented ones).
			codes := map[string]bool{}
			for k, sp := range d.Spans {
				if sp.Kind == kinds.LocationZip && k+1 < len(d.Spans) && byIdx[k+1].sur == byIdx[i+1].sur {
					c, _ := zipDigits(byIdx[k].orig)
					codes[c] = true
				}
			}
			owners := g.PostcodeOwners(code)
			switch {
			case len(owners) == 0:
				t.Errorf("%s: ZIP %q is no postcode of the gazetteer (invented)", d.Name, r.sur)
			case slices.Contains(owners, city.id) || slices.ContainsFunc(owners, func(o int) bool { return g.Place(o).Name == g.Place(city.id).Name }):
			case len(codes) > len(g.Postcodes(city.id)) && g.Place(owners[0]).State == g.Place(city.id).State:
			default:
				t.Errorf("%s: ZIP %q belongs to %s, not to the surrogate city %s", d.Name, r.sur, g.Place(owners[0]).Name, g.Place(city.id).Name)
			}
		case kinds.LocationCity:
			orig := resolveCity(g, r.orig)
			if !orig.ok {
				continue
			}
			sur := resolveCity(g, r.sur)
			if !sur.ok {
				t.Errorf("%s: surrogate city %q not in the gazetteer", d.Name, r.sur)
				continue
			}
			os, ss := g.Place(orig.id).State, g.Place(sur.id).State
			if os != ss && os != "Berlin" && os != "Hamburg" && !pinnedSeat(g, d, byIdx, orig.id, sur.id) {
				t.Errorf("%s: %q (%s) → %q (%s): state changed", d.Name, r.orig, os, r.sur, ss)
			}
			if sur.form.kind != orig.form.kind || sur.form.upper != orig.form.upper {
				t.Errorf("%s: %q → %q: form changed", d.Name, r.orig, r.sur)
			}
		case kinds.LocationStreet:
			po, ps := parseStreet(strings.TrimSpace(r.orig)), parseStreet(strings.TrimSpace(r.sur))
			no := po.n1 + po.l1 + po.rsep + po.n2 + po.l2
			ns := ps.n1 + ps.l1 + ps.rsep + ps.n2 + ps.l2
			if shape(no) != shape(ns) {
				t.Errorf("%s: house number %q → %q changed shape", d.Name, no, ns)
			}
			so, _ := styleOf(po.name)
			ss, _ := styleOf(ps.name)
			if so.abbr != "" && ss.abbr != "" && so.abbr != ss.abbr {
				t.Errorf("%s: street %q → %q lost the abbreviation style", d.Name, r.orig, r.sur)
			}
		}
	}
}

// pinnedSeat reports whether the document names an institution seated at
// municipality orig (a register entry, or a unique type with the town in
// its name) whose surrogate is a register institution seated at sur: the
// place then follows the institution (seat.go), into another state when
// the register rules draw the institution nationwide.
func pinnedSeat(g Gazetteer, d *document.Document, byIdx map[int]result, orig, sur int) bool {
	res := data.Default()
	reg := registerOf(res)
	for i, s := range d.Spans {
		if !isFacilityKind(s.Kind) {
			continue
		}
		a := fac.ArticleWord(d.Text[max(0, s.Begin-40):s.Begin])
		r := byIdx[i]
		nom := fac.Nominative(strings.TrimSpace(r.orig), a)
		f := analyse(g, res, s.Kind, nom)
		m, ok := reg.match(g, nom, fac.Classify(nom), f)
		if !ok {
			continue
		}
		seat := -1
		switch {
		case m.entry >= 0:
			seat = seatIDOf(g, reg.entries[m.entry])
		case len(f.cities) > 0:
			seat = f.cities[0].id
		}
		if e := institutionOf(reg, fac.Nominative(strings.TrimSpace(r.sur), a)); seat == orig && e >= 0 && seatIDOf(g, reg.entries[e]) == sur {
			return true
		}
	}
	return false
}

func sharesArea(code string, codes []string) bool {
	for _, c := range codes {
		if len(c) == 5 && len(code) == 5 && c[:3] == code[:3] {
			return true
		}
	}
	return false
}

// checkConsistent asserts that equal originals of a kind got equal
// surrogates and different originals different ones (per scope).
func checkConsistent(t *testing.T, seen map[string]string, rev map[string]string, scopeName string, rs []result) {
	t.Helper()
	for _, r := range rs {
		k := fmt.Sprintf("%s|%s|%s", scopeName, r.kind, r.orig)
		if prev, ok := seen[k]; ok && prev != r.sur {
			t.Errorf("scope %s: %s %q → %q and %q", scopeName, r.kind, r.orig, prev, r.sur)
		}
		seen[k] = r.sur
		rk := fmt.Sprintf("%s|%s|%s", scopeName, r.kind, r.sur)
		if prev, ok := rev[rk]; ok && norm.Fold(prev) != norm.Fold(r.orig) && r.kind != kinds.LocationCity &&
			!(r.kind == kinds.LocationZip && onePlaceCodes(prev, r.orig, r.sur)) && !oneInstitution(r.kind, prev, r.orig) {
			t.Errorf("scope %s: %s %q and %q share the surrogate %q", scopeName, r.kind, prev, r.orig, r.sur)
		}
		rev[rk] = r.orig
	}
}

// onePlaceCodes reports the documented exception to distinct surrogates
// (pickZip): two postcodes a and b of one original municipality share a
// real postcode sur of a surrogate that has too few of its own.
func onePlaceCodes(a, b, sur string) bool {
	g := NewEmbedded(nil)
	if _, real := g.ByPostcode(sur); !real {
		return false
	}
	for _, o := range g.PostcodeOwners(a) {
		if slices.Contains(g.PostcodeOwners(b), o) {
			return true
		}
	}
	return false
}

// project collects the location originals of documents, as the engine's
// leak audit sees them (SPEC §5).
type project map[string]bool

func (p project) add(d *document.Document) {
	for i, s := range d.Spans {
		if s.Kind.IsLocation() && !KeptByPolicy(s.Kind, d.SpanText(i), false) {
			// kept spans are exempt from the audit (SPEC §5)
			p[auditFold(d.SpanText(i))] = true
		}
	}
}

// avoid reports a value equal to an original (Scope.Avoid).
// avoid is the engine's Scope.Avoid (plan.Avoider → audit.ContainsAny): a
// value holding an original of the project as whole words is refused, not
// only one equal to it.
func (p project) avoid(v string) bool {
	if p[auditFold(v)] {
		return true
	}
	// every stretch of v between word boundaries (as leaks reads them),
	// looked up in p: a few dozen lookups instead of a scan of every
	// original per value
	t := auditFold(v)
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	var starts, ends []int
	prev := rune(' ')
	for i, r := range t {
		if alnum(r) && !alnum(prev) {
			starts = append(starts, i)
		}
		if !alnum(r) && alnum(prev) {
			ends = append(ends, i)
		}
		prev = r
	}
	if alnum(prev) {
		ends = append(ends, len(t))
	}
	for _, b := range starts {
		for _, e := range ends {
			if e > b && utf8.RuneCountInString(t[b:e]) >= 4 && p[t[b:e]] {
				return true
			}
		}
	}
	return false
}

// auditFold is the audit's comparison form: lower case, white space
// collapsed, zero-width characters removed.
func auditFold(s string) string {
	s = zeroWidth.Replace(s)
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// leaks returns the originals (≥ 4 characters) found in text as whole
// words.
func (p project) leaks(text string) []string {
	t := " " + auditFold(text) + " "
	var out []string
	for o := range p {
		if len([]rune(o)) < 4 {
			continue
		}
		for i := strings.Index(t, o); i >= 0; {
			before, _ := utf8.DecodeLastRuneInString(t[:i])
			after, _ := utf8.DecodeRuneInString(t[i+len(o):])
			if !unicode.IsLetter(before) && !unicode.IsDigit(before) && !unicode.IsLetter(after) && !unicode.IsDigit(after) {
				out = append(out, o)
				break
			}
			j := strings.Index(t[i+1:], o)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	sort.Strings(out)
	return out
}

var zeroWidth = strings.NewReplacer("\u200b", "", "\ufeff", "")

// oneInstitution reports the other exception: two spellings of one
// register institution ("Universitätsklinikum Carl Gustav Carus Dresden",
// "Dresdner Universitätsklinikum") share its surrogate.
func oneInstitution(k kinds.Kind, a, b string) bool {
	if !isFacilityKind(k) {
		return false
	}
	g, res := NewEmbedded(nil), data.Default()
	reg := registerOf(res)
	ma, oka := reg.match(g, a, fac.Classify(a), analyse(g, res, k, a))
	mb, okb := reg.match(g, b, fac.Classify(b), analyse(g, res, k, b))
	return oka && okb && ma.entry >= 0 && ma.entry == mb.entry
}
