package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- names after form labels, group practices, log-ins ----
//
// Forms and expert opinions name the patient in fields: "Name:
// Brüggemann, Vorname: Jens-Uwe", "Nachname: …", "Geburtsname: …",
// "Bewohnerin/Patientin: Meyer-Holtorf, Gerda". Group practices write
// "Dres. med. Hofmann / Zeitler", "Drs. Seiler und Wantzer". A colleague is
// addressed "Herr Kollege Auerbach" even when the name is an eponym. A
// log-in follows "freigegeben:", "erstellt von", "bearbeitet von" or
// stands in parentheses with digits ("(swerner2)").

// nameFieldLabels are form labels of a person's name (folded).
var nameFieldLabels = fieldSet(`name vorname vornamen nachname familienname geburtsname patient patientin
	versicherte versicherter bewohner bewohnerin betroffene betroffener rehabilitand rehabilitandin klient klientin
	kläger klägerin antragsteller antragstellerin`)

func (r *run) nameFields() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		pat := t.f == "pat" && strings.HasPrefix(r.text[t.e:], ".: ") // "Pat.: Schmidt-Wolkenstein, Anna-Lena"
		if !t.is(shUpper) || !pat && (!strings.HasPrefix(r.text[t.e:], ": ") || !nameFieldLabels[t.f]) {
			continue
		}
		// "Bewohnerin/Patientin:": the label's last word counts
		j := i + 1
		if !r.near(t, &toks[j], true) && r.text[t.e:toks[j].b] != ": " && !pat {
			continue
		}
		k := kinds.NamePatient
		// "Surname, First" or up to three name words
		n := 0
		for p := j; p < len(toks) && n < 3; p++ {
			w := &toks[p]
			// an all-caps name of three letters or more ("AL-MASRI, KHALED")
			if p > j && !r.near(&toks[p-1], w, false) || !w.is(shUpper) || w.is(shAllUpper) && (w.runes < 3 || w.any&cMedical != 0) ||
				w.medical() || w.cls&(cCommon|cSalut|cRole|cTitleStart) != 0 || r.occOf(w) != 0 {
				break
			}
			n++
		}
		if n == 0 {
			continue
		}
		// "Pat.: Wiśniewska, Agnieszka": a listed first name after the comma
		firstAfter := j+1 < len(toks) && r.text[toks[j].e:toks[j+1].b] == ", " && toks[j+1].cls&cFirst != 0
		if n == 1 && !firstAfter && toks[j].cls&(cFirst|cSurname) == 0 && !strings.ContainsAny(toks[j].s, "-") && t.f != "name" &&
			t.f != "vorname" && t.f != "nachname" && t.f != "geburtsname" && t.f != "familienname" {
			continue // "Patientin: Schwindel" is no name
		}
		r.add(toks[j].b, toks[j+n-1].e, k, "name-field", prioName)
		// ", Gerda" after a surname
		q := j + n
		if q < len(toks) && r.text[toks[q-1].e:toks[q].b] == ", " && (toks[q].cls&cFirst != 0 || toks[q].is(shJoined) && toks[q].all&cFirst != 0) && toks[q].is(shUpper) {
			r.add(toks[q].b, toks[q].e, k, "name-field", prioName)
		}
		i = j + n - 1
	}
}

// groupPractice flags "Dres. med. Hofmann / Zeitler" and "Drs. Seiler
// und Wantzer": the title and every name after it.
func (r *run) groupPractice() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if (t.f != "dres" && t.f != "drs") || !t.dot {
			continue
		}
		j := i + 1
		te := t.e + 1
		for j < len(toks) && (toks[j].f == "med" || toks[j].f == "dent" || toks[j].f == "vet") && toks[j].dot && r.near(&toks[j-1], &toks[j], false) {
			te = toks[j].e + 1
			j++
		}
		var names []int
		for j < len(toks) && len(names) < 4 {
			w := &toks[j]
			if !w.nameShaped() || w.medical() || w.cls&cCommon != 0 || r.text[toks[j-1].e:w.b] == "\n" {
				break
			}
			names = append(names, j)
			sep := ""
			if j+1 < len(toks) {
				sep = strings.TrimSpace(r.text[w.e:toks[j+1].b])
			}
			if sep == "/" || sep == "&" || sep == "," {
				j++
				continue
			}
			if j+2 < len(toks) && (toks[j+1].s == "und" || toks[j+1].s == "u") && r.near(w, &toks[j+1], false) {
				j += 2
				continue
			}
			break
		}
		if len(names) == 0 {
			continue
		}
		r.add(t.b, te, kinds.NameTitle, "group-practice", prioName)
		for _, k := range names {
			r.add(toks[k].b, toks[k].e, kinds.NameDoctor, "group-practice", prioName)
		}
		i = names[len(names)-1]
	}
}

// colleagueNames flags "Herr Kollege Auerbach", "Frau Kollegin Weber":
// after a salutation and "Kollege", any capitalised word is a name.
func (r *run) colleagueNames() {
	toks := r.tokens
	for i := 1; i+1 < len(toks); i++ {
		t := &toks[i]
		if (t.f != "kollege" && t.f != "kollegin" && t.f != "kollegen") || toks[i-1].cls&cSalut == 0 || !r.near(&toks[i-1], t, false) {
			continue
		}
		n := &toks[i+1]
		if r.near(t, n, false) && n.nameShaped() && n.cls&cCommon == 0 {
			r.add(n.b, n.e, kinds.NameDoctor, "colleague", prioName)
		}
	}
}

// loginLabels are words before a log-in ("freigegeben: c.fuchs",
// "erstellt von jdvorak"); "von" may follow them.
var loginLabels = fieldSet(`freigegeben erstellt bearbeitet dokumentiert geprüft signiert vidiert`)

func (r *run) logins() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		j := i + 1
		if r.mayF(&loginGuard, t) && loginLabels[t.f] && j < len(toks) {
			if toks[j].f == "von" || toks[j].f == "durch" {
				j++
			}
			if j >= len(toks) || strings.TrimSpace(strings.TrimPrefix(r.text[toks[j-1].e:toks[j].b], ":")) != "" {
				continue
			}
			p, e := toks[j].b, toks[j].e
			for e < len(r.text) && (r.text[e] == '.' || r.text[e] == '_') && e+1 < len(r.text) && isLowerASCII(r.text[e+1]) {
				e++
				for e < len(r.text) && (isLowerASCII(r.text[e]) || r.text[e] >= '0' && r.text[e] <= '9') {
					e++
				}
			}
			v := r.text[p:e]
			if loginShaped(v) && r.d.lex[data.Fold(v)] == 0 {
				r.add(p, e, kinds.NameUsername, "login", prioExact)
			}
			continue
		}
		// "(swerner2)": letters and digits in parentheses
		if t.runes >= 5 && t.b > 0 && r.text[t.b-1] == '(' && strings.HasPrefix(r.text[t.e:], ")") && loginShaped(t.s) && t.is(shHasDigit) {
			r.add(t.b, t.e, kinds.NameUsername, "login", prioExact)
		}
	}
}

func isLowerASCII(c byte) bool { return c >= 'a' && c <= 'z' }

// loginShaped: lower-case ASCII letters with digits, dots or underscores,
// starting with a letter, at least four characters.
func loginShaped(v string) bool {
	if len(v) < 4 || len(v) > 30 || !isLowerASCII(v[0]) {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !isLowerASCII(c) && !(c >= '0' && c <= '9') && c != '.' && c != '_' {
			return false
		}
	}
	return true
}

// signatureColumns flags the names of a signature block laid out in
// columns ("Dr. med. A. Pietzsch          Anh Nguyen Thi", "…    Paulina
// Sobczak, Ärztin in Weiterbildung"): below the closing ("Mit
// freundlichen Grüßen"), every stretch of a line after three or more
// blanks whose two to three words are name-shaped, one of them a listed
// first name or surname, is a name.
func (r *run) signatureColumns() {
	closing := r.lastInWords("Grüßen", "Grüße", "Gruß")
	if closing < 0 {
		return
	}
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.b < closing || i == 0 {
			continue
		}
		// a column: after three blanks on its line, or indented by them
		gap := r.text[toks[i-1].e:t.b]
		if toks[i-1].line != t.line {
			gap = gap[strings.LastIndexByte(gap, '\n')+1:]
		}
		if !strings.Contains(gap, "   ") {
			continue
		}
		var run []int
		listed := false
		for j := i; j < len(toks) && len(run) < 4; j++ {
			w := &toks[j]
			if j > i && (w.line != t.line || !r.near(&toks[j-1], w, false)) {
				break
			}
			if !w.nameShaped() || w.medical() || w.cls&(cCommon|cRole|cTitleStart) != 0 || r.occOf(w) != 0 {
				run = nil
				break
			}
			listed = listed || w.cls&(cFirst|cSurname) != 0
			run = append(run, j)
		}
		if len(run) >= 2 && listed {
			r.emitNames(run, kinds.NameDoctor, "signature-column", prioName)
		}
	}
}
