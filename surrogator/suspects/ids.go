package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/data"
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
	reCourtFile = regexp.MustCompile(`\b(?:[A-Z]{1,2} )?\d{1,3} (?:[IVXL]{1,5}|[A-Z][A-Za-z]{0,3})(?: [A-Z]{1,2})? \d{1,6}/\d{2}(?:\d{2})?\b`)
	reRVNR      = regexp.MustCompile(`\b\d{2} ?[0-3]\d[01]\d{3} ?[A-Z] ?\d{3}\b`)
	reKVNR      = regexp.MustCompile(`\b[A-Z][0-9]{9}\b`)
	// a value after an ID label: digit groups, a code of letters and
	// digits, "K 12" (a ward)
	reIDValue = regexp.MustCompile(`^(?:\d{1,3} (?:[IVXL]{1,5}|[A-Z][A-Za-z]{0,3})(?: [A-Z]{1,2})? \d{1,6}/\d{2,4}|[A-Z]{1,2} \d{1,3} [A-Z]{1,2} \d{1,6}/\d{2,4}|[A-Z]{1,3} \d{1,4}(?:[-/]\d{1,6})*(?:/\d{2})?|\d+(?:[ .\-/]\d+)*|[A-Za-z0-9]*\d[A-Za-z0-9]*(?:[\-./][A-Za-z0-9]+)*|[A-Z]{2,}(?:[\-./][A-Za-z0-9]+)+)`)
	// phone numbers with an extension: "0341 97-13380"
	rePhoneExt = regexp.MustCompile(`\b0\d{2,5} \d{2,5}-\d{1,5}\b`)
	// ages written "58 Jahre" after a name or in parentheses
	reAgeYears = regexp.MustCompile(`(?:, |\()(\d{1,3})(?: Jahre\b|\))`)
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
		studien id|pseudonym|geschäftszeichen|gz`, "|") {
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
			r.add(p, p+len(m), kinds.ID, "id-label", prioExact)
			break
		}
	}
	for _, ln := range r.lines {
		if !ln.digit {
			continue
		}
		s := r.text[ln.b:ln.e]
		for _, re := range []*regexp.Regexp{reCourtFile, reRVNR, reKVNR} {
			for _, m := range re.FindAllStringIndex(s, -1) {
				r.add(ln.b+m[0], ln.b+m[1], kinds.ID, "id-shape", prioExact)
			}
		}
		for _, m := range rePhoneExt.FindAllStringIndex(s, -1) {
			k := kinds.ContactPhone
			if strings.Contains(strings.ToLower(s[max(0, m[0]-8):m[0]]), "fax") {
				k = kinds.ContactFax
			}
			r.add(ln.b+m[0], ln.b+m[1], k, "phone-ext", prioExact)
		}
		for _, m := range reAgeYears.FindAllStringSubmatchIndex(s, -1) {
			// after a name: the word before ", " or "(" is capitalised
			before := strings.TrimRight(s[:m[0]], " ")
			w := before[strings.LastIndexAny(before, " \t(")+1:]
			if w == "" || !upperFirst(w) || r.d.foldIs(w, cCommon|cMedical) || r.d.lex[data.Fold(w)]&cUnit != 0 {
				continue
			}
			r.add(ln.b+m[2], ln.b+m[3], kinds.Age, "age-years", prioDate)
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
		if !ln.digit || len(s) > 60 {
			continue
		}
		street := ""
		off := 0
		if i+1 < len(r.lines) {
			next := strings.TrimSpace(r.text[r.lines[i+1].b:r.lines[i+1].e])
			if reZipLine.MatchString(next) {
				street = strings.TrimSpace(s)
				off = strings.Index(s, street)
			}
		}
		if street == "" {
			// "…, Am Wilhelmschacht 3, 04571 Rötha", "Am Klinikum 1 · 07747 Jena"
			for _, sep := range []string{", ", " · ", " – ", " | "} {
				for k := strings.Index(s, sep); k > 0 && street == ""; {
					if reZipLine.MatchString(strings.TrimSpace(s[k+len(sep):])) {
						street, off = s[:k], 0
						for _, sep2 := range []string{", ", " · ", " – ", " | ", ": "} {
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
		if street == "" {
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
