package suspects

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- user names and dictation marks ----
//
// The GeMTeX guideline annotates user names, secretaries' marks and login
// names as NAME_USERNAME ("Unser Zeichen: a.jd", "lohrc"). A user name
// follows a label; a dictation mark ("AS/kl", "Ri/kl") stands alone at the
// end of a line, or after "Diktat", "diktiert" or "Zeichen".

// userLabels introduce a user name (folded).
var userLabels = fieldSet(`benutzer benutzername benutzerkennung benutzerkonto login kennung nutzer nutzerkennung
	nutzername user username account kürzel kuerzel zeichen diktatzeichen`)

// markLabels introduce a dictation mark (folded).
var markLabels = fieldSet(`diktat diktiert diktiert: zeichen diktatzeichen schreibkraft geschrieben`)

func (r *run) usernames() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if !(r.mayF(&userLabelGuard, t) && userLabels[t.f]) {
			continue
		}
		// the value after the label, its colon and blanks
		p := t.e
		for p < len(r.text) && (r.text[p] == ':' || r.text[p] == ' ' || r.text[p] == '\t' || r.text[p] == '"') {
			p++
		}
		p += len(openingQuote(r.text[p:])) // Nutzername „khang_vs2010“
		if p == t.e || p >= len(r.text) {
			continue
		}
		e := p
		for e < len(r.text) {
			c, n := utf8.DecodeRuneInString(r.text[e:])
			if !(c < utf8.RuneSelf && (unicode.IsLetter(c) || unicode.IsDigit(c) || c == '.' || c == '_' || c == '-' || c == '/')) {
				break
			}
			e += n
		}
		for e > p && (r.text[e-1] == '.' || r.text[e-1] == '-') {
			e--
		}
		v := r.text[p:e]
		if len(v) < 2 || len(v) > 30 || !userShaped(v) {
			continue
		}
		r.add(p, e, kinds.NameUsername, "username", prioExact)
	}
	// dictation marks
	for _, ln := range r.lines {
		r.dictationMark(ln.b, ln.e)
	}
	if n := len(r.lines); n == 0 || r.lines[n-1].e < len(r.text) {
		b := 0
		if n > 0 {
			b = r.lines[n-1].e + 1
		}
		r.dictationMark(b, len(r.text))
	}
}

// userShaped: a login-like word: lower-case letters, digits and . _ - /,
// with a letter, not a plain lower-case German word of the lexicon.
func userShaped(v string) bool {
	letter, upper := false, 0
	for _, c := range v {
		switch {
		case c >= 'a' && c <= 'z':
			letter = true
		case c >= 'A' && c <= 'Z':
			letter = true
			upper++
		}
	}
	return letter && upper < len(v)
}

// dictationMark flags a mark "AS/kl" in the line [b, e): the line's last
// word, with the line short or a mark label before it.
func (r *run) dictationMark(b, e int) {
	if b >= e || e > len(r.text) {
		return
	}
	line := strings.TrimRight(r.text[b:e], " \t\r")
	s := strings.LastIndexAny(line, " \t:")
	word := line[s+1:]
	i := strings.IndexByte(word, '/')
	if i < 1 || i > 3 || len(word)-i-1 < 1 || len(word)-i-1 > 3 {
		return
	}
	left, right := word[:i], word[i+1:]
	if !isUpperASCII(left[0]) || !allLetters(left) || !allLower(right) {
		return
	}
	before := strings.ToLower(strings.TrimSpace(line[:s+1]))
	labelled := false
	for l := range markLabels {
		if strings.Contains(before, l) {
			labelled = true
			break
		}
	}
	if !labelled && len(strings.TrimSpace(before)) > 0 {
		return
	}
	wb := b + s + 1
	r.add(wb, wb+len(word), kinds.NameUsername, "dictation-mark", prioExact)
}

func isUpperASCII(c byte) bool { return c >= 'A' && c <= 'Z' }

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
			return false
		}
	}
	return true
}

func allLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
