package suspects

import (
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- hand and dictation marks after their labels ----
//
// "Diktat: kay/na", "Schreibkraft: mbu / 12.03.2024", "Zuschnitt: MSI ·
// MTL: kbr", "Handzeichen: MHi", "Technisch freigegeben: MTL-JKo",
// "Brief- und Befundschreibung: oca/hb", "KE/adt · Schreibdienst",
// "cfoe/16.05.24": a secretary's, technician's or doctor's mark is a
// user name (NAME_USERNAME). After a mark label and its colon a short
// code counts: two to eight letters (with "/", "-" or "_" between
// groups), not a word of the lexicon, not a title or salutation; without
// a label a code of the dictation shape ("KE/adt", "kay/na") counts on a
// short line (at most four words), and a lower-case code before "/" and
// a date ("cfoe/16.05.24") at a line's end.

// markLabelWords end a mark's label (folded; the word before the colon).
var markLabelWords = fieldSet(`diktat diktiert schreibkraft geschrieben schreibdienst briefschreibung befundschreibung
	handzeichen zuschnitt mtl mta mtra mtla freigegeben kuerzel kürzel zeichen diktatzeichen schreibzeichen sekretariat
	vidiert signiert erstellt befundet validiert`)

// markCode: s is a mark's code: 2–12 bytes of ASCII letters in one to
// three groups joined by "/", "-" or "_", each group 1–5 letters, not all
// of it one capitalised word ("Frau", "Dr").
func markCode(s string) bool {
	if len(s) < 2 || len(s) > 12 {
		return false
	}
	groups, n := 1, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			n++
			if n > 5 {
				return false
			}
		case (c == '/' || c == '-' || c == '_') && n > 0 && i+1 < len(s):
			groups++
			n = 0
		default:
			return false
		}
	}
	if groups > 3 {
		return false
	}
	// "Frau", "Herr", "Dr": a capitalised word of letters only is no code
	if groups == 1 && s[0] >= 'A' && s[0] <= 'Z' && allLower(s[1:]) {
		return false
	}
	return true
}

// dictationShape: "KE/adt", "kay/na", "Ri/kl": letters, a slash, 2–3
// lower-case letters.
func dictationShape(s string) bool {
	i := strings.IndexByte(s, '/')
	if i < 1 || i > 4 || len(s)-i-1 < 2 || len(s)-i-1 > 3 {
		return false
	}
	return allLetters(s[:i]) && allLower(s[i+1:])
}

func (r *run) marks() {
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		// the code right after "LABEL:"
		if t.e < len(r.text) && r.text[t.e] == ':' && markLabelWords[t.f] {
			p := t.e + 1
			for p < len(r.text) && (r.text[p] == ' ' || r.text[p] == '\t') {
				p++
			}
			e := p
			for e < len(r.text) && (isASCIILetter(r.text[e]) || r.text[e] == '/' || r.text[e] == '-' || r.text[e] == '_') {
				e++
			}
			for e > p && strings.ContainsRune("/-_", rune(r.text[e-1])) {
				e--
			}
			v := r.text[p:e]
			// a word, a title, a name: not a code ("Diktat: Dr. Brandes")
			if e < len(r.text) && (r.text[e] == '.' && e+1 < len(r.text) && r.text[e+1] == ' ' && !strings.Contains(v, "/")) {
				continue
			}
			if next, _ := utf8.DecodeRuneInString(r.text[e:]); e < len(r.text) && next >= utf8.RuneSelf && next != '·' && next != '\u00a0' {
				continue // "Diktat: Kühnel": a non-ASCII letter goes on
			}
			if markCode(v) && !markStop[strings.ToLower(v)] && !r.markWord(p, e) {
				r.add(p, e, kinds.NameUsername, "mark-label", prioExact)
			}
			continue
		}
	}
	// a dictation-shaped code on a short line, a code before "/date"
	for _, ln := range r.lines {
		if strings.IndexByte(r.text[ln.b:ln.e], '/') < 0 {
			continue
		}
		if ln.last-ln.first > 8 {
			// only a code before "/date" at the line's end ("…; cfoe/16.05.24")
			line := strings.TrimRight(r.text[ln.b:ln.e], " \t\r")
			f := line[strings.LastIndexAny(line, " ;,·|")+1:]
			off := ln.b + len(line) - len(f)
			if code, date, ok := strings.Cut(f, "/"); ok && len(code) >= 2 && len(code) <= 6 && allLower(code) && len(date) >= 6 &&
				date[0] >= '0' && date[0] <= '9' && !r.markWord(off, off+len(code)) {
				r.add(off, off+len(code), kinds.NameUsername, "mark-shape", prioExact)
			}
			continue
		}
		words := 0
		for k := ln.first; k < ln.last; k++ {
			if toks[k].is(shUpper) && toks[k].runes > 3 {
				words++
			}
		}
		for _, f := range strings.FieldsFunc(r.text[ln.b:ln.e], func(c rune) bool { return c == ' ' || c == '\t' || c == '·' || c == ',' || c == '|' }) {
			off := strings.Index(r.text[ln.b:ln.e], f) + ln.b
			switch {
			case dictationShape(f) && words <= 4:
				r.add(off, off+len(f), kinds.NameUsername, "mark-shape", prioExact)
			case strings.Count(f, "/") == 1 && len(f) > 9:
				// "cfoe/16.05.24"
				code, date, _ := strings.Cut(f, "/")
				if len(code) >= 2 && len(code) <= 6 && allLower(code) && len(date) >= 6 && date[0] >= '0' && date[0] <= '9' && !r.markWord(off, off+len(code)) {
					r.add(off, off+len(code), kinds.NameUsername, "mark-shape", prioExact)
				}
			}
		}
	}
}

// markWord: text[b:e] is a word of the lexicon or a listed name.
func (r *run) markWord(b, e int) bool {
	k := tokenAt(r.tokens, b)
	if k >= len(r.tokens) {
		return false
	}
	t := &r.tokens[k]
	if t.b != b || t.e != e {
		return false // a code of several tokens ("kay/na")
	}
	return t.cls&(cCommon|cMedical|cFirst|cSurname|cSalut|cTitleStart|cTitleWord|cRole|cKnownCity|cUnit) != 0
}

// markStop are short words a label may be followed by.
var markStop = fieldSet(`ja nein und oder am im von vom bei beim gez ok am an der die das den dem ist sind nicht am
	mit ohne per via keine kein durch`)

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// openingQuote returns the German or English opening quote s starts with.
func openingQuote(s string) string {
	for _, q := range []string{"„", "“", "‚", "»", "«"} {
		if strings.HasPrefix(s, q) {
			return q
		}
	}
	return ""
}
