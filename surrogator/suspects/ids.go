package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- identifiers, ages, phone numbers and streets on their own lines ----
//
// Structured IDs keep a shape that needs no label: court file numbers
// ("4 XVII 233/21", "S 7 U 112/21", "5 Ca 1177/22"), the
// Rentenversicherungsnummer ("25 190556 T 040") and the
// Krankenversichertennummer ("K930162570"). Other IDs follow a label
// ("Vers.-Nr.", "Az.:", "Ihr Zeichen:", "BSNR", "Station").

var (
	reCourtFileAt = regexp.MustCompile(`^(?:[A-Z]{1,2} )?\d{1,3} (?:[IVXL]{1,5}|[A-Z][A-Za-z]{0,3})(?: [A-Z]{1,2})? \d{1,6}/\d{2}(?:\d{2})?\b`)
	reRVNRAt      = regexp.MustCompile(`^\d{2} ?[0-3]\d[01]\d{3} ?[A-Z] ?\d{3}\b`)
	// a value after an ID label: digit groups, a code of letters and
	// digits, "K 12" (a ward)
	reIDValue = regexp.MustCompile(`^(?:\d{1,3} (?:[IVXL]{1,5}|[A-Z][A-Za-z]{0,3})(?: [A-Z]{1,2})? \d{1,6}/\d{2,4}|[A-Z]{1,2} \d{1,3} [A-Z]{1,2} \d{1,6}/\d{2,4}|[A-Z]{1,3} \d{1,4}(?:[-/]\d{1,6})*(?:/\d{2})?|\d+(?:[ .\-/]\d+)*|[A-Za-z0-9]*\d[A-Za-z0-9]*(?:[\-./][A-Za-z0-9]+)*|[A-Z]{2,}(?:[\-./][A-Za-z0-9]+)+)`)
	// phone numbers with an extension: "0341 97-13380"
	rePhoneExtAt = regexp.MustCompile(`^0\d{2,5} \d{2,5}-\d{1,5}\b`)
	// ages written "58 Jahre" after a name or in parentheses
	reAgeYearsAt = regexp.MustCompile(`^(\d{1,3})(?: Jahre\b|\))`)
	// a house number at the end of a street line
	reHouseNo = regexp.MustCompile(`^(\p{Lu}[\p{L}.\-]*(?: [\p{L}.\-]+){0,3}) (\d{1,4}(?: ?[a-zA-Z]\b)?(?: ?[-–/] ?\d{1,4}[a-zA-Z]?)?)$`)
	reZipLine = regexp.MustCompile(`^(?:D-)?\d{5} \p{Lu}`)
)

// idLabels are the labels an ID follows, as folded token sequences.
var idLabels = func() map[string][][]string {
	m := map[string][][]string{}
	for _, l := range strings.Split(`az|aktenzeichen|ihr zeichen|unser zeichen|ihr az|vers nr|versicherten nr|versichertennummer|
		versicherungsnummer|kv nr|kvnr|vsnr|rvnr|bsnr|lanr|ik|tgb nr|tagebuch nr|karten nr|kartennummer|zugangscode|
		mitgliedsnummer|mitglieds nr|station|zimmer|haus|nr|fall nr|fallnummer|auftragsnummer|proband|probanden nr|
		studien id|pseudonym|geschäftszeichen|gz|zi|raum`, "|") {
		ws := strings.Fields(strings.TrimSpace(l))
		if len(ws) > 0 {
			m[ws[0]] = append(m[ws[0]], ws)
		}
	}
	return m
}()

func (r *run) ids() {
	// labelled values
	toks := r.tokens
	for i := range toks {
		if !r.mayF(&idLabelGuard, &toks[i]) {
			continue
		}
		ls := idLabels[toks[i].f]
		if len(ls) == 0 {
			continue
		}
		for _, l := range ls {
			j := i + 1
			ok := true
			for _, w := range l[1:] {
				if j >= len(toks) || toks[j].f != w || toks[j].b-toks[j-1].e > 3 {
					ok = false
					break
				}
				j++
			}
			if !ok {
				continue
			}
			p := toks[j-1].e
			for p < len(r.text) && strings.IndexByte(".:# \t", r.text[p]) >= 0 {
				p++
			}
			if p == toks[j-1].e && l[0] != "station" && l[0] != "haus" && l[0] != "zimmer" && l[0] != "ik" {
				continue
			}
			if l[0] == "nr" && (i > 0 && notIDLabels[toks[i-1].f] && toks[i].b-toks[i-1].e <= 2 ||
				strings.Contains(r.text[max(0, toks[i].b-48):toks[i].b], "Berufskrankheit")) {
				continue // "BK Nr. 4103", "Tel. Nr.", "Berufskrankheit nach Nr. 4103"
			}
			line := r.text[p:]
			if k := strings.IndexAny(line, "\n)(,;·"); k >= 0 {
				line = line[:k]
			}
			m := reIDValue.FindString(line)
			m = strings.TrimRight(m, ".-/ ")
			if len(m) == 0 || !strings.ContainsAny(m, "0123456789") {
				continue
			}
			if (l[0] == "haus" || l[0] == "nr") && len(m) < 2 {
				continue // "Haus 4": a building's number alone
			}
			if l[0] == "nr" && digitCount(m) < 3 && strings.Trim(m, "0123456789.") == "" {
				continue // "Nr. 8.1": a section of a catalogue
			}
			r.add(p, p+len(m), kinds.ID, "id-label", prioExact)
			break
		}
	}
	// shaped IDs, phone numbers and ages, anchored at their trigger tokens
	for i := range toks {
		t := &toks[i]
		switch {
		case t.is(shDigits):
			if i > 0 && toks[i-1].e == t.b {
				continue
			}
			// a court file number may start with a register letter
			// token ("S 7 U 112/21"): tried from the letter below
			// (at most three digits, a blank and a capital)
			if r.d.eager || t.runes <= 3 && r.spaceThen(true, t.e, 'A', 'Z') {
				if m := r.anchoredWith(reCourtFileAt, t.b, courtFileSlash, '/'); m != nil {
					r.add(t.b, t.b+m[1], kinds.ID, "id-shape", prioExact)
					continue
				}
			}
			if r.spaceThen(t.runes == 2, t.e, '0', '3') {
				if m := anchoredMatch(reRVNRAt, r.text, t.b); m != nil {
					r.add(t.b, t.b+m[1], kinds.ID, "id-shape", prioExact)
					continue
				}
			}
			if r.spaceThen(t.s[0] == '0' && t.runes >= 3 && t.runes <= 6, t.e, '0', '9') {
				if m := anchoredMatch(rePhoneExtAt, r.text, t.b); m != nil {
					k := kinds.ContactPhone
					if strings.Contains(strings.ToLower(r.text[max(0, t.b-8):t.b]), "fax") {
						k = kinds.ContactFax
					}
					r.add(t.b, t.b+m[1], k, "phone-ext", prioExact)
					continue
				}
			}
			if t.runes <= 3 && t.b > 0 && (r.text[t.b-1] == '(' || t.b > 1 && r.text[t.b-2:t.b] == ", ") {
				r.ageYears(i)
			}
		case t.runes == 10 && t.s[0] >= 'A' && t.s[0] <= 'Z' && allDigits(t.s[1:]):
			r.add(t.b, t.e, kinds.ID, "id-shape", prioExact) // KVNR
		case t.runes <= 2 && t.is(shAllUpper) && i+1 < len(toks) && toks[i+1].is(shDigits):
			if !r.spaceThen(true, t.e, '0', '9') {
				continue
			}
			if m := r.anchoredWith(reCourtFileAt, t.b, courtFileSlash, '/'); m != nil {
				r.add(t.b, t.b+m[1], kinds.ID, "id-shape", prioExact)
			}
		}
	}
	r.addressLines()
}

// addressLines: a line "Am Anger 3 a" or "Holstenwall 8-9" right above a
// "01067 Dresden" line, or before ", 69120 Heidelberg" on its line, is a
// street even without a street suffix.
func (r *run) addressLines() {
	for i, ln := range r.lines {
		s := strings.TrimRight(r.text[ln.b:ln.e], " \t\r")
		if !ln.digit || len(s) > 240 {
			continue
		}
		street := ""
		off := 0
		if i+1 < len(r.lines) {
			next := strings.TrimSpace(r.text[r.lines[i+1].b:r.lines[i+1].e])
			if zipLine(next) {
				street = strings.TrimSpace(s)
				off = strings.Index(s, street)
			}
		}
		if street == "" && hasZipRun(s) {
			// "…, Am Wilhelmschacht 3, 04571 Rötha", "Am Klinikum 1 · 07747 Jena"
			for _, sep := range []string{", ", " · ", " – ", " | "} {
				for k := strings.Index(s, sep); k > 0 && street == ""; {
					if zipLine(strings.TrimSpace(s[k+len(sep):])) {
						street, off = s[:k], 0
						for _, sep2 := range []string{", ", " · ", " – ", " | ", ": ", "; "} {
							if j := strings.LastIndex(street, sep2); j >= 0 {
								street, off = street[j+len(sep2):], off+j+len(sep2)
							}
						}
						break
					}
					n := strings.Index(s[k+len(sep):], sep)
					if n < 0 {
						break
					}
					k += len(sep) + n
				}
			}
		}
		// "wohnhaft Hofmark 3", "wh. Am Eichelberg 5": the words before
		// the street are no part of it
		for _, lead := range []string{"wohnhaft ", "wh. ", "Wohnort ", "Anschrift "} {
			if rest, ok := strings.CutPrefix(street, lead); ok {
				street, off = rest, off+len(lead)
			}
		}
		if street == "" || len(street) > 48 {
			continue
		}
		m := reHouseNo.FindStringSubmatchIndex(street)
		if m == nil {
			continue
		}
		first := strings.Fields(street)[0]
		if r.d.foldIs(first, cSalut|cTitleStart) || r.d.foldIs(strings.TrimRight(first, "."), cTitleStart) {
			continue
		}
		r.add(ln.b+off, ln.b+off+len(street), kinds.LocationStreet, "address-line", prioPlace+1)
	}
}

// ageYears flags "58" in "Herr Al-Masri, 58 Jahre," and "(33)" after a
// name: the word before ", " or "(" is a capitalised word that is no
// common word.
func (r *run) ageYears(i int) {
	t := &r.tokens[i]
	m := anchoredMatch(reAgeYearsAt, r.text, t.b)
	if m == nil || i == 0 {
		return
	}
	p := &r.tokens[i-1]
	if gap := r.text[p.e:t.b]; gap != ", " && gap != " (" && gap != "(" {
		return
	}
	if !p.is(shUpper) || p.cls&(cCommon|cMedical|cUnit) != 0 {
		return
	}
	r.add(t.b, t.b+m[3], kinds.Age, "age-years", prioDate)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// zipLine is reZipLine.MatchString(s), without the expression: the
// address rules ask it of every line with a digit.
func zipLine(s string) bool {
	s = strings.TrimPrefix(s, "D-")
	if len(s) < 7 || s[5] != ' ' {
		return false
	}
	for i := range 5 {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return startsUpper(s[6:])
}

// hasZipRun: s holds five digits and a blank, as a zipLine does (a line
// without them has no postcode line after a separator).
func hasZipRun(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			n++
		case c == ' ' && n >= 5:
			return true
		default:
			n = 0
		}
	}
	return false
}
