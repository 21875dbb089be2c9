package names

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// docInfo is what the generators learn from all person-name spans of a
// document before replacing one of them: the role and gender evidence for
// each name word, the document's own name words (never used as surrogates)
// and which first names go with which surname (for initials).
type docInfo struct {
	doc   *document.Document
	ev    evidence
	words map[string]bool
	// long holds the folded name words of at least 4 letters: a surrogate
	// containing one of them would reveal it. longLens are their distinct
	// lengths in bytes, ascending: excluded looks up each substring of a
	// candidate of such a length, so that its cost does not grow with the
	// names of the document (a scan of every word per candidate made
	// planning a letter quadratic in its names).
	long     map[string]struct{}
	longLens []int
	// seen memoizes excluded by candidate: a letter whose names use up the
	// lists draws the same listed names again and again
	seenMu sync.Mutex
	seen   map[string]bool
	family []famEntry
	// compounds are the hyphenated first names ("Karl-Heinz") written
	// with a surname, folded whole.
	compounds []famEntry
	// before holds beforeContext of each name span by index, computed
	// here once for Name to reuse
	before map[int]context
}

// contextBefore is lx.beforeContext of span i of the document di
// describes.
func (di *docInfo) contextBefore(lx *lexicon, d *document.Document, i int) context {
	if cx, ok := di.before[i]; ok && di.doc == d {
		return cx
	}
	return lx.beforeContext(d.Text, d.Spans[i].Begin)
}

// famEntry is a full first name mentioned together with a surname.
type famEntry struct {
	surname, first string // folded
	// gender of the person when a salutation or the lists tell it
	// (Unknown otherwise)
	gender data.Gender
	sure   bool
}

const stateKey = "names.docinfo"

// docInfoOf returns the document's docInfo, cached in the document state.
func docInfoOf(ctx *fictive.Context, lx *lexicon) *docInfo {
	if ctx.State == nil {
		return lx.buildDocInfo(ctx.Doc)
	}
	v := ctx.State.Value(stateKey, func() any { return lx.buildDocInfo(ctx.Doc) })
	di, ok := v.(*docInfo)
	if !ok || di.doc != ctx.Doc {
		return lx.buildDocInfo(ctx.Doc)
	}
	return di
}

func (lx *lexicon) buildDocInfo(d *document.Document) *docInfo {
	di := &docInfo{
		doc:    d,
		ev:     evidence{roles: map[string]roleEv{}, gender: map[string]data.Gender{}},
		words:  map[string]bool{},
		long:   map[string]struct{}{},
		before: map[int]context{},
	}
	setRole := func(k string, r role, strong bool) {
		if k == "" || r == roleNone {
			return
		}
		if e, ok := di.ev.roles[k]; ok && (e.strong || !strong) {
			return
		}
		di.ev.roles[k] = roleEv{r: r, strong: strong}
	}
	for j, s := range d.Spans {
		if !s.Kind.IsName() || s.Begin < 0 || s.End > len(d.Text) || s.Begin >= s.End {
			continue
		}
		cx := lx.beforeContext(d.Text, s.Begin)
		di.before[j] = cx
		p := lx.parse(d.SpanText(j), cx, nil, nil)
		for pi := range p.persons {
			ps := &p.persons[pi]
			var units []*chunk
			for _, i := range ps.chunks {
				if c := &p.chunks[i]; c.kind == ckName {
					units = append(units, c)
					for _, pt := range c.parts {
						if pt.kind == pWord {
							k := norm.FoldName(strings.TrimRight(pt.text, "'’"))
							if k != "" && !di.words[k] {
								di.words[k] = true
								if utf8.RuneCountInString(k) >= 4 {
									di.addLong(k)
								}
							}
						}
					}
				}
			}
			words := 0
			for _, c := range units {
				if !c.initialsOnly() {
					words++
				}
			}
			surname := ""
			for _, c := range units {
				switch {
				case c.initialsOnly():
				case ps.commaOrder || c.forced:
					setRole(c.key(), c.role, true)
				case words == 1 && len(units) == 1 && ps.salutation:
					setRole(c.key(), c.role, true)
				case words >= 2:
					setRole(c.key(), c.role, false)
				}
				if c.role == roleSurname && !c.initialsOnly() {
					surname = c.key()
				}
			}
			// an unlisted first name whose gender nothing before the span
			// tells: a role noun after it may ("Mirjam Schätzle,
			// Fachärztin für Psychiatrie")
			after, afterOK := data.Unknown, false
			if ps.genderBy != "salutation" && ps.genderBy != "list" && pi == len(p.persons)-1 {
				after, afterOK = lx.afterGender(d.Text, s.End)
			}
			for _, c := range units {
				if c.role != roleFirst || c.initialsOnly() {
					continue
				}
				if ps.genderBy == "salutation" || afterOK {
					g := ps.gender
					if ps.genderBy != "salutation" {
						g = after
					}
					if _, ok := di.ev.gender[c.key()]; !ok {
						di.ev.gender[c.key()] = g
					}
				}
				if surname != "" && len(c.parts) > 1 {
					di.compounds = append(di.compounds, famEntry{surname: surname,
						first: norm.FoldName(strings.TrimRight(c.text, "'’")), gender: ps.gender,
						sure: ps.genderBy == "salutation" || ps.genderBy == "list"})
				}
				if surname != "" {
					for _, pt := range c.parts {
						if pt.kind == pWord {
							di.family = append(di.family, famEntry{surname: surname,
								first: norm.FoldName(strings.TrimRight(pt.text, "'’")), gender: ps.gender,
								sure: ps.genderBy == "salutation" || ps.genderBy == "list"})
						}
					}
				}
			}
		}
	}
	return di
}

// addLong adds a name word of at least 4 letters.
func (di *docInfo) addLong(k string) {
	di.long[k] = struct{}{}
	i, found := slices.BinarySearch(di.longLens, len(k))
	if !found {
		di.longLens = slices.Insert(di.longLens, i, len(k))
	}
}

// excluded reports whether a candidate surrogate must not be used in this
// document: it is one of the document's name words or contains one of at
// least 4 letters (every substring of the candidate as long as such a
// word is looked up: at most len × distinct lengths lookups, whatever the
// number of words).
func (di *docInfo) excluded(cand string) bool {
	di.seenMu.Lock()
	ex, ok := di.seen[cand]
	di.seenMu.Unlock()
	if ok {
		return ex
	}
	ex = di.excludedWord(cand)
	di.seenMu.Lock()
	if di.seen == nil {
		di.seen = map[string]bool{}
	}
	di.seen[cand] = ex
	di.seenMu.Unlock()
	return ex
}

// excludedWord is excluded without the memo.
func (di *docInfo) excludedWord(cand string) bool {
	k := norm.FoldName(cand)
	if di.words[k] {
		return true
	}
	for _, n := range di.longLens {
		if n > len(k) {
			break
		}
		for i := 0; i+n <= len(k); i++ {
			if _, ok := di.long[k[i:i+n]]; ok {
				return true
			}
		}
	}
	return false
}
