package contact

import (
	"math/rand"
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
	// first, subFirst: the first given name (or its abbreviation, "chr")
	// and the surrogate's, compact, when the span's surrogate is planned
	first, subFirst string
	doctor          bool
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
			return unicode.IsSpace(c) || c == ',' || c == '/'
		}) {
			// a double surname's last part is the surname's
			// ("Brückner-Lenz"); a compound first name stays whole
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
		if si > 0 && lx.ctx.State != nil {
			if sub, ok := lx.ctx.State.Planned(j); ok {
				if sw := strings.Fields(sub); len(sw) == len(words) {
					m.first, m.subFirst = compact(words[0], false), compact(sw[0], false)
				}
			}
		}
		for _, w := range words[:si] {
			o, sub := lx.firstInitials(w)
			m.initials += o
			m.subInitials += sub
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
		} else if v, ok := lx.compoundMark(pt.text); ok && v != pt.text {
			p[i] = part{kind: pFixed, text: pt.text, fixed: v, name: true}
		} else if n := utf8.RuneCountInString(pt.text); n <= 3 && len(pt.text) == n {
			// the typist's "kl": initials as people have them
			p[i] = part{kind: pInitials, text: pt.text}
		}
	}
}

// initialLetters weights the letters by how often German names start
// with them (the classes of the names generators' initial mapping: S, B,
// K, M, H most, Q, X, Y least).
const initialLetters = "SSSSSSBBBBBKKKKKMMMMMHHHHHWWWWGGGGRRRRFFFFLLLLPPPAAADDDEEETTTNNZZJJCCUUOVIY"

// initialsLike replaces each letter of a short token by a letter drawn by
// German initial frequency, in the token's case.
func initialsLike(tok string, r *rand.Rand) string {
	var b strings.Builder
	for _, c := range tok {
		if !unicode.IsLetter(c) {
			b.WriteRune(c)
			continue
		}
		l := rune(initialLetters[r.Intn(len(initialLetters))])
		if unicode.IsLower(c) {
			l = unicode.ToLower(l)
		}
		b.WriteRune(l)
	}
	return b.String()
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

// nsAbbrev is the names generators' namespace of abbreviated first names
// and compound initials (names.NSAbbrev; its compound keys are
// "<gender>|compound|KH" with values "HP|Hans-Peter").
const nsAbbrev = "firstname-abbrev"

// firstInitials returns the initials of one first-name word of a name
// span and of its surrogate: "Andreas" → "a" and the surrogate's initial,
// "Georg-Friedrich" → "gf" and the surrogate compound's ("Jan-Ole" →
// "jo"), "K.-H." → "kh" and the surrogate compound initials, "H." → "h"
// and the scope's initial; "", "" for a word that is none of these.
func (lx *lexicon) firstInitials(w string) (orig, sub string) {
	initialsOf := func(s string) string {
		var b strings.Builder
		for _, p := range strings.FieldsFunc(s, func(c rune) bool { return c == '-' || c == '.' || unicode.IsSpace(c) }) {
			if c := compact(p, false); c != "" {
				b.WriteByte(c[0])
			}
		}
		return b.String()
	}
	c := compact(w, false)
	switch {
	case c == "":
		return "", ""
	case lx.first[c].surrogate != "":
		o, s := initialsOf(w), initialsOf(lx.first[c].surrogate)
		if len(o) == len(s) && s != "" {
			return o, s
		}
	}
	parts := strings.FieldsFunc(w, func(c rune) bool { return c == '-' })
	if len(parts) > 1 {
		o := initialsOf(w)
		if len(o) == len(parts) && len(c) == len(parts) { // "K.-H."
			for _, g := range []string{"male", "female", "unknown"} {
				if v, ok := lx.ctx.Scope.Peek(nsAbbrev, g+"|compound|"+strings.ToUpper(o)); ok {
					if s, _, ok := strings.Cut(v, "|"); ok && len(s) == len(o) {
						return o, strings.ToLower(s)
					}
				}
			}
		}
		var os, ss strings.Builder
		for _, p := range parts {
			po, ps := lx.firstInitials(p)
			if po == "" {
				return "", ""
			}
			os.WriteString(po)
			ss.WriteString(ps)
		}
		return os.String(), ss.String()
	}
	if len(c) == 1 && strings.HasSuffix(w, ".") {
		return c, lx.initialFor(c)
	}
	return "", ""
}

// compoundMark returns the surrogate of a user name that joins the
// beginnings of a person's surname and first name ("wienoch" of Chr.
// Wienold → "fendjo" of Jos. Fendt; "chwienol"), each part as long as the
// original's (the surrogate's part shorter when its name is).
func (lx *lexicon) compoundMark(tok string) (string, bool) {
	c := compact(tok, false)
	if len(c) < 4 || len(c) != utf8.RuneCountInString(tok) {
		return "", false
	}
	cut := func(s string, n int) string { return s[:min(n, len(s))] }
	for _, m := range lx.persons() {
		if m.first == "" || m.subFirst == "" || len(m.surname) < 4 {
			continue
		}
		// surname first: "wieno" + "ch"
		for k := min(len(m.surname), len(c)-1); k >= 3; k-- {
			if rest := c[k:]; strings.HasPrefix(c, m.surname[:k]) && strings.HasPrefix(m.first, rest) {
				return caseLike(tok, cut(m.subSurname, k)+cut(m.subFirst, len(rest))), true
			}
		}
		// first name first: "ch" + "wienol"
		for n := 1; n < len(c)-2 && n <= len(m.first); n++ {
			if rest := c[n:]; strings.HasPrefix(c, m.first[:n]) && len(rest) >= 3 && strings.HasPrefix(m.surname, rest) {
				return caseLike(tok, cut(m.subFirst, n)+cut(m.subSurname, len(rest))), true
			}
		}
	}
	return "", false
}
