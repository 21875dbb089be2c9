package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- academic titles by shape, titles after a name ----
//
// "Dipl.-Sozialpäd. (FH) Sabine Krüger", "Dipl.-Sozialarb. Anke Wölfer",
// "Dipl.-Heilpäd. Jens Ott": a diploma is "Dipl.-" and an abbreviated
// subject, with "(FH)" or "(Univ.)" after it; the GeMTeX guideline
// annotates it as NAME_TITLE before a name as after one ("Jens Kowalczyk,
// Dipl.-Sozialpäd. (FH)"). "Dr. med. Hauke Brünjes, FEBO", "…, MHBA",
// "…, M.Sc.": the fellowships and degrees written after a name are titles
// too.

// postNominals are titles written after a name and a comma.
var postNominals = fieldSet(`FEBO FEBU FESC FACS FRCS FRCP FEBS FEBVS FEAPM FAAD FACC FACP MHBA MBA MPH MME MaHM PhD DEAA
	EDAIC EDIC FEBOT FEBNS DESA`)

func (r *run) moreTitlesAt(i int) {
	toks := r.tokens
	if i+1 >= len(toks) {
		return
	}
	for once := true; once; once = false {
		t := &toks[i]
		// "Dipl.-Sozialpäd.": "Dipl", ".-", a capitalised subject and its dot
		if t.f == "dipl" && strings.HasPrefix(r.text[t.e:], ".-") && toks[i+1].b == t.e+2 && toks[i+1].dot && toks[i+1].is(shUpper) {
			if r.title(i) > 0 {
				continue // a listed title ("Dipl.-Psych.")
			}
			e := toks[i+1].e + 1
			for _, suf := range []string{" (FH)", " (Univ.)", " (BA)", " (TU)"} {
				if strings.HasPrefix(r.text[e:], suf) {
					e += len(suf)
					break
				}
			}
			if r.dropped(t.b, e) {
				continue
			}
			// a name after it, or a name and a comma before it
			k := tokenAt(toks, e)
			after := k < len(toks) && toks[k].nameShaped() && !toks[k].medical() && toks[k].cls&cCommon == 0 &&
				!strings.ContainsAny(r.text[e:toks[k].b], "\n,")
			before := i > 0 && strings.TrimSpace(r.text[toks[i-1].e:t.b]) == "," && toks[i-1].nameShaped()
			if after || before {
				r.add(t.b, e, kinds.NameTitle, "title-shape", prioName)
				if after {
					if run := r.nameRun(k, 3, false); len(run) > 0 {
						r.emitNames(run, kinds.NameDoctor, "title-shape", prioName)
					}
				}
			}
			continue
		}
		// "Dr.in med. Sabine Huber", "Prof.in Dr.in": a title's feminine form
		if (t.f == "dr" || t.f == "prof") && strings.HasPrefix(r.text[t.e:], ".in") && toks[i+1].b == t.e+1 && toks[i+1].s == "in" {
			e := toks[i+1].e
			for j := i + 2; j < len(toks) && r.near(&toks[j-1], &toks[j], false); j++ {
				w := &toks[j]
				if w.cls&cTitleWord != 0 && w.dot || w.f == "dr" && (w.dot || strings.HasPrefix(r.text[w.e:], ".in")) || w.s == "in" && toks[j-1].f == "dr" {
					e = w.e
					if w.dot {
						e++
					}
					continue
				}
				break
			}
			if !r.dropped(t.b, e) {
				r.add(t.b, e, kinds.NameTitle, "title-shape", prioName)
			}
			continue
		}
		// "Brünjes, FEBO"
		if t.b >= 2 && r.text[t.b-2] == ',' && t.is(shUpper) && postNominals[t.s] && i > 0 && toks[i-1].nameShaped() {
			r.add(t.b, t.e, kinds.NameTitle, "title-after-name", prioName)
		}
	}
}

// specialityWord: t names a speciality or unit, not a person ("Oberarzt
// Geriatrie", "Oberärztin Palliativmedizin", "Chefarzt MS-Ambulanz"): a
// word ending in such a noun and in no name list.
func specialityWord(t *token) bool {
	if t.cls&(cFirst|cSurname) != 0 {
		return false
	}
	for _, s := range []string{"logie", "iatrie", "chirurgie", "medizin", "ambulanz", "therapie", "heilkunde", "pflege",
		"diagnostik", "station", "zentrum", "klinik", "sprechstunde", "dienst", "ie", "ik"} {
		if strings.HasSuffix(t.f, s) {
			return true
		}
	}
	return false
}
