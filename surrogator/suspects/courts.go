package suspects

import (
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- courts by abbreviation and seat ----
//
// "beim SG Halle", "das AG Greifswald", "vor dem VG Freiburg", "LG München
// I", "ArbG Rostock": a court's abbreviation before its seat names one
// court (LOCATION_ORGANIZATION). The seat must be a known town or state
// ("AG" alone is a company form, "SG" a sports club), and the abbreviation
// is matched as written. A state court without a seat ("des LSG") counts
// after an article.

// courtAbbrevs are the abbreviations of German courts.
var courtAbbrevs = fieldSet(`AG LG SG LSG VG OVG VGH ArbG LAG FG SozG AmtsG`)

var courtGuard = guardOf(courtAbbrevs)

// courtAlone may stand without a seat after an article.
var courtAlone = fieldSet(`LSG OVG VGH LAG`)

func (r *run) courtAbbrevsAt(i int) {
	toks := r.tokens
	for once := true; once; once = false {
		t := &toks[i]
		if t.runes > 4 || t.runes < 2 || t.s[len(t.s)-1] != 'G' && t.s[len(t.s)-1] != 'H' || !t.is(shUpper) || !r.mayS(&courtGuard, t) || !courtAbbrevs[t.s] {
			continue
		}
		if i+1 < len(toks) && r.near(t, &toks[i+1], false) {
			p := &toks[i+1]
			if p.is(shUpper) && (p.cls&(cKnownCity|cState) != 0 || r.d.towns[p.f] != nil) && !p.medical() {
				if n := r.placeRun(i+1, 3); n > 0 {
					r.add(t.b, toks[i+n].e, kinds.LocationOrganization, "court-abbreviation", prioExact)
					continue
				}
			}
		}
		if courtAlone[t.s] && i > 0 && r.near(&toks[i-1], t, false) {
			switch toks[i-1].s {
			case "des", "dem", "das", "beim", "vom", "am", "zum", "ans":
				r.add(t.b, t.e, kinds.LocationOrganization, "court-abbreviation", prioExact)
			}
		}
	}
}
