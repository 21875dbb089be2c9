package contact

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// personMark is a person of the document as a user name or dictation mark
// may spell it: the initials ("as" for Andreas Schulze) and the surname
// (compact, lower case), each with its surrogate.
type personMark struct {
	initials, subInitials string
	surname, subSurname   string
	doctor                bool
}

// persons returns the document's persons whose surname the scope has
// surrogated, doctors first and the last mentioned first (the signing
// doctor of a letter signs at its end), for dictation marks ("AS/kl")
// and user names ("ri", "schul").
func (lx *lexicon) persons() []personMark {
	if lx.marks != nil || lx.ctx.Doc == nil {
		return lx.marks
	}
	d := lx.ctx.Doc
	var docs, others []personMark
	for j := len(d.Spans) - 1; j >= 0; j-- {
		s := d.Spans[j]
		if !s.Kind.IsName() || s.Begin < 0 || s.End > len(d.Text) || s.Begin >= s.End {
			continue
		}
		var words []string
		for _, w := range strings.FieldsFunc(d.Text[s.Begin:s.End], func(c rune) bool {
			return unicode.IsSpace(c) || c == ',' || c == '-' || c == '/'
		}) {
			words = append(words, w)
		}
		// the surname: the last word the scope surrogated as one
		si := -1
		var sh hit
		for k := len(words) - 1; k >= 0; k-- {
			if h, ok := lx.sur[compact(words[k], false)]; ok && len(compact(words[k], false)) >= 2 {
				si, sh = k, h
				break
			}
		}
		if si < 0 {
			continue
		}
		m := personMark{surname: compact(words[si], false), subSurname: compact(sh.surrogate, false),
			doctor: s.Kind == kinds.NameDoctor}
		for _, w := range words[:si] {
			c := compact(w, false)
			switch {
			case c == "":
			case compact(lx.first[c].surrogate, false) != "":
				m.initials += c[:1]
				m.subInitials += compact(lx.first[c].surrogate, false)[:1]
			case len(c) == 1 && strings.HasSuffix(w, "."):
				m.initials += c
				m.subInitials += lx.initialFor(c)
			}
		}
		if m.initials == "" || m.subSurname == "" {
			if m.subSurname == "" {
				continue
			}
			m.initials, m.subInitials = "", ""
		} else {
			m.initials += m.surname[:1]
			m.subInitials += m.subSurname[:1]
		}
		if m.doctor {
			docs = append(docs, m)
		} else {
			others = append(others, m)
		}
	}
	lx.marks = append(docs, others...)
	if lx.marks == nil {
		lx.marks = []personMark{}
	}
	return lx.marks
}

// markOf returns the surrogate of a short letter token of a user name or
// dictation mark that spells a person of the document: the person's
// initials ("AS" → the surrogate's "BK") or the first letters of the
// surname ("Ri" of Richter → "Ko" of Kornmeier), in the token's case.
func (lx *lexicon) markOf(tok string) (string, bool) {
	c := compact(tok, false)
	n := utf8.RuneCountInString(tok)
	if n < 2 || n > 5 || len(c) != n {
		return "", false
	}
	for _, m := range lx.persons() {
		if m.initials != "" && m.initials == c && len(m.subInitials) == n {
			return caseLike(tok, m.subInitials), true
		}
	}
	for _, m := range lx.persons() {
		if len(m.surname) > n && strings.HasPrefix(m.surname, c) && len(m.subSurname) > n {
			return caseLike(tok, m.subSurname[:n]), true
		}
	}
	return "", false
}

// caseLike writes s (ASCII lower case, as long as tok) with the case of
// tok position by position.
func caseLike(tok, s string) string {
	o, w := []rune(tok), []rune(s)
	if len(o) != len(w) {
		return applyStyle(tok, s)
	}
	for i := range o {
		if unicode.IsUpper(o[i]) {
			w[i] = unicode.ToUpper(w[i])
		}
	}
	return string(w)
}

// markPersons turns the short letter tokens of a user name or dictation
// mark that spell a person of the document into that person's surrogate
// initials or surname letters (markOf); other parts are left as planned.
func markPersons(p plan, lx *lexicon) {
	for i, pt := range p {
		if pt.kind != pWord {
			continue
		}
		if v, ok := lx.markOf(pt.text); ok && v != pt.text {
			p[i] = part{kind: pFixed, text: pt.text, fixed: v, name: true}
		}
	}
}

// personInitial returns the surrogate first-name initial of the document's
// person with surname sur (compact) and first-name initial a, so that
// "lschneider08" follows "Lena Schneider" → "Anna Koch" ("akoch08").
func (lx *lexicon) personInitial(a, sur string) (string, bool) {
	for _, m := range lx.persons() {
		if m.surname == sur && m.initials != "" && m.initials[:1] == a {
			return m.subInitials[:1], true
		}
	}
	return "", false
}
