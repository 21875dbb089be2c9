package names

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// NSTitle is the scope namespace of title surrogates (key: the title
// normalised without case, spaces, dots and hyphens).
const NSTitle = "title"

// Title is the fictive generator of NAME_TITLE spans: a listed title of the
// same rank, preferring the same field (medical or other), written in the
// original's style (capitals, "Dr.med." without spaces).
func Title(original string, ctx *fictive.Context) (string, error) {
	if ctx == nil || ctx.Scope == nil || ctx.Res == nil {
		return "", fmt.Errorf("names: title: incomplete context")
	}
	lx := lexiconOf(ctx.Res)
	key := titleKey(original)
	if key == "" {
		return "", fmt.Errorf("names: title span %d holds no letters", ctx.Span)
	}
	if len(lx.titles) < 2 {
		return "", fmt.Errorf("names: title: the resources list fewer than two titles")
	}
	rank := lx.rankOf(original)
	want := titleEntry{key: key, rank: rank, field: titleField(key)}
	if genericTitle(original) {
		want.field = "med" // a bare "Dr." in a clinical letter is a physician's
	}
	// One surrogate title per person and rank, reused at every mention
	// ("DR. MED. Meier" and "Dr. Meier" get one title, in each mention's
	// style); it differs from every title the person is written with.
	memoKey, avoid := key, map[string]bool{key: true}
	persons := titlePersons(ctx)
	var personKeys []string
	if person := persons.of[ctx.Span]; person != "" {
		memoKey = "person|" + person + "|" + strconv.Itoa(rank)
		personKeys = persons.keys[titleRank{string(ctx.Kind) + "|" + person, rank}]
	}
	n := 0
	v := ctx.Scope.Memo(NSTitle, memoKey, func(rng *rand.Rand) string {
		if n == 0 { // only when the memo has no title yet
			for _, k := range personKeys {
				avoid[k] = true
			}
		}
		a := n
		n++
		var pool []titleEntry
		for stage := a / 16; len(pool) == 0 && stage <= 4; stage++ {
			for _, e := range lx.titlePool(original, want, stage) {
				if !avoid[e.key] {
					pool = append(pool, e)
				}
			}
		}
		if len(pool) == 0 {
			return ""
		}
		return pool[rng.Intn(len(pool))].text
	})
	out := styleTitle(original, v)
	if titleKey(out) == key {
		return "", fmt.Errorf("names: title span %d: no surrogate different from the original", ctx.Span)
	}
	return out, nil
}

// titleIndex maps the title spans of a document to their persons
// (titlePerson), computed once per document: a letter with thousands of
// titles must not scan every span for every title.
type titleIndex struct {
	of   map[int]string         // title span → person ("" none)
	keys map[titleRank][]string // kind|person and rank → the distinct keys of its titles
}

type titleSeen struct {
	r titleRank
	k string
}

type titleRank struct {
	person string
	rank   int
}

const stateTitles = "names.titles"

func titlePersons(ctx *fictive.Context) *titleIndex {
	build := func() any {
		ix := &titleIndex{of: map[int]string{}, keys: map[titleRank][]string{}}
		lx := lexiconOf(ctx.Res)
		seen := map[titleSeen]bool{}
		if ctx.Doc == nil {
			return ix
		}
		sorted := inTextOrder(ctx.Doc)
		for j, sp := range ctx.Doc.Spans {
			if sp.Kind != ctx.Kind { // the title spans
				continue
			}
			p := titlePerson(ctx.Doc, j, sorted)
			ix.of[j] = p
			if p != "" {
				t := ctx.Doc.SpanText(j)
				r := titleRank{string(sp.Kind) + "|" + p, lx.rankOf(t)}
				if k := titleKey(t); !seen[titleSeen{r, k}] {
					seen[titleSeen{r, k}] = true
					ix.keys[r] = append(ix.keys[r], k)
				}
			}
		}
		return ix
	}
	if ctx.State == nil {
		return build().(*titleIndex)
	}
	return ctx.State.Value(stateTitles, build).(*titleIndex)
}

// titlePerson returns the folded surname of the person a title span
// belongs to: the name span right after it (only white space between, as
// in "Dr. [Meier]") or, for a title after the name ("Meier, PhD"), right
// before it; "" when there is none.
func titlePerson(d *document.Document, i int, sorted bool) string {
	t := d.Spans[i]
	best, gap := -1, 4
	for _, j := range nearSpans(d, i, gap, sorted) {
		s := d.Spans[j]
		if !s.Kind.IsName() {
			continue
		}
		var between string
		switch {
		case s.Begin >= t.End:
			between = d.Text[t.End:s.Begin]
		case s.End <= t.Begin:
			between = d.Text[s.End:t.Begin]
		default:
			continue
		}
		// the length first: the text to a far name must not be scanned
		// for every title (quadratic in a large letter)
		if len(between) < gap && strings.TrimLeft(between, " \t,") == "" {
			best, gap = j, len(between)
		}
	}
	if best < 0 {
		return ""
	}
	f := strings.Fields(norm.NameKey(d.SpanText(best), nil))
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[len(f)-1], "'’.")
}

// inTextOrder reports whether a document's spans are in text order and do
// not overlap (as normalised documents are).
func inTextOrder(d *document.Document) bool {
	for j := 1; j < len(d.Spans); j++ {
		if d.Spans[j-1].End > d.Spans[j].Begin {
			return false
		}
	}
	return true
}

// nearSpans returns the indices of the spans that may lie within gap
// bytes of span i: its neighbours while they are that close when the
// spans are in text order (sorted), else every span.
func nearSpans(d *document.Document, i, gap int, sorted bool) []int {
	if !sorted {
		all := make([]int, len(d.Spans))
		for j := range all {
			all[j] = j
		}
		return all
	}
	t := d.Spans[i]
	var out []int
	for j := i - 1; j >= 0 && d.Spans[j].End > t.Begin-gap; j-- {
		out = append(out, j)
	}
	for j := i + 1; j < len(d.Spans) && d.Spans[j].Begin < t.End+gap; j++ {
		out = append(out, j)
	}
	return out
}

// titlePool lists the candidate titles of a widening stage: 0 same rank,
// field, position (before or after the name) and grammatical gender
// ("Dr.in"); 1 same rank and position; 2 same rank; 3 neighbouring ranks;
// 4 any title.
func (lx *lexicon) titlePool(orig string, want titleEntry, stage int) []titleEntry {
	pre, fem := prenominal(orig), feminineTitle(orig)
	var out []titleEntry
	for _, t := range lx.titles {
		if t.key == want.key {
			continue
		}
		ok := false
		switch stage {
		case 0:
			ok = t.rank == want.rank && t.field == want.field && t.pre == pre && t.fem == fem
		case 1:
			ok = t.rank == want.rank && t.pre == pre
		case 2:
			ok = t.rank == want.rank
		case 3:
			ok = t.rank == want.rank-1 || t.rank == want.rank+1
		default:
			ok = true
		}
		if ok {
			out = append(out, t)
		}
	}
	return out
}

// titleWords splits a title into lower-case words at spaces, dots and
// hyphens.
func titleWords(t string) []string {
	return strings.FieldsFunc(strings.ToLower(t), func(c rune) bool {
		return unicode.IsSpace(c) || c == '.' || strings.ContainsRune(hyphens, c)
	})
}

// prenominalWords start titles written before the name; other titles
// (PhD, MBA, M.Sc., BScN) follow it.
var prenominalWords = map[string]bool{
	"dr": true, "drs": true, "dres": true, "prof": true, "pd": true, "priv": true, "privdoz": true, "doz": true,
	"dipl": true, "univ": true, "apl": true, "stud": true, "cand": true, "mag": true, "mudr": true, "mddr": true,
	"o": true, "em": true, "ing": true,
}

func prenominal(t string) bool {
	w := titleWords(t)
	return len(w) > 0 && prenominalWords[w[0]]
}

// feminineTitle reports a gendered title such as "Dr.in" or "Prof.in".
func feminineTitle(t string) bool {
	for _, w := range titleWords(t) {
		if w == "in" {
			return true
		}
	}
	return false
}

// genericTitle reports a title without a faculty ("Dr.", "Prof. Dr.",
// "PD Dr.").
func genericTitle(t string) bool {
	for _, w := range titleWords(t) {
		switch w {
		case "dr", "drs", "dres", "prof", "pd", "priv", "doz", "privdoz", "univ", "apl", "in":
		default:
			return false
		}
	}
	return true
}

// rankOf returns the rank of a listed title; an unlisted one is ranked by
// its words on the scale of data/resources/titles.tsv:
//
//	7  Univ.-Prof., or Prof. with two doctorates
//	6  Prof., apl. Prof.
//	5  PD, Priv.-Doz., Doz.
//	4  habil., two doctorates (Dr. Dr.), DSc
//	3  a doctorate (Dr., Drs., Dres., MUDr., PhD, Dr.in)
//	2  Dipl., Mag., master (M.A., M.Sc., MBA)
//	1  stud., cand., bachelor
//
// An unrecognised title counts as a doctorate (rank 3), the most frequent.
func (lx *lexicon) rankOf(t string) int {
	key := titleKey(t)
	for _, e := range lx.titles {
		if e.key == key {
			return e.rank
		}
	}
	words := titleWords(t)
	has := map[string]int{}
	for _, w := range words {
		has[w]++
	}
	doctorates := has["dr"] + has["drs"] + has["dres"] + has["mudr"] + has["mddr"] + has["phd"]
	prof := has["prof"] + has["professor"] + has["professorin"]
	switch {
	case has["univ"] > 0 && prof > 0, prof > 0 && doctorates >= 2:
		return 7
	case prof > 0:
		return 6
	case has["pd"] > 0 || has["priv"] > 0 || has["doz"] > 0 || has["privatdozent"] > 0:
		return 5
	case has["habil"] > 0 || doctorates >= 2 || has["dsc"] > 0:
		return 4
	case doctorates > 0 || has["in"] > 0 && has["dr"] > 0:
		return 3
	case has["dipl"] > 0 || has["mag"] > 0 || has["msc"] > 0 || has["mba"] > 0 || has["ma"] > 0 || has["m"] > 0:
		return 2
	case has["stud"] > 0 || has["cand"] > 0 || has["bsc"] > 0 || has["ba"] > 0 || has["b"] > 0:
		return 1
	}
	return 3
}

// styleTitle writes a listed title in the style of the original: all
// capitals when the original is, and without spaces after dots when the
// original has none ("Dr.med." → "Dr.rer.nat.").
func styleTitle(orig, t string) string {
	if !strings.ContainsAny(strings.TrimSpace(orig), " \t\n") && strings.Count(orig, ".") >= 2 && gluedDot(orig) {
		t = strings.ReplaceAll(t, ". ", ".")
	}
	if isUpperWord(orig) && letterCount(orig) >= 2 {
		t = strings.ToUpper(t)
	}
	lead := orig[:len(orig)-len(strings.TrimLeftFunc(orig, unicode.IsSpace))]
	trail := orig[len(strings.TrimRightFunc(orig, unicode.IsSpace)):]
	return lead + t + trail
}

// gluedDot reports a dot directly followed by a letter ("Dr.med.").
func gluedDot(s string) bool {
	prevDot := false
	for _, c := range s {
		if prevDot && unicode.IsLetter(c) {
			return true
		}
		prevDot = c == '.'
	}
	return false
}
