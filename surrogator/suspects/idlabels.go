package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- identifiers after any number label, and registry numbers ----
//
// Letters label reference numbers in many ways: "BG-Nummer:",
// "Reha-Kennzeichen", "Unfall-Az. der BG:", "Genehmigungs-Nr.",
// "Gutachten-Nr.:", "D-Arzt-Nr.", "Ihr Zeichen:", "Fall", "PID". A label
// is a word ending in "Nr", "Nummer", "Zeichen", "Kennzeichen", "Kennung",
// "Az", "ID" or "PID" (alone or as the last part of a hyphenated word),
// except telephone labels ("Tel.-Nr.", "Rufnummer", "Durchwahl") and
// house numbers; up to three short words may stand between a label and
// its colon ("Unfall-Az. der BG:"). The value is a run of letter and digit
// groups joined by "-", ".", "/" or one blank before a digit ("MD-BY 2023
// 118 447 02", "3 16 51732/2023-4", "12345BG0004711", "XVII 412/23") with
// at least three digits, and it is no date.
//
// Registry numbers need no label; their shape is validated: EudraCT
// ("2023-501122-37-00": a year from 2004 on), ClinicalTrials.gov
// ("NCT05802290"), DRKS ("DRKS00012345"), DAkkS accreditations
// ("D-ML-17201-01-00").

var (
	// a date at the start of a value: "06.12.2022", "3.4.21"
	reDateStart = regexp.MustCompile(`^\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})$`)
	reEudraCT   = regexp.MustCompile(`^(20[0-3]\d)-\d{6}-\d{2}(?:-\d{2})?\b`)
	// trial registries; the DAkkS accreditation of a laboratory
	// ("D-ML-13127-02-00") names one site
	reRegistry = regexp.MustCompile(`^(?:(?:NCT|DRKS|ISRCTN)\d{8}|D-(?:ML|PL|IS|ZE|K|KS|PK|IK)-\d{5}-\d{2}-\d{2})\b`)
	// a ward's number: "K3", "K 12", "2", "4B"
	reWardValue = regexp.MustCompile(`^(?:[A-Z]{1,2} ?\d{1,3}[A-Za-z]?|\d{1,3}[A-Za-z]?)\b`)
)

// numberLabelEnds are the folded endings of a number label.
var numberLabelEnds = []string{"nr", "nummer", "zeichen", "kennzeichen", "kennung", "az", "id", "pid"}

// notIDLabels are number labels of telephone numbers, house numbers and
// the like.
var notIDLabels = fieldSet(`tel telefon telefonnr telefonnummer  rufnummer fax faxnr faxnummer
	handy handynummer mobil mobilnummer durchwahl hausnummer hausnr kontonummer
	diktatzeichen handzeichen bk bk-nr bk nr icd ops gop ebm goä`)

// strongIDLabels are labels that name a reference number although their
// ending is no number word ("Fall 24001207", "PID 500331").
var strongIDLabels = fieldSet(`fall pid mrn eudract auftrag laborauftrag ticket vorgang antrag referenz ref barcode chiffre
	kennziffer`)

// accountZeichen are "-zeichen" labels of a reference number besides
// "Aktenzeichen" and "Geschäftszeichen".
var accountZeichen = fieldSet(`kassenzeichen buchungszeichen vorgangszeichen bearbeitungszeichen`)

// notCodeLabels are the first parts of "-Code" words that name a
// classification, no person's number ("ICD-Code", "OPS-Code").
var notCodeLabels = fieldSet(`icd ops atc pzn diagnose triage farb notfall fehler gop ebm loinc snomed`)

func (r *run) labelledIDs() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.is(shDigits) {
			continue
		}
		if (t.s[0] == 'N' || t.s[0] == 'D' || t.s[0] == 'I') && (t.is(shHasDigit) || len(t.s) > 2 && t.s[1] == '-') {
			if m := anchoredMatch(reRegistry, r.text, t.b); m != nil {
				r.add(t.b, t.b+m[1], kinds.ID, "id-registry", prioExact)
				continue
			}
		}
		if !r.idLabel(t) && !r.abbrevNumberLabel(i) {
			continue
		}
		// "Tel.-Nr.", "Fax-Nr.": a telephone label before
		if i > 0 && toks[i-1].cls&cPhoneLabel != 0 && strings.Trim(r.text[toks[i-1].e:t.b], ".- ") == "" {
			continue
		}
		p := t.e
		// "Az. der BG:", "Kundennummer beim Kostenträger:": up to three
		// short words before a colon
		if q := r.afterLabel(i); q > 0 {
			p = q
		}
		if strings.HasPrefix(r.text[p:], "):") {
			p++ // "Betriebsnummer der Einrichtung (BNR): …"
		}
		for p < len(r.text) && strings.IndexByte(".:# \t", r.text[p]) >= 0 {
			p++
		}
		if p == t.e {
			continue
		}
		e := scanIDValue(r.text[p:min(len(r.text), p+48)])
		// a court file number ("761 XVII 1089/22") or an RVNR keeps its
		// whole shape
		if m := r.anchoredWith(reCourtFileAt, p, courtFileSlash, '/'); m != nil && m[1] > e {
			e = m[1]
		}
		if m := anchoredMatch(reRVNRAt, r.text, p); m != nil && m[1] > e {
			e = m[1]
		}
		if e == 0 {
			continue
		}
		v := r.text[p : p+e]
		if digitCount(v) < 3 || reDateStart.MatchString(v) || strongIDLabels[t.f] && digitCount(v) < 6 {
			continue
		}
		r.add(p, p+e, kinds.ID, "id-label-any", prioExact+1)
	}
	r.wards()
	// EudraCT numbers start with a digit token
	for i := range toks {
		t := &toks[i]
		if t.runes == 4 && t.s[0] == '2' && t.s[1] == '0' && t.e < len(r.text) && r.text[t.e] == '-' && (i == 0 || toks[i-1].e < t.b) {
			if m := anchoredMatch(reEudraCT, r.text, t.b); m != nil && m[3]-m[2] == 4 && r.text[t.b:t.b+4] >= "2004" {
				r.add(t.b, t.b+m[1], kinds.ID, "id-registry", prioExact)
			}
		}
	}
}

// idLabel: t is a number label.
func (r *run) idLabel(t *token) bool {
	f := t.f
	// every label ends in r, n, z, d, t, l, g, e or f ("…nr", "…nummer",
	// "…zeichen", "az", "id", "eudract", "fall", "kennung", "barcode",
	// "ref")
	switch f[len(f)-1] {
	case 'r', 'n', 'z', 'd', 't', 'l', 'g', 'e', 'f':
	default:
		return false
	}
	// a label is a strong label or its last part ends as a number label
	// or is "code" (the only answers true below): most words are none, and
	// the sets of words that are no label need not be asked (an eager
	// detector asks them)
	// a folded word holds a blank only where the token has a joiner
	sp := -1
	if t.is(shJoined) || r.d.eager {
		sp = strings.LastIndexByte(f, ' ')
	}
	if !r.d.eager {
		h := sp
		last := f[h+1:]
		if !numberLabelSet.has(last) && last != "code" && !(strongIDGuard.may(last) && strongIDLabels[last]) &&
			!(h >= 0 && r.mayF(&strongIDGuard, t) && strongIDLabels[f]) {
			return false
		}
	}
	if r.mayF(&notIDGuard, t) && notIDLabels[f] || t.cls&(cPhoneLabel) != 0 {
		return false
	}
	if r.mayF(&strongIDGuard, t) && strongIDLabels[f] {
		return true
	}
	last := f
	if h := sp; h >= 0 { // folded: "reha kennzeichen"
		last = f[h+1:]
		if notIDLabels[f[:h]] || r.d.lex[f[:h]]&cPhoneLabel != 0 || notCodeLabels[f[:h]] {
			return false // "Tel.-Nr.", "ICD-Code"
		}
		// "ZNA-Fall", "Labor-Auftrag", "Pat.-Code"
		if strongIDLabels[last] || last == "code" {
			return true
		}
	}
	for _, s := range r.suffixesOf(numberLabelSet, numberLabelEnds, last) {
		if strings.HasSuffix(last, s) && (last == s || len(last) >= len(s)+3 && s != "id" && s != "az" && s != "pid") {
			if strings.HasSuffix(last, "zeichen") && last != "zeichen" && last != "kennzeichen" && last != "aktenzeichen" &&
				last != "geschäftszeichen" && last != "geschaeftszeichen" && !accountZeichen[last] {
				return false // "Diktatzeichen", "Warnzeichen"
			}
			if last == "zeichen" || last == "kennung" {
				// "Ihr Zeichen", "Unser Zeichen", "Reha-Kennung"
				return f != last || t.b > 0 && r.zeichenOwner(t)
			}
			return true
		}
	}
	return false
}

// abbrevNumberLabel: token i is "Nr", "Nummer", "Kennung" or "Code" after
// an abbreviation and a hyphen ("Reg.-Nr.", "Kd.-Nr.", "Pat.-Code"), not
// after a telephone label.
func (r *run) abbrevNumberLabel(i int) bool {
	t := &r.tokens[i]
	return (t.f == "nr" || t.f == "code" || t.f == "nummer" || t.f == "kennung") && i > 0 && t.b >= 2 && r.text[t.b-2:t.b] == ".-" && r.tokens[i-1].e == t.b-2 &&
		r.tokens[i-1].cls&cPhoneLabel == 0 && !notIDLabels[r.tokens[i-1].f]
}

// zeichenOwner: "Ihr Zeichen", "Unser Zeichen", "Mein Zeichen".
func (r *run) zeichenOwner(t *token) bool {
	before := strings.TrimRight(r.text[max(0, t.b-8):t.b], " ")
	return strings.HasSuffix(before, "Ihr") || strings.HasSuffix(before, "Unser") || strings.HasSuffix(before, "ihr") ||
		strings.HasSuffix(before, "unser") || strings.HasSuffix(before, "Mein")
}

// afterLabel returns the offset after the colon that ends up to five words
// after the label token i on its line ("Unfall-Az. der BG: …",
// "Aktenzeichen des Unfallversicherungsträgers (falls bekannt): …"), or 0.
func (r *run) afterLabel(i int) int {
	toks := r.tokens
	for k := i + 1; k < len(toks) && k <= i+5; k++ {
		gap := r.text[toks[k-1].e:toks[k].b]
		if strings.Trim(gap, ".() ") != "" || strings.Contains(gap, "\n") || toks[k].runes > 30 ||
			toks[k].is(shHasDigit) || toks[k].b-toks[i].e > 60 {
			return 0
		}
		// "Kundennummer beim Vermieter 4417-0392": a prepositional
		// phrase of up to three words, then the value
		if k+1 < len(toks) && k <= i+3 && labelPrepositions[toks[i+1].f] && toks[k].is(shUpper) &&
			toks[k+1].is(shHasDigit) && r.text[toks[k].e:toks[k+1].b] == " " && digitCount(toks[k+1].s) >= 3 {
			return toks[k+1].b
		}
		rest := r.text[toks[k].e:]
		if strings.HasPrefix(rest, ":") {
			return toks[k].e + 1
		}
		if strings.HasPrefix(rest, "):") {
			return toks[k].e + 2
		}
	}
	return 0
}

// labelPrepositions open a phrase between a number label and its value
// ("Kundennummer beim Vermieter", "Aktenzeichen der Staatsanwaltschaft").
var labelPrepositions = fieldSet(`beim bei der des vom von im am zum zur`)

// scanIDValue returns the length of the identifier at the start of s (see
// labelledIDs), or 0.
func scanIDValue(s string) int {
	alnum := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	i := 0
	for i < len(s) && alnum(s[i]) {
		i++
	}
	if i == 0 {
		return 0
	}
	end := i
	for i < len(s) {
		c := s[i]
		switch {
		case (c == '-' || c == '.' || c == '/') && i+1 < len(s) && alnum(s[i+1]):
			i++
		case c == ' ' && i+1 < len(s) && digit(s[i+1]) && chunkDigits(s[i+1:]):
			i++
		case c == ' ' && i+1 < len(s) && s[i+1] >= 'A' && s[i+1] <= 'Z' && (i+2 == len(s) || !alnum(s[i+2]) && s[i+2] != '.') &&
			digitCount(s[:i]) >= 5:
			// a check letter at the end: "3 24 07815 2 K", "52 XIV 310/20 L"
			return i + 2
		default:
			return end
		}
		for i < len(s) && alnum(s[i]) {
			i++
		}
		end = i
	}
	return end
}

// chunkDigits: the chunk at the start of s holds a digit and no lower-case
// letter ("2023", "51732/2023-4"; not "3 Wochen").
func chunkDigits(s string) bool {
	n := 0
	for n < len(s) && (s[n] >= '0' && s[n] <= '9' || s[n] >= 'A' && s[n] <= 'Z' || s[n] == '/' || s[n] == '-') {
		n++
	}
	return n == len(s) || s[n] == ' ' || s[n] == ',' || s[n] == ')' || s[n] == '\n' || s[n] == ';' || s[n] == '.' && (n+1 == len(s) || s[n+1] == ' ' || s[n+1] == '\n')
}

func digitCount(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// wardWords name a ward or a unit of a care home before its number
// ("Jugendstation K3", "Wohnbereich 2"); "Station K 12" after a
// department ("Station: Kardiologie, K 12").
var wardWords = fieldSet(`wohnbereich wohngruppe wohnbereiche pflegebereich`)

// notAfterWard are words after a number that make it a count or a time
// ("Station 3 Tage").
var notAfterWard = fieldSet(`tag tage tagen woche wochen stunde stunden std h min monat monate monaten jahr jahre
	jahren uhr mal x mg ml patienten betten`)

func (r *run) wards() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		ward := r.mayF(&wardGuard, t) && wardWords[t.f] || len(t.f) > 8 && strings.HasSuffix(t.f, "station") && t.is(shUpper)
		p := t.e
		if !ward && t.f == "station" && strings.HasPrefix(r.text[t.e:], ": ") {
			// "Station: Kardiologie, K 12"
			rest := r.text[t.e+2 : min(len(r.text), t.e+40)]
			if k := strings.Index(rest, ", "); k > 0 && !strings.ContainsAny(rest[:k], "\n,") {
				ward, p = true, t.e+2+k
			}
		}
		if !ward {
			continue
		}
		for p < len(r.text) && strings.IndexByte(":, \t", r.text[p]) >= 0 {
			p++
		}
		if p == t.e || p-t.e > 3 && t.f != "station" {
			continue
		}
		m := anchoredMatch(reWardValue, r.text, p)
		if m == nil {
			continue
		}
		e := p + m[1]
		if e < len(r.text) && r.text[e] == '.' && e+1 < len(r.text) && r.text[e+1] >= '0' && r.text[e+1] <= '9' {
			continue // a date
		}
		if next := strings.Fields(r.text[e:min(len(r.text), e+16)]); len(next) > 0 && notAfterWard[strings.ToLower(strings.Trim(next[0], ".,;:"))] {
			continue
		}
		r.add(p, e, kinds.ID, "ward-any", prioExact)
	}
	r.bedsAfterWard()
}

// bedPlaces name a bed or room after a ward: "Station N2, Bett 6",
// "Station 4B, Zi. 412".
var bedPlaces = []string{", Bett ", ", Zi. ", ", Zimmer ", ", Platz ", "/Bett ", " Bett "}

// bedsAfterWard flags the number of a bed or room written right after a
// ward's number found before (a ward ID candidate).
func (r *run) bedsAfterWard() {
	n := len(r.cands)
	for c := 0; c < n; c++ {
		cd := r.cands[c]
		if cd.Kind != kinds.ID {
			continue
		}
		rest := r.text[cd.End:min(len(r.text), cd.End+16)]
		for _, bp := range bedPlaces {
			if !strings.HasPrefix(rest, bp) {
				continue
			}
			p := cd.End + len(bp)
			if m := anchoredMatch(reWardValue, r.text, p); m != nil && r.text[p] >= '0' && r.text[p] <= '9' {
				r.add(p, p+m[1], kinds.ID, "ward-bed", prioExact)
			}
			break
		}
	}
}
