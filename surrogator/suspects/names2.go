package suspects

import (
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- more person names ----
//
// First-name abbreviations of several letters ("Ph. Vogelsang", "Chr.
// Weber") and compound initials ("K.-H. Stadlbauer", "H.-J. Oltmanns");
// a first name joined to a named person ("Uwe und Kerstin Hoffmann",
// "Drs. med. Petra und Stefan Ullrich"); user names and dictation marks
// on the last lines of a letter ("ros/eb", "ol.hj", "EiT").

// firstAbbrevs are German first-name abbreviations of several letters.
var firstAbbrevs = fieldSet(`Th Chr Ph Fr Fr Joh Wilh Ant Ed Gg Hch Heinr Jos Mich Alex Kath Marg Elis Ma Chr Fried Frdr Gust
	Herm Ludw Rud Walt Wolfg Hans Jak Jul Konr Leop Aug Karl Em Ern Hel Ursch Sig`)

func (r *run) moreNames() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		// compound initials and abbreviations before a surname
		if t.dot && (t.initial() || r.mayS(&firstAbbrevGuard, t) && firstAbbrevs[t.s]) {
			j := i + 1
			// "K.-H.": the second part after ".-"
			if strings.HasPrefix(r.text[t.e:], ".-") && toks[j].b == t.e+2 && toks[j].dot && (toks[j].initial() || firstAbbrevs[toks[j].s]) {
				j++
			}
			if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) && !(j > i+1 && toks[j].b-toks[j-1].e <= 3) {
				continue
			}
			n := &toks[j]
			if !n.nameShaped() || n.medical() || n.cls&cCommon != 0 && n.cls&cSurname == 0 {
				continue
			}
			if j == i+1 && !firstAbbrevs[t.s] {
				continue // a single initial: the initial+surname rule
			}
			b, k, _, _ := r.personBefore(i)
			r.add(b, n.e, k, "abbreviation+surname", prioName)
			r.titleBefore(i)
			i = j
			continue
		}
		// "Uwe und Kerstin Hoffmann"
		if t.isFirst() && t.nameShaped() && i+3 < len(toks) && toks[i+1].s == "und" && toks[i+2].isFirst() &&
			r.near(t, &toks[i+1], false) && r.near(&toks[i+1], &toks[i+2], false) && r.near(&toks[i+2], &toks[i+3], false) &&
			toks[i+3].nameShaped() && !toks[i+3].medical() && toks[i+3].cls&cCommon == 0 {
			_, k, _, _ := r.personBefore(i)
			r.add(t.b, t.e, k, "first-and-name", prioName)
			r.add(toks[i+2].b, toks[i+3].e, k, "first-and-name", prioName)
			i += 3
		}
	}
	// a title after a name: "Miriam Tannert, M.Sc."
	for k := 2; k < len(toks); k++ {
		if te := r.title(k); te > 0 && strings.TrimSpace(r.text[toks[k-1].e:toks[k].b]) == "," && toks[k-1].nameShaped() &&
			toks[k-2].nameShaped() && r.near(&toks[k-2], &toks[k-1], false) {
			r.add(toks[k].b, te, kinds.NameTitle, "title-after-name", prioName)
		}
	}
	r.closingMarks()
}

// titleBefore flags the title that ends right before token i ("Priv.-Doz.
// Dr. med. H.-J. Oltmanns"), when the name rules did not.
func (r *run) titleBefore(i int) {
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		if te := r.title(k); te > 0 {
			if gap := r.text[te:r.tokens[i].b]; strings.TrimSpace(gap) == "" {
				r.add(r.tokens[k].b, te, kinds.NameTitle, "title", prioName)
			}
			return
		}
	}
}

// closingMarks flags the user names and dictation marks of the last lines
// of a letter: a short line of one or two mark-shaped words ("ros/eb",
// "roloff_f / ka", "ol.hj", "EiT", "fr") below the last line that holds a
// name or a role.
func (r *run) closingMarks() {
	n := 0
	for li := len(r.lines) - 1; li >= 0 && n < 4; li-- {
		ln := r.lines[li]
		s := strings.TrimSpace(r.text[ln.b:ln.e])
		if s == "" {
			continue
		}
		n++
		if len(s) > 24 || strings.ContainsAny(s, "@:,;") {
			continue
		}
		parts := strings.FieldsFunc(s, func(c rune) bool { return c == ' ' || c == '\t' })
		var marks []string
		for _, p := range parts {
			if p == "/" {
				continue
			}
			marks = append(marks, p)
		}
		if len(marks) == 0 || len(marks) > 2 {
			continue
		}
		ok := true
		for _, m := range marks {
			if !markShaped(m) || r.d.foldIs(m, cCommon|cMedical|cFirst|cSurname|cRole) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		off := ln.b + strings.Index(r.text[ln.b:ln.e], s)
		for _, m := range marks {
			k := strings.Index(r.text[off:ln.e], m)
			if k < 0 {
				break
			}
			r.add(off+k, off+k+len(m), kinds.NameUsername, "closing-mark", prioExact)
			off += k + len(m)
		}
	}
}

// markShaped: a dictation mark or login: 2–12 letters (and digits, . _ /),
// with a lower-case letter, not a plain capitalised word.
func markShaped(m string) bool {
	if len([]rune(m)) < 2 || len([]rune(m)) > 14 {
		return false
	}
	lower, upper, sep := 0, 0, 0
	for i, c := range m {
		switch {
		case unicode.IsLower(c):
			lower++
		case unicode.IsUpper(c):
			upper++
			if i > 0 && !strings.ContainsRune("/._", rune(m[i-1])) && lower > 0 {
				sep++ // "EiT": an inner capital
			}
		case c == '/' || c == '.' || c == '_' || unicode.IsDigit(c):
			sep++
		default:
			return false
		}
	}
	if lower == 0 {
		return false
	}
	// a capitalised word with nothing else ("Oberarzt") is no mark
	return sep > 0 || upper == 0
}
