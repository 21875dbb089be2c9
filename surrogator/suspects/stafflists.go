package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- staff lists ----
//
// Operation reports and rosters list the team after a function label, and
// one name often follows another: "OP-Pflege: Schedel, Ruf",
// "Anästhesie: Dr. Baumgartner / Lipinski, ITN", "Operateur: Hindelang".
// After a staff label and its colon, and after a doctor's name found on
// the same line, a capitalised word joined by ", ", " / " or " und "
// that is no common noun, eponym, role, title, known town or lexicon word
// of medicine is a further name of the list; a town of the gazetteer after
// a comma ("Dr. Marlene Quast, Kyritz") is the person's place instead.

// staffLabels are the folded function labels of an operation or visit
// team (the last part of a hyphenated label: "OP-Pflege").
var staffLabels = fieldSet(`operateur operateurin operateure assistenz assistent assistentin anaesthesie anaesthesist
	anaesthesistin anaesthesisten pflege instrumentation instrumentiert instrumentierende springer narkose
	kardiotechnik teilnehmer teilnehmende anwesend visite supervision`)

var staffJoins = []string{", ", " / ", "/", " und ", " u. "}

func (r *run) staffLists() {
	toks := r.tokens
	// names after a staff label
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		// the colon and the capital first: few tokens are followed by a
		// colon, and LastIndexAny costs more than both tests
		if t.e >= len(r.text) || r.text[t.e] != ':' || !t.is(shUpper) {
			continue
		}
		f := t.f
		if j := strings.LastIndexAny(f, "- "); j >= 0 {
			f = f[j+1:]
		}
		if !staffLabels[f] {
			continue
		}
		n := &toks[i+1]
		if n.line != t.line || r.title(i+1) > 0 || !r.listName(n) {
			continue
		}
		r.add(n.b, n.e, kinds.NameDoctor, "staff-label", prioWeak)
	}
	// further names of a list
	k := len(r.cands)
	for c := 0; c < k; c++ {
		cd := r.cands[c]
		if cd.Kind != kinds.NameDoctor {
			continue
		}
		e := cd.End
		for range 6 {
			p := -1
			for _, j := range staffJoins {
				if strings.HasPrefix(r.text[e:], j) {
					p = e + len(j)
					break
				}
			}
			if p < 0 {
				break
			}
			n := r.tokenAt(p)
			if n == nil || !r.listName(n) {
				break
			}
			// the list ends at the line's end, a comma, a slash or a parenthesis
			rest := strings.TrimLeft(r.text[n.e:], " ")
			if rest != "" && !strings.ContainsAny(rest[:1], "\n,/(;") {
				break
			}
			// "Dr. Marlene Quast, Kyritz": a town of the gazetteer after a
			// comma is the person's place, and ends the list
			if r.singleTown(n) {
				if strings.HasPrefix(r.text[e:], ",") {
					r.add(n.b, n.e, kinds.LocationCity, "name-town", prioWeak)
				}
				break
			}
			r.add(n.b, n.e, kinds.NameDoctor, "staff-list", prioWeak)
			e = n.e
		}
	}
}

// listName: a capitalised name-shaped word that is no lexicon word of
// another kind.
func (r *run) listName(n *token) bool {
	return n.nameShaped() && n.is(shUpper) && !n.is(shAllUpper) && !n.medical() &&
		n.cls&(cCommon|cRole|cRoleDot|cTitleStart|cSalut|cKnownCity|cMuniFirst|cFacility|cState|cUnit|cPhoneLabel) == 0 &&
		!monthWords[n.f] && r.occOf(n) == 0
}

// tokenAt returns the token starting at byte b, or nil.
func (r *run) tokenAt(b int) *token {
	toks := r.tokens
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if toks[m].b < b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(toks) && toks[lo].b == b {
		return &toks[lo]
	}
	return nil
}

// singleTown: the token is the whole name of a municipality of the
// gazetteer.
func (r *run) singleTown(n *token) bool {
	for _, e := range r.d.towns[n.f] {
		if len(e.words) == 1 {
			return true
		}
	}
	return false
}
