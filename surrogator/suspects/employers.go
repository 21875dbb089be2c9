package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- employers and companies ----
//
// "bei der Firma Landtechnik Huber & Söhne", "beim VEB Textima", "Fa.
// Elektro Schubert", "Kassiererin bei Lidl", "arbeitet bei Siemens
// Healthineers", "bei der Deutschen Bahn": an employer narrows a person
// down (LOCATION_ORGANIZATION). After "Firma", "Fa." and the GDR's "VEB"
// the capitalised words that follow are the company's name (with "&",
// "und Söhne", a legal form); the large employers and retail chains below
// count after "bei", "beim", "für", "von" or an article, since several of
// them are also words or surnames ("Bayer", "Post", "Real"). Written for
// this project.

// employerCue: s introduces a company's name.
func employerCue(s string) bool {
	switch s {
	case "Firma", "Fa", "VEB", "Kombinat", "Betrieb":
		return true
	}
	return false
}

// employerCtxWord: s may stand right before a listed employer.
func employerCtxWord(s string) bool {
	switch s {
	case "bei", "beim", "für", "von", "vom", "der", "die", "den", "dem", "zur", "zum", "Bei", "Für":
		return true
	}
	return false
}

// employerNames are large employers, retail and delivery chains, written
// as letters write them (one name a line, words separated by blanks).
const employerNames = `Aldi
Aldi Nord
Aldi Süd
Lidl
Edeka
Rewe
Netto
Penny
Kaufland
Norma
Globus
Rossmann
Ikea
Hornbach
Toom
MediaMarkt
Media Markt
Deichmann
Tchibo
Amazon
Zalando
Hermes
DHL
UPS
DPD
GLS
Siemens
Siemens Healthineers
Bosch
Robert Bosch
BASF
Bayer
Daimler
Mercedes-Benz
BMW
Audi
Porsche
Volkswagen
VW
Opel
Ford
Continental
Thyssenkrupp
ThyssenKrupp
Airbus
Lufthansa
Deutsche Bahn
Deutschen Bahn
Deutsche Post
Deutschen Post
Telekom
Deutsche Telekom
Deutschen Telekom
Vodafone
SAP
Henkel
Haribo
Miele
Stihl
Würth
Trumpf
Schaeffler
Infineon
Evonik
RWE
EnBW
Vattenfall
E.ON
Zeiss
Carl Zeiss
Jenoptik
Sartorius
Fresenius
Asklepios
Vivantes
Agaplesion
Sana Kliniken
Helios
Wismut
Leuna
Stadtwerke
Verkehrsbetriebe
Bundeswehr
Bundespolizei
Landespolizei`

var (
	employers     = employerIndex()
	employerGuard = guardOf(employers)
)

// employerIndex indexes employerNames by first folded word.
func employerIndex() map[string][][]string {
	out := map[string][][]string{}
	for _, l := range strings.Split(employerNames, "\n") {
		var ws []string
		for _, w := range strings.Fields(l) {
			ws = append(ws, data.Fold(w))
		}
		if len(ws) > 0 {
			out[ws[0]] = append(out[ws[0]], ws)
		}
	}
	return out
}

func (r *run) employersAt(i int) int {
	toks := r.tokens
	last := i
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) {
			continue
		}
		// "Firma Landtechnik Huber & Söhne", "VEB Textima", "Fa. Elektro Schubert"
		if employerCue(t.s) && (t.s != "Fa" || t.dot) && i+1 < len(toks) && r.near(t, &toks[i+1], false) {
			if n := r.companyWords(i + 1); n > 0 {
				e := toks[i+n].e
				r.add(toks[i+1].b, e, kinds.LocationOrganization, "employer", prioPlace)
				if t.s == "VEB" {
					r.add(t.b, e, kinds.LocationOrganization, "employer", prioPlace)
				}
				last = i + n
			}
			continue
		}
		if i == 0 || !employerCtxWord(toks[i-1].s) || !r.mayF(&employerGuard, t) || !r.near(&toks[i-1], t, false) {
			continue
		}
		best := -1
		for _, ws := range employers[t.f] {
			j := i + 1
			ok := true
			for _, w := range ws[1:] {
				if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) || !regWordMatch(toks[j].f, w) {
					ok = false
					break
				}
				j++
			}
			if ok && j-1 > best {
				best = j - 1
			}
		}
		if best < 0 {
			continue
		}
		// a legal form or a place after the name ("Bosch GmbH", "Stadtwerke Greifswald")
		e := toks[best].e
		if n := best + 1; n < len(toks) && r.near(&toks[best], &toks[n], false) && (orgForm[toks[n].s] ||
			toks[n].cls&(cKnownCity) != 0 || r.d.towns[toks[n].f] != nil) {
			e = toks[n].e
			best = n
		}
		r.add(t.b, e, kinds.LocationOrganization, "employer", prioPlace)
		last = best
	}
	return last
}

// companyWords counts the words of a company's name from j: capitalised
// words and all-caps words, "&" or "und" between them, "Söhne", a legal
// form; at most five, on one line.
func (r *run) companyWords(j int) int {
	toks := r.tokens
	n := 0
	for k := j; k < len(toks) && n < 5; k++ {
		t := &toks[k]
		if k > j {
			gap := strings.TrimSpace(r.text[toks[k-1].e:t.b])
			if sentenceEnd(&toks[k-1]) || strings.ContainsAny(r.text[toks[k-1].e:t.b], "\n,;:()") {
				break
			}
			if gap != "" && gap != "&" && gap != "+" && gap != "-" && gap != "." {
				break
			}
			if t.s == "und" && k+1 < len(toks) && toks[k+1].s == "Söhne" {
				n += 2
				k++
				continue
			}
		}
		if orgForm[t.s] || t.s == "Co" {
			n++
			continue
		}
		if !t.is(shUpper) || t.medical() || t.cls&(cSalut|cTitleStart|cRole) != 0 {
			break
		}
		n++
	}
	return n
}
