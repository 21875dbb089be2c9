package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- clubs, state authorities, registers, pits and works ----
//
// "des TV Villingen 1848", "beim FSV Zwönitz", "SV Werder Bremen": a
// club's abbreviation before its name (and founding year) names a club
// (LOCATION_ORGANIZATION). "Landeskrebsregister NRW", "Landesamt für
// Besoldung und Versorgung", "Ärztekammer Niedersachsen", "KV Bayerns",
// "Regierungspräsidium Freiburg": an authority of a Land by its head and
// its state, place or remit. "Grube Ensdorf", "Zeche Zollverein", "LPG
// Tierproduktion Cammin", "Ford-Werke": a pit, a GDR cooperative, a
// works. A health insurer's product ("ERGO Reiseversicherung") and the
// abbreviations "NLBV", "LBV", "KVB", "LÄK" name insurers and
// authorities.

// clubAbbrevs are abbreviations of German sports clubs (as written).
var clubAbbrevs = fieldSet(`TV SV FSV TSV VfB VfL VfR SC FC BSC SpVgg TuS MTV ESV BSV SSV TSG SG DJK PSV KSV FFC HSV
	TuRa TG TTC TC RSV SKV`)

// clubNameWords start clubs' names.
var clubNameWords = fieldSet(`Eintracht Borussia Dynamo Germania Union Fortuna Alemannia Concordia Rot-Weiss Rot-Weiß
	Blau-Weiß Blau-Weiss Grün-Weiß Grün-Weiss Schwarz-Weiß Preußen Preussen Hertha Werder Viktoria Victoria Teutonia
	Arminia Hansa Rasensport Olympia Turbine Lok Chemie Motor Stahl Empor Aufbau Vorwärts Wacker Kickers Sportfreunde`)

// stateAuthorityHeads name a Land's authority before its state, place or
// "für …" (folded).
var stateAuthorityHeads = fieldSet(`landeskrebsregister krebsregister landesamt landesverwaltungsamt landesjugendamt
	landeskriminalamt landesaerztekammer aerztekammer zahnaerztekammer psychotherapeutenkammer apothekerkammer
	landesversorgungsamt regierungspraesidium bezirksregierung landesdirektion landesbetrieb landessozialamt
	landesamts landesaerztekammer landesschulamt landesinstitut`)

// stateAbbrevs are the abbreviations of the Länder.
var stateAbbrevs = fieldSet(`NRW BW RLP MV SH BB ST TH SN HH HB BE NI SL HE BY`)

// orgAbbrevs are authorities' and insurers' abbreviations a register
// lacks, counted after an article or preposition.
var orgAbbrevs = fieldSet(`NLBV LBV KVB KVN KVWL KVNO LÄK ZÄK DRV LVA BfA KVH KVS LSJV`)

// pitWords name a pit, cooperative or works before its name.
var pitWords = fieldSet(`Grube Zeche Schacht Bergwerk Tagebau Hütte Werft LPG PGH GPG`)

var (
	orgs2GuardS = guardOf(clubAbbrevs, orgAbbrevs, pitWords, charityPlurals)
	orgs2GuardF = guardOf(stateAuthorityHeads, kvWords, authorityHeads)
)

// kvWords are the declined forms of "Kassenärztliche" (folded).
var kvWords = fieldSet(`kassenaerztliche kassenaerztlichen kassenaerztlicher kassenzahnaerztliche kassenzahnaerztlichen
	kassenzahnaerztlicher`)

func (r *run) moreOrgsAt(i int) {
	toks := r.tokens
	if i+1 >= len(toks) {
		return
	}
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) {
			continue
		}
		if t.is(shJoined) {
			r.works(t)
		}
		// "ERGO Reiseversicherung": a name before an insurance product
		if n := &toks[i+1]; insurerProduct(n.f) && n.is(shUpper) && r.near(t, n, false) && t.runes >= 3 && !t.medical() &&
			t.cls&cCommon == 0 && !registerCtxWords[t.s] && (t.is(shAllUpper) || registerSkip[t.s] || len(r.d.reg[t.f]) > 0) {
			r.add(t.b, n.e, kinds.LocationOrganization, "insurer-product", prioPlace)
		}
		if !r.mayS(&orgs2GuardS, t) && !r.mayF(&orgs2GuardF, t) {
			continue
		}
		if authorityHeads[t.f] {
			r.districtAuthority(i)
		}
		if charityPlurals[t.s] && i > 0 && toks[i-1].s == "den" {
			r.add(t.b, t.e, kinds.LocationOrganization, "charity", prioPlace)
		}
		n := &toks[i+1]
		near := r.near(t, n, false)
		switch {
		case clubAbbrevs[t.s] && near && n.is(shUpper) && !n.medical() && n.cls&(cCommon|cTitleStart|cSalut) == 0:
			// "TV Villingen 1848", "FSV Zwönitz"
			e, j := n.e, i+2
			if j < len(toks) && r.near(n, &toks[j], false) && toks[j].is(shUpper) && toks[j].cls&(cKnownCity|cState) != 0 {
				e, j = toks[j].e, j+1
			}
			if j < len(toks) && r.near(&toks[j-1], &toks[j], false) && toks[j].is(shDigits) && len(toks[j].s) == 4 && toks[j].s[0] <= '2' {
				e = toks[j].e
			}
			// a town or a club's name word after it ("SV Leistungen",
			// "SG Urteil" are none)
			if n.cls&(cKnownCity|cState) == 0 && r.d.towns[n.f] == nil && !clubNameWords[n.s] && !r.townShaped(i+1) {
				continue
			}
			r.add(t.b, e, kinds.LocationOrganization, "club", prioPlace)
		case kvWords[t.f] && near && strings.HasPrefix(n.f, "vereinigung") &&
			i+2 < len(toks) && r.near(n, &toks[i+2], false) && toks[i+2].is(shUpper):
			// "der Kassenärztlichen Vereinigung Bayerns"
			r.add(t.b, toks[i+2].e, kinds.LocationOrganization, "state-authority", prioPlace)
		case stateAuthorityHeads[t.f] && t.is(shUpper) && near:
			// "Landeskrebsregister NRW", "Ärztekammer Niedersachsen", "Landesamt für …"
			switch {
			case stateAbbrevs[n.s] || n.cls&(cState|cKnownCity) != 0 || r.d.towns[n.f] != nil:
				r.add(t.b, n.e, kinds.LocationOrganization, "state-authority", prioPlace)
			case n.s == "für" && i+2 < len(toks) && toks[i+2].is(shUpper):
				e := toks[i+2].e
				for j := i + 3; j+1 < len(toks) && j < i+7; j += 2 {
					if (toks[j].s == "und" || toks[j].s == ",") && toks[j+1].is(shUpper) && r.near(&toks[j-1], &toks[j], false) {
						e = toks[j+1].e
						continue
					}
					break
				}
				r.add(t.b, e, kinds.LocationOrganization, "state-authority", prioPlace)
			}
		case orgAbbrevs[t.s] && i > 0 && registerCtxWords[toks[i-1].s] && r.near(&toks[i-1], t, false):
			r.add(t.b, t.e, kinds.LocationOrganization, "org-abbreviation", prioPlace)
		case pitWords[t.s] && near && n.is(shUpper) && !n.medical() && n.cls&cCommon == 0:
			// "Grube Ensdorf", "LPG Tierproduktion Cammin"
			e := n.e
			if k := r.companyWords(i + 1); k > 0 {
				e = toks[i+k].e
			}
			r.add(t.b, e, kinds.LocationOrganization, "works", prioPlace)
		}
	}
}

// insurerProducts end an insurer's product name after the insurer
// ("ERGO Reiseversicherung", "Allianz Lebensversicherung").
func insurerProduct(f string) bool {
	return len(f) > 12 && f[len(f)-1] == 'g' && strings.HasSuffix(f, "versicherung")
}

// districtAuthority flags "Jugendamt des Erzgebirgskreises", "Landratsamt
// des Vogtlandkreises": an authority and a district named in one word.
func (r *run) districtAuthority(i int) {
	toks := r.tokens
	if i+2 >= len(toks) || toks[i+1].s != "des" || !r.near(&toks[i], &toks[i+1], false) || !r.near(&toks[i+1], &toks[i+2], false) {
		return
	}
	d := &toks[i+2]
	f := d.f
	if g, ok := strings.CutSuffix(f, "es"); ok {
		f = g
	} else {
		f = strings.TrimSuffix(f, "s")
	}
	if d.is(shUpper) && (districtSuffix(f) || strings.HasPrefix(d.f, "landkreis")) {
		r.add(toks[i].b, d.e, kinds.LocationOrganization, "district-authority", prioPlace)
	}
}

// authorityHeads may take a district in the genitive.
var authorityHeads = fieldSet(`jugendamt landratsamt gesundheitsamt sozialamt jobcenter kreisjugendamt kreissozialamt
	veterinaeramt ordnungsamt schulamt kreisverwaltung`)

// charityPlurals are the welfare organisations in the dative plural.
var charityPlurals = fieldSet(`Johannitern Maltesern Samaritern`)

// works flags "Ford-Werke", "Leuna-Werke": a name before "-Werke".
func (r *run) works(t *token) {
	if !strings.HasSuffix(t.f, "werke") && !strings.HasSuffix(t.f, "werk") {
		return
	}
	if h := strings.LastIndex(t.f, " "); h > 0 && (t.f[h+1:] == "werke" || t.f[h+1:] == "werk") &&
		r.d.lex[t.f[:h]]&(cCommon|cMedical) == 0 && !strings.Contains(t.f[:h], " ") {
		r.add(t.b, t.e, kinds.LocationOrganization, "works", prioPlace)
	}
}
