package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- later mentions of a name found in the same letter ----
//
// A letter names its patient, relatives and doctors once with a cue
// ("Frau Beate Albers", "Die Tochter Marta", "Dr. Kaplan") and then
// often without one: "Albers' Angaben zufolge", "Laut Albers", "Leonie
// lebt bei der Mutter", "Kaplan berichtet", "Herrn Kaplans Ehefrau". The
// words of the names the rules found (first names and surnames of three
// letters or more, no common, clinical, role or title word, no particle)
// are flagged wherever else they stand capitalised, bare or in the
// genitive (-s, apostrophe). An echo is a weak suspect: any other rule's
// reading of the same words wins.

// echoSkipRules found names not sure enough to be repeated.
func echoSkipRule(rule string) bool {
	switch rule {
	case "repeat", "reported-on", "title-after-name", "echo":
		return true
	}
	return false
}

// echoSureRule: rules whose names are repeated even when their words are
// in no name list.
func echoSureRule(rule string) bool {
	switch rule {
	case "salutation", "salutation+title", "name-field", "surname,first", "born", "particle", "first+surname", "kin-list":
		return true
	}
	return false
}

// echoKind: the name kinds whose words are repeated.
func echoKind(k kinds.Kind) bool {
	switch k {
	case kinds.NamePatient, kinds.NameRelative, kinds.NameDoctor, kinds.NameExt:
		return true
	}
	return false
}

// echoWord: a token of a found name that may be looked for elsewhere.
func echoWord(t *token) bool {
	return t.is(shUpper) && t.is(shLetters) && t.runes >= 3 && !t.dot &&
		t.cls&(cCommon|cMedical|cRole|cRoleDot|cSalut|cTitleStart|cTitleWord|cState|cPhoneLabel) == 0 &&
		!echoParticles[t.f]
}

// echoParticles are name particles, never repeated alone.
var echoParticles = fieldSet(`von van vom zu zum zur der den de del della di da dos das du la le ten ter al el`)

func (r *run) nameEchoes() {
	toks := r.tokens
	// the folded name words found (substrings of the tokens' folds) and
	// the kind of the name each came from
	var wbuf [32]string
	var kbuf [32]kinds.Kind
	words, wkinds := wbuf[:0], kbuf[:0]
	addWord := func(f string, k kinds.Kind) {
		if len(words) == cap(words) || len(f) < 3 {
			return
		}
		for _, w := range words {
			if w == f {
				return
			}
		}
		words, wkinds = append(words, f), append(wkinds, k)
	}
	for ci := range r.cands {
		c := &r.cands[ci]
		if c.prio < prioWeak || !echoKind(c.Kind) || echoSkipRule(c.Rule) {
			continue
		}
		for k := tokenAt(toks, c.Begin); k < len(toks) && toks[k].b < c.End; k++ {
			t := &toks[k]
			if !echoWord(t) {
				continue
			}
			// a word in no name list only from a name the rules are
			// sure of ("Oberarzt Geriatrie", "Dipl.-Soz.-Päd. Soziale
			// Arbeit", "Sozialdienst" of a staff list are none)
			if t.cls&(cFirst|cSurname) == 0 && !echoSureRule(c.Rule) {
				continue
			}
			// a doctor is named again by surname, not by first name
			// ("Dr. Horst Kühn" … "Gelsenkirchen-Horst")
			if c.Kind == kinds.NameDoctor && t.cls&cFirst != 0 && t.cls&cSurname == 0 {
				continue
			}
			addWord(t.f, c.Kind)
			// "Leonie-Sophie": each part of a double first name
			if t.is(shJoined) && t.all&cFirst != 0 {
				for _, p := range strings.Fields(t.f) {
					addWord(p, c.Kind)
				}
			}
		}
	}
	if len(words) == 0 {
		return
	}
	// the first bytes of the words: a token starting otherwise is none
	var firsts [4]uint64
	for _, f := range words {
		firsts[f[0]/64] |= 1 << (f[0] % 64)
	}
	for i := range toks {
		t := &toks[i]
		if !t.is(shUpper) || t.runes < 3 || firsts[t.f[0]/64]&(1<<(t.f[0]%64)) == 0 {
			continue
		}
		for n, f := range words {
			if t.f[0] != f[0] || !(t.f == f || len(t.f) == len(f)+1 && t.f[len(f)] == 's' && f[len(f)-1] != 's' && t.f[:len(f)] == f) {
				continue
			}
			if r.echoInPlace(i) {
				break
			}
			r.add(t.b, t.e, wkinds[n], "echo", prioWeak)
			break
		}
	}
}

// tokenAt returns the index of the first token ending after b.
func tokenAt(toks []token, b int) int {
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if toks[m].e <= b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// echoBefore are words before a name that make it a place's or
// facility's ("St. Anna", "Pizzeria Da Marco", "Haus Anna").
var echoBefore = fieldSet(`St Sankt Da Di Villa Haus Hotel Pension Café Cafe Restaurant Pizzeria`)

// echoInPlace: token i is part of a facility's or place's name: after
// echoBefore or before a facility head ("Anna Hospital").
func (r *run) echoInPlace(i int) bool {
	toks := r.tokens
	if i > 0 && echoBefore[toks[i-1].s] && r.near(&toks[i-1], &toks[i], false) {
		return true
	}
	return i+1 < len(toks) && r.near(&toks[i], &toks[i+1], false) && toks[i+1].is(shUpper) && facilityHeadKind(toks[i+1].f) != ""
}

// sentenceEnd: t is followed by a dot that ends a sentence: a word of four
// letters or more that is no title, salutation or role abbreviation
// ("Dres.", "Prof.", "Pat.", "Str.").
func sentenceEnd(t *token) bool {
	return t.dot && t.runes > 3 && t.cls&(cTitleStart|cTitleWord|cSalutDot|cRoleDot) == 0 && !abbrevWords[t.f]
}

// abbrevWords are abbreviations of four letters or more written with a dot.
var abbrevWords = fieldSet(`dres str strasse evang kath dipl prof univ priv abt allg chir stud verw verw bzgl insb
	gegr hrsg jahrg medd sozialpaed soz`)
