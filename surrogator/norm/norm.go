package norm

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// hyphens lists characters treated as a hyphen.
const hyphens = "-‐‑‒–—―−"

// Fold lower-cases s, folds runs of white space to one space, unifies
// hyphen variants (and removes spaces around hyphens) and trims.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case strings.ContainsRune(hyphens, r):
			r = '-'
		}
		if space && b.Len() > 0 && r != '-' && !strings.HasSuffix(b.String(), "-") {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// FoldName is Fold for person names: it also writes ß and ẞ as "ss", so
// "Käßmann", "KÄSSMANN" and "Kässmann" share one key.
func FoldName(s string) string {
	f := Fold(s)
	if strings.ContainsAny(f, "ßẞ") {
		f = strings.NewReplacer("ß", "ss", "ẞ", "ss").Replace(f)
	}
	return f
}

// StripGenitive removes a German genitive ending from a single word:
// "Albers'" → "Albers", "Müllers" → "Müller", "MÜLLERS" → "MÜLLER",
// "Franzens" → "Franz". An "s" or "ens"
// is only removed when isName knows the stem but not the whole word
// (isName should compare case-insensitively). It returns the stem and the
// suffix.
func StripGenitive(word string, isName func(string) bool) (stem, suffix string) {
	if strings.HasSuffix(word, "'") || strings.HasSuffix(word, "’") {
		_, n := utf8.DecodeLastRuneInString(word)
		return word[:len(word)-n], word[len(word)-n:]
	}
	if strings.HasSuffix(word, "'s") || strings.HasSuffix(word, "’s") {
		i := strings.LastIndexAny(word, "'’")
		return word[:i], word[i:]
	}
	if utf8.RuneCountInString(word) > 3 && (strings.HasSuffix(word, "s") || strings.HasSuffix(word, "S")) {
		stem := word[:len(word)-1]
		if isName != nil && isName(stem) && !isName(word) {
			return stem, word[len(word)-1:]
		}
		// "-ens" after a sibilant: "Franzens", "Fritzens", "MAXENS"
		if l := strings.ToLower(word); strings.HasSuffix(l, "ens") && utf8.RuneCountInString(word) > 5 {
			stem := word[:len(word)-3]
			last, _ := utf8.DecodeLastRuneInString(strings.ToLower(stem))
			if strings.ContainsRune("szxß", last) && isName != nil && isName(stem) && !isName(word) {
				return stem, word[len(word)-3:]
			}
		}
	}
	return word, ""
}

// Salutations that are dropped from name keys.
var salutations = map[string]bool{
	"frau": true, "herr": true, "herrn": true, "hr.": true, "fr.": true, "hr": true, "fr": true,
	"patientin": true, "patient": true, "pat.": true,
}

// Key returns the consistency key of an original of kind k: names are
// reduced to "first last" order without salutations or genitive, other
// kinds are folded. Keys are compared within one kind group (all person
// names share one group).
func Key(k kinds.Kind, s string, isName func(string) bool) string {
	if !k.IsName() {
		f := Fold(s)
		if k.IsLocation() {
			f = strings.TrimSuffix(f, "'")
		}
		return Group(k) + "|" + f
	}
	return Group(k) + "|" + PersonKey(s, isName)
}

// PersonKey is NameKey with its words in sorted order, so that
// "Asger Baastrup", "Baastrup Asger", "Baastrup, Asger" and
// "BAASTRUPS, ASGER" share one key (gemtex keys and fallback surrogates).
func PersonKey(s string, isName func(string) bool) string {
	w := strings.Fields(NameKey(s, isName))
	sort.Strings(w)
	return strings.Join(w, " ")
}

// NameKey normalises a person name: "Albers, Beate" → "beate albers",
// "Frau Albers'" → "albers", "KÄSSMANNS" → "kässmann" (when isName knows
// "KÄSSMANN"; ß, ẞ and SS fold to "ss").
func NameKey(s string, isName func(string) bool) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, ','); i > 0 && !strings.Contains(s[i+1:], ",") {
		last, first := strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
		if first != "" && last != "" {
			s = first + " " + last
		}
	}
	words := strings.Fields(s)
	out := words[:0]
	for _, w := range words {
		if salutations[strings.ToLower(w)] {
			continue
		}
		out = append(out, w)
	}
	if len(out) > 0 {
		// the genitive sits on the last word, or on the surname before
		// the comma ("Müllers, Hans" is rare, but "KÄSSMANNS" alone is not)
		stem, _ := StripGenitive(out[len(out)-1], isName)
		out[len(out)-1] = stem
	}
	return FoldName(strings.Join(out, " "))
}

// Group is the consistency group of a kind: person names share one group
// (a relative and a patient with the same surname are one family); other
// kinds are their own group.
func Group(k kinds.Kind) string {
	if k.IsName() {
		return "NAME"
	}
	return string(k)
}
