package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- names listed after a name ----
//
// "Dr. med. Dirk Hoberg · Mirjam Schneider-Irle", "Prof. Dr. Ruland,
// Jana Kühl", "Frau Albers / Sabine Ortmann": in letterheads, signature
// blocks and lists a name follows a found name after a separator ("·",
// "|", "/", "," or "und"). One to three capitalised name-shaped words
// there, one of which (or a part of a double name) is a listed first name
// or surname, and which end at the line's end or at the next separator,
// name a person of the same kind.

func (r *run) nameLists() {
	toks := r.tokens
	n := len(r.cands)
	for ci := 0; ci < n; ci++ {
		c := r.cands[ci]
		if c.prio < prioName || c.Kind == kinds.NameTitle || c.Kind == kinds.NameUsername || !strings.HasPrefix(string(c.Kind), "NAME_") {
			continue
		}
		k := tokenAt(toks, c.End)
		for k < len(toks) && toks[k].b < c.End {
			k++ // a candidate ending inside a token
		}
		if k >= len(toks) || k == 0 {
			continue
		}
		gap := r.text[c.End:toks[k].b]
		if strings.ContainsAny(gap, "\n") {
			continue
		}
		switch strings.TrimSpace(gap) {
		case "·", "|", "/", "•":
		default:
			continue
		}
		// the name words
		j := k
		listed := false
		for j < len(toks) && j < k+3 {
			t := &toks[j]
			if j > k && !r.near(&toks[j-1], t, false) {
				break
			}
			if !t.nameShaped() || t.medical() || t.cls&(cCommon|cRole|cRoleDot|cSalut|cTitleStart|cTitleWord|cKnownCity|cState|cFacility|cFacility2) != 0 ||
				r.occOf(t) != 0 || nounEnding(t.f) {
				break
			}
			if t.any&(cFirst|cSurname) != 0 {
				listed = true
			}
			j++
		}
		if j == k || j-k < 2 && !toks[k].is(shJoined) || !listed {
			continue
		}
		// the list goes on or the line ends
		rest := strings.TrimLeft(r.text[toks[j-1].e:], " \t")
		if rest != "" && !strings.ContainsAny(rest[:1], "\n·|/,(") && !strings.HasPrefix(rest, "•") {
			continue
		}
		r.add(toks[k].b, toks[j-1].e, c.Kind, "name-list", prioWeak)
	}
}
