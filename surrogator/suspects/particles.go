package suspects

import (
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- names with particles ----
//
// "Herr Dr. von der Heydt", "Frau K. v. d. Heydt", "v. d. Brelies",
// "Anna van Dijk": a particle and its article belong to the surname. A
// full particle ("von der") needs a person context before it (a
// salutation, a title, a role noun, an initial or a first name), as "von
// der Station" is no name; the abbreviated "v. d." does not.

var (
	// (not "zu", "zur", "vom", "da", "du": "Frau W. zur Kontrolle")
	particleWords = fieldSet(`von van ten ter de del della di dos le la`)
	// particleArticles may follow a particle ("von der", "van den",
	// "von und zu")
	particleArticles = fieldSet(`der den dem des de d und zu la le`)
)

func (r *run) particleNames() {
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		abbrev := t.s == "v" && t.dot
		if !abbrev && !(r.mayS(&particleGuard, t) && particleWords[t.s]) {
			continue
		}
		j := i + 1
		if j < len(toks) && r.near(&toks[j-1], &toks[j], false) && particleArticles[toks[j].s] &&
			(!abbrev || toks[j].dot) {
			j++
			if j < len(toks) && toks[j-1].s == "und" && toks[j].s == "zu" {
				j++
			}
		}
		if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) {
			continue
		}
		n := &toks[j]
		if !n.nameShaped() || n.medical() || n.cls&cCommon != 0 && n.cls&cSurname == 0 {
			continue
		}
		abbrev = abbrev && j > i+1 // "v. d. X"
		b, k, ok, strong := r.personBefore(i)
		// after initials or a first name alone, the surname must be a
		// listed one ("M. de Beauharnais" is not, "Frau M. de
		// Beauharnais" has a salutation)
		if ok && !strong && !n.isSurname() && !abbrev {
			ok = false
		}
		if !ok && !abbrev {
			continue
		}
		if !ok {
			b, k = t.b, kinds.NamePatient
		}
		prio := prioName
		if strong {
			prio = prioDate // "Frau v. Hagenow": a salutation's name, not the town
		}
		r.add(b, n.e, k, "particle", prio)
		i = j
	}
}

// personBefore looks before token i for a person context: initials and
// first names directly before it (which the name then starts with), after
// them or instead a salutation, a title or a role noun. It returns where
// the name starts, its kind, whether a context was found and whether it
// was a salutation, title or role (strong).
func (r *run) personBefore(i int) (int, kinds.Kind, bool, bool) {
	toks := r.tokens
	b := toks[i].b
	ok := false
	k := kinds.NamePatient
	j := i - 1
	for j >= 0 && r.near(&toks[j], &toks[j+1], false) && (toks[j].initial() || toks[j].isFirst() && toks[j].nameShaped()) {
		b = toks[j].b
		ok = true
		j--
	}
	if j < 0 || !r.near(&toks[j], &toks[j+1], false) {
		return b, k, ok, false
	}
	p := &toks[j]
	switch {
	case p.cls&cSalut != 0 || p.dot && p.cls&cSalutDot != 0:
		return b, k, true, true
	case p.cls&cTitleWord != 0 || p.cls&cTitleStart != 0:
		return b, kinds.NameDoctor, true, true
	case p.cls&cRole != 0:
		if rk, has := r.d.roles[p.f]; has {
			k = rk
		}
		return b, k, true, true
	case p.dot && p.cls&cRoleDot != 0:
		if rk, has := r.d.roleDot[p.f]; has {
			k = rk
		}
		return b, k, true, true
	}
	return b, k, ok, false
}
