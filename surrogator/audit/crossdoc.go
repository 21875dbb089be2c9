package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OtherDocuments filters the hits of a project matcher in the public text
// of one document (text) down to those that are leaks: every occurrence of
// one of the document's own originals (own matches it) counts, and so does
// every occurrence of another document's original, except one that is
// plainly not PII here — a single word or a short code of another letter
// that this letter uses as an ordinary word:
//
//   - a word of letters (Sommer, Hof, Lage, Essen) after an article, a
//     determiner or a contraction, directly or with one lower-case
//     adjective between ("im Sommer", "in der Lage", "auf den gepflasterten
//     Hof"), or before a year ("seit Sommer 2023", "(Sommer 2023)"), or written lower-case after a lower-case word ("ist offen");
//   - a number of four or five digits that opens a phone number, another
//     digit group following ("04105 17 84-0", "(04103) 3 86 22"): an
//     area code, not the postcode or ID of the other letter;
//   - a short code of at most four letters and digits with a digit (a
//     station "G3", a room "412", "4B") that does not stand after an ID
//     label (Station, Zimmer, Zi., Bett, Nr., Haus …): "G3" as a tumour
//     grade, "412 ng/l".
//
// A title, a salutation or a postcode in front of the word ("Dr. Sommer",
// "Herrn Richter", "Frau Lage", "95028 Hof") makes it count whatever else
// stands there: an original of another letter in a name or place position
// stays a leak (SPEC §5). So does any hit that overlaps a surrogate the
// run drew (drawn: the byte ranges of the replaced spans in text): the
// relaxation covers the letter's own words as written, never a generated
// surrogate that spells another letter's original ("beim Quastenmeyer").
// hits is filtered in place.
func OtherDocuments(text string, hits []Hit, own *Matcher, drawn [][2]int) []Hit {
	return slices.DeleteFunc(hits, func(h Hit) bool {
		if h.Begin < 0 || h.End > len(text) || h.Begin >= h.End {
			return false
		}
		if slices.ContainsFunc(drawn, func(r [2]int) bool { return r[0] < h.End && h.Begin < r[1] }) {
			return false
		}
		w := text[h.Begin:h.End]
		if own.Contains(w) {
			return false
		}
		return ordinaryUse(text, h.Begin, h.End)
	})
}

// ordinaryUse reports whether the occurrence text[b:e] of another
// document's original is used as an ordinary word or code (OtherDocuments).
func ordinaryUse(text string, b, e int) bool {
	w := text[b:e]
	prev, pb := wordBefore(text, b)
	if piiCue[fold(prev)] || isPostcode(prev) {
		return false
	}
	switch {
	case isWord(w):
		if determiner[fold(prev)] {
			return true
		}
		if isYear(wordAfter(text, e)) {
			return true
		}
		if isLowerWord(prev) {
			if p2, _ := wordBefore(text, pb); determiner[fold(p2)] && adjectiveEnding(prev) {
				return true
			}
			if r, _ := utf8.DecodeRuneInString(w); unicode.IsLower(r) {
				return true
			}
		}
	case isShortCode(w):
		return !idLabel[fold(prev)]
	case isPostcode(w):
		return !idLabel[fold(prev)] && digitGroupAfter(text, e)
	}
	return false
}

// wordBefore returns the word of letters and digits before byte offset i,
// skipping blanks and full stops ("Dr. Sommer", "Zi. 412"), and its
// start; "" when another character comes first (a clause boundary).
func wordBefore(text string, i int) (string, int) {
	j := i
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:j])
		if r == '.' || unicode.IsSpace(r) {
			j -= n
			continue
		}
		break
	}
	end := j
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:j])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		j -= n
	}
	return text[j:end], j
}

// wordAfter returns the word of letters and digits after blanks from byte
// offset i.
func wordAfter(text string, i int) string {
	rest := strings.TrimLeftFunc(text[i:], unicode.IsSpace)
	end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if end < 0 {
		end = len(rest)
	}
	return rest[:end]
}

// isWord: only letters, at least three.
func isWord(w string) bool {
	return utf8.RuneCountInString(w) >= 3 && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// isLowerWord: a word of letters starting lower-case.
func isLowerWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return w != "" && unicode.IsLower(r) && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// adjectiveEnding: an inflected German adjective (gepflasterten, kleinen).
func adjectiveEnding(w string) bool {
	for _, s := range []string{"e", "en", "em", "er", "es"} {
		if strings.HasSuffix(w, s) && len(w) > len(s)+2 {
			return true
		}
	}
	return false
}

// isYear: 1900–2099.
func isYear(w string) bool {
	return len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && strings.Trim(w, "0123456789") == ""
}

// isPostcode: four or five digits.
func isPostcode(w string) bool {
	return (len(w) == 4 || len(w) == 5) && strings.Trim(w, "0123456789") == ""
}

// isShortCode: one token or two joined by one run of other characters
// ("G3", "412", "3.2", "3. 2"), at most four letters and digits, at least
// one digit.
func isShortCode(w string) bool {
	alnum, digit, seps, inSep := 0, false, 0, false
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			digit = true
			alnum++
			inSep = false
		case unicode.IsLetter(r):
			alnum++
			inSep = false
		case !inSep:
			seps++
			inSep = true
		}
	}
	return digit && alnum <= 4 && seps <= 1
}

// piiCue: folded titles, salutations and name markers before a name.
var piiCue = foldedSet(`herr herrn frau fräulein dr dres prof pd med dipl ing mag sr schwester pfleger pflegerin oa oä ca fa
	familie fam geb geborene geborener verh verw hd kollege kollegin`)

// determiner: folded articles, determiners and contractions before a noun.
var determiner = foldedSet(`der die das dem den des ein eine einem einen einer eines im am vom zum zur beim ins ans aufs ums
	diese dieser diesem diesen dieses jede jeder jedem jeden jedes kein keine keinem keinen keiner
	sein seine seinem seinen seiner ihr ihre ihrem ihren ihrer unser unsere unserem unseren unserer
	letzten vergangenen kommenden nächsten`)

// idLabel: folded labels before a station, room or other number.
var idLabel = foldedSet(`station st zimmer zi zimmernr raum bett haus trakt ebene etage wohnbereich bereich block postfach fach
	nr no nummer id kennung fall fallnr pid aufn`)

// digitGroupAfter reports whether a digit follows byte offset i after
// blanks, a closing bracket, a slash or a hyphen (a phone number goes on).
func digitGroupAfter(text string, i int) bool {
	rest := strings.TrimLeft(text[i:], " )/-\u00a0")
	return rest != "" && rest[0] >= '0' && rest[0] <= '9'
}
