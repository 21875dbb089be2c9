package location

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// maxLinkGap is the largest number of bytes between two spans of one
// address (e.g. "Körnerstraße 16-18\n04107 Leipzig").
const maxLinkGap = 80

// place is a municipality mention of the document tree: a LOCATION_CITY
// span, or the municipality a ZIP resolves to.
type place struct {
	key      string // consistency key in fictive.NSCity
	name     resolvedName
	state    string // original state ("" unknown)
	class    int    // original size class
	resolved bool   // the municipality is known (name or ZIP)
	id       int    // gazetteer id when resolved
}

// tree is the per-document location tree: which municipality every
// CITY, ZIP and STREET span belongs to.
type tree struct {
	// of maps a span index to the place it is (CITY) or belongs to (ZIP,
	// STREET, facilities). Absent: no place.
	of map[int]*place
	// first is the document's first city place (nil when none).
	first *place
}

const treeState = "location.tree"

// treeOf returns the document's location tree, building it on first use.
func treeOf(ctx *fictive.Context) *tree {
	if ctx.State == nil {
		return buildTree(ctx.Doc, gazetteerOf(ctx))
	}
	return ctx.State.Value(treeState, func() any { return buildTree(ctx.Doc, gazetteerOf(ctx)) }).(*tree)
}

// gapOK reports whether the text between two spans of one address is
// short and does not cross a paragraph break.
func gapOK(text string) bool {
	if len(text) > maxLinkGap || strings.Contains(text, "\n\n") || strings.Contains(text, "\r\n\r\n") {
		return false
	}
	return true
}

// onlySeparators reports whether s holds only white space, zero-width
// characters and commas (the glue between a ZIP and its city).
func onlySeparators(s string) bool {
	return strings.TrimFunc(s, func(r rune) bool {
		return r == ',' || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\ufeff' || r == '\u00a0' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	}) == "" && len(s) <= 12
}

func buildTree(d *document.Document, g Gazetteer) *tree {
	t := &tree{of: map[int]*place{}}
	places := map[string]*place{}
	getPlace := func(r resolvedName, zipID int, zipOK bool) *place {
		p := &place{name: r}
		switch {
		case r.ok:
			p.key = norm.Fold(r.base)
			p.resolved, p.id = true, r.id
		case zipOK:
			p.key = norm.Fold(r.base)
			p.resolved, p.id = true, zipID
		default:
			p.key = norm.Fold(r.base)
		}
		if old, ok := places[p.key]; ok {
			if !old.resolved && p.resolved {
				old.resolved, old.id = true, p.id
				pl := g.Place(p.id)
				old.state, old.class = pl.State, SizeClass(pl.Population)
			}
			return old
		}
		if p.resolved {
			pl := g.Place(p.id)
			p.state, p.class = pl.State, SizeClass(pl.Population)
		}
		places[p.key] = p
		return p
	}
	// Pass 1: cities (with the ZIP right before them) and lone ZIPs.
	for i, s := range d.Spans {
		switch s.Kind {
		case kinds.LocationCity:
			zi := -1
			if i > 0 && d.Spans[i-1].Kind == kinds.LocationZip && onlySeparators(d.Text[d.Spans[i-1].End:s.Begin]) {
				zi = i - 1
			}
			zipID, zipOK := 0, false
			if zi >= 0 {
				if code, ok := zipDigits(d.SpanText(zi)); ok {
					zipID, zipOK = g.ByPostcode(code)
				}
			}
			text := d.SpanText(i)
			if zc, rest, ok := splitZipCity(text); ok {
				// "04103 Leipzig" annotated as one city span.
				text = rest
				if !zipOK {
					zipID, zipOK = g.ByPostcode(zc)
				}
			}
			r := resolveCity(g, text)
			if !r.ok && !zipOK {
				// An Ortsteil ("Leipzig-Gohlis"): the municipality of the
				// first part gives state and size, the key stays the whole.
				zipID, zipOK = districtOf(g, text)
			}
			p := getPlace(r, zipID, zipOK)
			if !p.resolved && p.state == "" && zi >= 0 {
				// An unknown place behind an unknown postcode: the postal
				// region (leading digits) suggests the state.
				if code, ok := zipDigits(d.SpanText(zi)); ok {
					p.state, p.class = regionState(g, code), data.SizeSmallTown
				}
			}
			t.of[i] = p
			if zi >= 0 {
				t.of[zi] = p
			}
			if t.first == nil {
				t.first = p
			}
		}
	}
	for i, s := range d.Spans {
		if s.Kind != kinds.LocationZip || t.of[i] != nil {
			continue
		}
		if code, ok := zipDigits(d.SpanText(i)); ok {
			if id, ok := g.ByPostcode(code); ok {
				name := g.Place(id).Name
				t.of[i] = getPlace(resolvedName{id: id, ok: true, base: name}, 0, false)
			}
		}
	}
	// Pass 2: streets, facilities and unresolved ZIPs link to the nearest
	// place of their address block: the next one, else the previous one,
	// else the document's first city.
	for i, s := range d.Spans {
		switch s.Kind {
		case kinds.LocationStreet, kinds.LocationZip, kinds.LocationHospital, kinds.LocationOrganization, kinds.LocationOther:
		default:
			continue
		}
		if t.of[i] != nil {
			continue
		}
		if p := t.near(d, i); p != nil {
			t.of[i] = p
		}
	}
	return t
}

// near finds the place of the address block of span i.
func (t *tree) near(d *document.Document, i int) *place {
	for j := i + 1; j < len(d.Spans); j++ {
		if !gapOK(d.Text[d.Spans[j-1].End:d.Spans[j].Begin]) {
			break
		}
		if k := d.Spans[j].Kind; (k == kinds.LocationCity || k == kinds.LocationZip) && t.of[j] != nil {
			return t.of[j]
		}
	}
	for j := i - 1; j >= 0; j-- {
		if !gapOK(d.Text[d.Spans[j].End:d.Spans[j+1].Begin]) {
			break
		}
		if k := d.Spans[j].Kind; (k == kinds.LocationCity || k == kinds.LocationZip) && t.of[j] != nil {
			return t.of[j]
		}
	}
	return t.first
}

// zipDigits extracts the postcode digits of a ZIP span ("D-04103" →
// "04103").
func zipDigits(s string) (string, bool) {
	b, e := digitRun(s)
	if b < 0 {
		return "", false
	}
	return s[b:e], true
}

// digitRun returns the first run of 4 or 5 ASCII digits in s.
func digitRun(s string) (int, int) {
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if n := j - i; n == 4 || n == 5 {
			return i, j
		}
		i = j
	}
	return -1, -1
}

// zipCity matches a postcode in front of a place name inside one span.
var zipCity = regexp.MustCompile(`^\s*((?:[A-Z]{1,2}[- ])?\d{4,5})\s+(\S.*)$`)

// splitZipCity splits "04103 Leipzig" / "D-04103 Leipzig" into the
// postcode digits and the place name.
func splitZipCity(s string) (code, city string, ok bool) {
	m := zipCity.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	code, _ = zipDigits(m[1])
	return code, m[2], code != ""
}

// districtOf resolves the municipality of a district name written as
// "Municipality-District" or "Municipality District".
func districtOf(g Gazetteer, s string) (int, bool) {
	i := strings.IndexAny(s, "- ")
	if i <= 0 {
		return 0, false
	}
	r := resolveCity(g, s[:i])
	if !r.ok || r.form.kind != formBase {
		return 0, false
	}
	return r.id, true
}

// regionState returns the state most of the gazetteer's postcodes with
// the same first two (else first) digits as code belong to, or "".
func regionState(g Gazetteer, code string) string {
	if len(code) != 5 {
		return ""
	}
	for _, n := range []int{2, 1} {
		count := map[string]int{}
		best := ""
		for _, id := range g.Candidates("", minClass, maxClass) {
			for _, c := range g.Postcodes(id) {
				if len(c) == 5 && c[:n] == code[:n] {
					st := g.Place(id).State
					count[st]++
					if count[st] > count[best] || (count[st] == count[best] && st < best) {
						best = st
					}
					break
				}
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}
