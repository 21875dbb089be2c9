package osmbuild

import (
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
)

// Pool cleaning. Every named OSM object of a pool category is a candidate
// surrogate for a facility; many are not usable as one. The rules below
// (in this order; the first that matches names the reason) drop a
// candidate, each as a pattern plus a validation, in the manner of
// Presidio's recognisers:
//
//   - junk: no letters, fewer than three letters, URLs and e-mail
//     addresses, one all-caps code ("RFS", "B2") that shows no class,
//     list separators ("|", ";", "?"), over-long names, a marker's
//     inventory code or a year range ("20/13/0/1 - …", "… 1654 - 1958");
//   - parking: amenity=parking|parking_entrance|parking_space|…, or a name
//     with Parkplatz, Parkhaus, Tiefgarage, Parkdeck, Dauerparker, P+R,
//     "P2";
//   - fuel: amenity=fuel|charging_station|car_wash, or a name with
//     Tankstelle, Autohof, Service Station, Ladestation, Waschanlage;
//   - infrastructure: stops, terminals, recycling, vending machines,
//     lockers, boards, viewpoints, slipways… by tag, or a name with
//     Haltestelle, Linie 5, Umspannwerk, Trafo, Wertstoffhof, Kläranlage,
//     Packstation, Wanderweg, Gerätehaus, SB-Geschäftsstelle, "Führung
//     durch …"…;
//   - address: a house number after a street word ("Speyerer Str. 4",
//     "Mühlgasse 18"), "Nr. 3", a name that is only a street name of
//     the extract or ends in a street suffix ("Poststraße"), or a
//     branch's street ("… Geschäftsstelle Lauf Altdorfer-Straße", "…
//     Shop (Hafenstraße)");
//   - brand: a chain's name with nothing but filler words or a place
//     ("Lidl", "Aldi Süd", "REWE Getränkemarkt", "Deutsche Post Filiale"):
//     a brand alone does not stand for an organisation;
//   - person: a person's name (below); when the person stands in a
//     segment of its own ("K. Dobler - Physiotherapie und
//     Naturheilpraxis"), the segment is removed and the rest is checked
//     again and kept if it passes and is more than one common noun;
//   - type-only: only domain words, no proper noun and no locating phrase
//     ("Apotheke", "Krankenhaus", "Evangelischer Kindergarten");
//   - misleading: the name shows a health or public institution while the
//     tags say shop, craft, gastronomy, leisure, tourism or veterinary
//     ("Blitzklinik" is a car repair shop, "Kosmetik & Wellness Institut"
//     a beauty shop), or an academy owned by an authority or company
//     ("Führungsakademie der Bundesagentur für Arbeit" is no university);
//     a shop or craft whose name shows a place of another kind (a park, a
//     bath, a school, a sports ground …: "Arena Outlet", "Zoo-Hechtl"); a
//     pub or restaurant whose name shows anything but gastronomy
//     ("Klosterstube", "Handwerkerstübchen"); a
//     practice that reads as a doctor's on a healer's or midwife's tag
//     ("Praxis für positive Energie", "Laufer Hebammenpraxis"); a driving
//     or dog school read as a school; a private administration read as an
//     authority ("BJW Hausverwaltung GmbH", "Bungalowverwaltung").
//
// A person's name is: an academic or medical title (Dr., Prof., Dipl.-…,
// med., PD, FA für) or "Inh."; an initial before a capitalised word
// ("M. Reisser"); a grave ("Yuly Aykhenvald's Grave", "Grab von …"); a first name of the name lexicon followed (after
// particles such as "von") by a capitalised word that is no domain word
// ("Verena Weber", "Frank Wetzel"), except after a saint's marker ("St.
// Otto") and inside hyphenated eponyms ("Albert-Schweitzer-Schule", one
// word); "& Kollegen"; and, for objects whose business is one person's
// (doctors, dentists, therapists, healers, lawyers, notaries, tax
// advisers; no legal form such as GmbH or e.V.), a lexicon surname, or a
// capitalised proper noun outside a locating phrase ("Praxis Wachter",
// "Anwaltskanzlei Tröschel", not "Praxis am Markt" or "Physiozentrum
// Lauf"), or a practice name that shows no type at all. A single surname
// in a shop or craft name ("Metzgerei Weber") is the firm's name and is
// kept. A practice named after its doctor ("Praxis Dr. Meier") is dropped,
// not rewritten: without the person it is only a type word.

// Reason is why a pool candidate was dropped (Keep: it was not).
type Reason uint8

// Reasons, in the order the rules are tried.
const (
	Keep Reason = iota
	ReasonJunk
	ReasonParking
	ReasonFuel
	ReasonInfrastructure
	ReasonAddress
	ReasonBrand
	ReasonPerson
	ReasonTypeOnly
	ReasonMisleading
	NumReasons
)

var reasonNames = [NumReasons]string{"", "junk", "parking", "fuel", "infrastructure", "address", "brand", "person", "type-only", "misleading"}

// String returns the reason's name as stored in the pack's pool report.
func (r Reason) String() string {
	if r < NumReasons {
		return reasonNames[r]
	}
	return "unknown"
}

// EditPersonRemoved is the pool report's reason for kept entries whose
// person segment was removed.
const EditPersonRemoved = "person-removed"

// Cleaned is the verdict on one pool candidate.
type Cleaned struct {
	Name   string // the name to store (Keep), possibly edited
	Reason Reason
	Edited bool // a person segment was removed from the name
}

// cleaner applies the rules. Its dependencies are passed in: the name
// lexicon and the extract's own place and street names.
type cleaner struct {
	names *data.Resources
	// place reports whether a word (as written) names a place of the
	// extract or of the gazetteer; street whether a whole name is a
	// street of the extract. Either may be nil.
	place  func(word string) bool
	street func(name string) bool
}

func newCleaner(names *data.Resources, place func(string) bool, street func(string) bool) *cleaner {
	if names == nil {
		names = data.Default()
	}
	return &cleaner{names: names, place: place, street: street}
}

// Clean applies the cleaning rules to a name of the given category
// (key=value as in geo.PoolEntry) with the embedded name lexicon and no
// extract: what `surrogator osmbuild` does for each candidate.
func Clean(name, category string) Cleaned {
	return newCleaner(nil, nil, nil).clean(name, category)
}

func (cl *cleaner) clean(name, category string) Cleaned {
	name = strings.Join(strings.Fields(name), " ")
	if r := cl.before(name, category); r != Keep {
		return Cleaned{Reason: r}
	}
	if cl.brandOnly(name) { // before the person rule: "Rossmann", "Müller"
		return Cleaned{Reason: ReasonBrand}
	}
	if cl.person(name, category) {
		rest, ok := cl.withoutPerson(name, category)
		if !ok {
			return Cleaned{Reason: ReasonPerson}
		}
		if cl.before(rest, category) != Keep || cl.after(rest, category) != Keep {
			return Cleaned{Reason: ReasonPerson}
		}
		return Cleaned{Name: rest, Edited: true}
	}
	if r := cl.after(name, category); r != Keep {
		return Cleaned{Reason: r}
	}
	return Cleaned{Name: name}
}

// before runs the rules tried before the person rule. The word lists
// are matched on the lower-cased name (substrings: one pass each, no
// regular expression unless a digit or sign calls for one).
func (cl *cleaner) before(name, category string) Reason {
	lower := strings.ToLower(name)
	digit := strings.ContainsAny(name, "0123456789")
	switch {
	case junk(name):
		return ReasonJunk
	case parkingCats[category] || containsAny(lower, parkingWords) ||
		(digit || strings.ContainsAny(name, "+&")) && parkingCodeRe.MatchString(lower):
		return ReasonParking
	case fuelCats[category] || containsAny(lower, fuelWords):
		return ReasonFuel
	case infraCats[category] || containsAny(lower, infraWords) || digit && infraNumRe.MatchString(lower):
		return ReasonInfrastructure
	case cl.address(name, lower, digit):
		return ReasonAddress
	}
	return Keep
}

// containsAny reports whether s contains one of subs.
func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// after runs the rules tried after the person rule.
func (cl *cleaner) after(name, category string) Reason {
	switch {
	case cl.brandOnly(name):
		return ReasonBrand
	case typeOnly(name):
		return ReasonTypeOnly
	case misleading(name, category):
		return ReasonMisleading
	}
	return Keep
}

// ---- junk

var (
	markerRe    = regexp.MustCompile(`(^|\s)\d+(/\d+)+(\s|$)|(^|\s)1\d{3}\s*[-–]\s*[12]\d{3}(\s|$)`)
	urlRe       = regexp.MustCompile(`(?i)(https?:|www\.|@|\.(de|com|net|org|eu|info|shop|online)(\s|$))`)
	codeTokenRe = regexp.MustCompile(`^[\p{Lu}\d&+./-]{1,5}$`)
)

func junk(name string) bool {
	letters := 0
	for _, r := range name {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters < 3 || utf8.RuneCountInString(name) > 80 || strings.ContainsAny(name, "|;?{}<>") ||
		strings.ContainsAny(name, ".@:") && urlRe.MatchString(name) {
		return true
	}
	// a marker's inventory code or dates ("20/13/0/1 - Historický znak
	// 1765", "Norderhafen 1654 - 1958"): no organisation
	if strings.ContainsAny(name, "0123456789") && markerRe.MatchString(name) {
		return true
	}
	// one all-caps code that shows no class ("RFS", "HEM", "B2"); an
	// acronym the taxonomy knows ("AOK", "MVZ") is judged by later rules
	if !strings.Contains(name, " ") && codeTokenRe.MatchString(name) && taxonomy.Classify(name) == taxonomy.Unknown {
		return true
	}
	return false
}

// ---- parking, fuel, infrastructure

var (
	parkingCats = set("amenity=parking", "amenity=parking_entrance", "amenity=parking_space", "amenity=bicycle_parking",
		"amenity=motorcycle_parking", "amenity=car_sharing", "amenity=parking_exit", "parking=multi-storey", "parking=underground")
	parkingWords = []string{"parkplatz", "parkplätze", "parkplaetze", "parkhaus", "parkhäuser", "parkhaeuser", "tiefgarage",
		"parkdeck", "parkpalette", "dauerparker", "kurzparker", "besucherparken"}
	parkingCodeRe = regexp.MustCompile(`park\s*(\+|&|and)\s*ride|(^|[^\pL])p\s*\+\s*r([^\pL]|$)|(^|[^\pL])p\s?\d{1,2}([^\pL\d]|$)`)
	fuelCats      = set("amenity=fuel", "amenity=charging_station", "amenity=car_wash", "shop=fuel")
	fuelWords     = []string{"tankstelle", "autohof", "service station", "service-station", "servicestation", "tank center",
		"tankcenter", "ladestation", "ladesäule", "ladesaeule", "autogas", "waschstraße", "waschstrasse", "waschanlage", "waschpark"}
	infraCats = set(
		"amenity=bus_station", "amenity=ferry_terminal", "amenity=taxi", "amenity=recycling", "amenity=waste_disposal",
		"amenity=waste_transfer_station", "amenity=waste_basket", "amenity=vending_machine", "amenity=parcel_locker",
		"amenity=post_box", "amenity=post_depot", "amenity=atm", "amenity=telephone", "amenity=toilets", "amenity=clock",
		"amenity=drinking_water", "amenity=fountain", "amenity=bench", "amenity=shelter", "amenity=bicycle_rental",
		"amenity=bicycle_repair_station", "amenity=building_yard", "amenity=lifeboat", "amenity=loading_dock",
		"amenity=grit_bin", "amenity=bbq", "amenity=watering_place", "amenity=water_point", "amenity=compressed_air",
		"amenity=sanitary_dump_station", "amenity=hunting_stand", "amenity=boat_rental", "amenity=kneipp_water_cure",
		"amenity=charging_point", "amenity=public_bookcase", "amenity=letter_box", "amenity=dog_toilet",
		"amenity=feeding_place", "amenity=give_box", "amenity=photo_booth", "amenity=smoking_area",
		"tourism=information", "tourism=viewpoint", "tourism=picnic_site", "tourism=artwork",
		"leisure=slipway", "leisure=firepit", "leisure=picnic_table", "leisure=bandstand", "leisure=outdoor_seating",
		"leisure=bleachers", "leisure=track", "leisure=common", "leisure=schoolyard", "leisure=bathing_place")
	infraWords = []string{"haltestelle", "bahnsteig", "umspann", "trafo", "transformator", "schaltwerk", "schaltanlage",
		"wertstoff", "recycling", "kläranlage", "klaeranlage", "klärwerk", "klaerwerk", "pumpwerk", "pumpstation",
		"regenüberlauf", "regenueberlauf", "regenrückhalte", "regenrueckhalte", "hochbehälter", "hochbehaelter",
		"sendemast", "funkmast", "mobilfunk", "packstation", "paketbox", "paketshop", "paketstation", "briefkasten",
		"wanderweg", "radweg", "rundweg", "lehrpfad", "fähranleger", "faehranleger", "anlegestelle", "infotafel",
		"informationstafel", "wanderkarte", "container", "sammelstelle", "verteilerkasten", "gleisanschluss",
		// a station's building, a self-service branch (cash machines), a
		// guided tour: no organisation of their own
		"gerätehaus", "geraetehaus", "sb-geschäftsstelle", "sb-geschaeftsstelle", "sb-filiale", "sb-center", "sb-stelle",
		"geldautomat", "führung durch", "fuehrung durch",
		// markers and graves
		"grenzstein", "gedenkstein", "gedenktafel", "wegkreuz", "feldkreuz", "bildstock", "meilenstein"}
	infraNumRe = regexp.MustCompile(`(^|[^\pL])(bus|linie|tram|route)\s*\d`)
)

func set(ss ...string) map[string]bool {
	m := make(map[string]bool, len(ss))
	for _, s := range ss {
		m[s] = true
	}
	return m
}

// ---- address

var (
	houseNumberRe = regexp.MustCompile(`(stra(ß|ss)e|str\.|weg|gasse|allee|platz|ring|damm|steig|pfad|chaussee|promenade|ufer|graben|stieg|twiete|kai|zeile|wall)\s*\d{1,3}\s?[a-z]?([^\pL\d]|$)|(^|\s)nr\.?\s*\d`)
	streetOnlyRe  = regexp.MustCompile(`^[\pL.'-]*(stra(ß|ss)e|str\.|gasse|allee|weg|damm|chaussee|promenade|twiete|steig|stieg)$`)
)

func (cl *cleaner) address(name, lower string, digit bool) bool {
	if digit && houseNumberRe.MatchString(lower) || !strings.Contains(name, " ") && streetOnlyRe.MatchString(lower) {
		return true
	}
	if m := branchStreetRe.FindStringSubmatch(lower); m != nil && streetOnlyRe.MatchString(m[1]+m[2]) {
		// the branch's address: "Sparkasse Nürnberg Geschäftsstelle Lauf
		// Altdorfer-Straße", "Duty Free Shop (Hafenstraße)"
		return true
	}
	if cl.street == nil {
		return false
	}
	if cl.street(name) {
		return true
	}
	// a street of the extract before a house number ("Alt-Wittenau 64")
	toks := strings.Fields(name)
	for i, t := range toks {
		if !digit || !houseNoRe.MatchString(t) {
			continue
		}
		for n := 1; n <= 3 && n <= i; n++ {
			if cl.street(strings.Join(toks[i-n:i], " ")) {
				return true
			}
		}
	}
	return false
}

var houseNoRe = regexp.MustCompile(`^\d{1,3}[a-zA-Z]?[,.]?$`)

// branchStreetRe finds a word in parentheses, or the last word after a
// branch's designation (Geschäftsstelle, Filiale, Zweigstelle,
// Niederlassung, Standort); address checks whether it is a street name.
var branchStreetRe = regexp.MustCompile(`\(([^()\s]+)\)\s*$|(?:geschäftsstelle|filiale|zweigstelle|niederlassung|standort)\s+(?:\S+\s+)?(\S+)$`)

// ---- person

var (
	titleRe = regexp.MustCompile(`(?i)(^|[^\pL])(dr|prof|dipl|med|dent|priv|mudr|pd|inh)\.|(^|[^\pL])(dr|prof|pd|inhaber|inhaberin)(\s|$)|(^|\s)f(a|ä)\s+f(ü|ue)r\s|(^|[^\pL])(dipl\.?-|m\.\s?sc\.|b\.\s?sc\.|ma\s|msc\s|heilpraktiker(in)?\s+\pL)`)
	// an initial before a capitalised word: "M. Reisser", "G. Brucklacher"
	initialRe    = regexp.MustCompile(`(^|[\s(])\p{Lu}\.\s?\p{Lu}\p{Ll}{2,}`)
	colleaguesRe = regexp.MustCompile(`(?i)(&|\bund|\bu\.)\s*(kollegen|kolleginnen|kollegin|partner(innen)?|team)\b`)
	legalFormRe  = regexp.MustCompile(`(?i)(^|\s)(gmbh|ag|kg|ohg|gbr|ug|eg|e\.\s?v\.?|ev|mbh|se|ltd|inc|e\.\s?k\.?|partg|partgmbb)(\s|$|&)`)
	// personCats are objects whose business is usually one person's.
	personCats = set("amenity=doctors", "amenity=dentist", "healthcare=doctor", "healthcare=dentist",
		"healthcare=psychotherapist", "healthcare=physiotherapist", "healthcare=alternative",
		"healthcare=occupational_therapist", "healthcare=speech_therapist", "healthcare=podiatrist",
		"healthcare=counselling", "healthcare=midwife", "healthcare=optometrist", "healthcare=audiologist",
		"healthcare=dietitian", "healthcare=psychologist", "office=physician", "office=healer", "office=therapist",
		"office=lawyer", "office=notary", "office=tax_advisor", "office=accountant", "office=psychologist")
	// practiceCats name no class of their own beyond "practice": a name
	// in them that shows no type is its practitioner's name.
	practiceCats = set("amenity=doctors", "amenity=dentist", "healthcare=doctor", "healthcare=dentist",
		"healthcare=psychotherapist", "healthcare=physiotherapist", "healthcare=alternative",
		"healthcare=occupational_therapist", "healthcare=speech_therapist", "healthcare=podiatrist", "office=physician")
	// practiceWords: words that show a practice's trade even where the
	// taxonomy has no rule for them ("Kinderärzte", "Physiozentrum").
	practiceWords = []string{"ärzt", "aerzt", "arzt", "praxis", "praxen", "zentrum", "therap", "medizin", "heilkunde",
		"chirurg", "logopäd", "logopaed", "physio", "osteopath", "hebamme", "heilprakti", "klinik", "mvz", "gesundheit",
		"labor", "diagnost", "radiolog", "kardiolog", "orthopäd", "orthopaed", "neurolog", "psych", "dermatolog", "urolog",
		"gynäkolog", "gynaekolog", "pädiat", "paediat", "zahn", "dental", "kieferorthop", "optometr", "akust", "ernährung",
		"ernaehrung", "podolog", "fußpflege", "fusspflege", "ergo", "massage"}
	saintMarkers = set("st", "st.", "sankt", "hl", "hl.", "heilige", "heiliger", "heiligen", "santa", "san", "sainte", "saint")
	particles    = set("von", "van", "de", "der", "zu", "vom", "zur", "di", "da", "le", "la", "del", "ten", "ter")
	// locators start a phrase that locates or describes the facility;
	// a proper noun after them is a place or a field, not a person.
	locators = set("am", "an", "im", "in", "der", "des", "die", "das", "dem", "den", "bei", "auf", "zum", "zur",
		"vom", "von", "zu", "unter", "hinter", "vor", "für", "fuer", "und", "u.", "&", "+", "mit", "ob", "a.", "i.", "a.d.")
)

// person reports whether name contains a person's name by the rules in
// the package comment.
func (cl *cleaner) person(name, category string) bool {
	lower := strings.ToLower(name)
	dot := strings.Contains(name, ".")
	if (dot || titleHint(lower)) && titleRe.MatchString(name) || dot && initialRe.MatchString(name) {
		return true
	}
	if strings.Contains(lower, "'s grave") || strings.HasPrefix(lower, "grab ") || strings.HasPrefix(lower, "grabstätte ") {
		return true // a grave is named after its dead
	}
	if containsAny(lower, []string{"kolleg", "partner", "team"}) && colleaguesRe.MatchString(name) &&
		(personCats[category] || strings.Contains(lower, "kolleg")) {
		return true
	}
	if cl.bareName(name) { // "Wetzel", "Monika Allmrodt"
		return true
	}
	toks := strings.Fields(name)
	for i := 0; i < len(toks); i++ {
		w := trimPunct(toks[i])
		if !capitalised(w) || utf8.RuneCountInString(w) < 3 || !cl.names.IsFirstName(w) {
			continue
		}
		if i > 0 && saintMarkers[strings.ToLower(trimPunct(toks[i-1]))] {
			continue
		}
		j := i + 1
		for j < len(toks) && particles[strings.ToLower(toks[j])] {
			j++
		}
		if j < len(toks) && strings.HasSuffix(toks[i], ",") {
			continue // "Anna, Max" lists names, "Lauf, Bhf." places
		}
		if j < len(toks) {
			next := trimPunct(toks[j])
			if capitalised(next) && !acronym(next) && !domainWord(next) {
				return true
			}
		}
	}
	if !personCats[category] || legalFormRe.MatchString(name) {
		return false
	}
	if practiceCats[category] && !containsAny(lower, practiceWords) {
		if c, _ := taxonomy.ClassifyTagged(name, ""); c == taxonomy.Unknown {
			return true
		}
	}
	// one person's business: a surname of the lexicon, or a proper noun
	// outside a locating phrase that names no place
	inPhrase := false
	for i, t := range toks {
		lw := strings.ToLower(t)
		if locators[lw] {
			inPhrase = true
			continue
		}
		w := trimPunct(t)
		if w == "" || !capitalised(w) || acronym(w) {
			continue
		}
		if cl.names.IsSurname(w) && !domainWord(w) && !cl.isPlace(w) {
			return true
		}
		if inPhrase || containsAny(strings.ToLower(w), practiceWords) || domainWord(w) || cl.isPlace(w) {
			continue
		}
		// an adjective before a domain word ("Allgemeine
		// Steuerberatungsgesellschaft", "Therapeutische Praxis")
		if i+1 < len(toks) && adjectival(w) && domainWord(trimPunct(toks[i+1])) {
			continue
		}
		return true
	}
	return false
}

// titleHint reports whether a name without a period may still hold a
// title (titleRe's alternatives without one).
func titleHint(lower string) bool {
	for _, w := range strings.Fields(lower) {
		switch w {
		case "dr", "prof", "pd", "inhaber", "inhaberin", "fa", "fä", "ma", "msc":
			return true
		}
	}
	return strings.Contains(lower, "heilprakti")
}

// withoutPerson removes the segments of name (separated by " - ", " – ",
// ", ", " / ") that hold a person's name; ok is false when nothing, or
// everything, would remain.
func (cl *cleaner) withoutPerson(name, category string) (string, bool) {
	segs := segmentRe.Split(name, -1)
	if len(segs) < 2 {
		return "", false
	}
	var keep []string
	for _, s := range segs {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if cl.person(s, "") || cl.bareName(s) {
			continue
		}
		keep = append(keep, s)
	}
	if len(keep) == 0 || len(keep) == len(segs) {
		return "", false
	}
	// a lone proper noun beside a cut person is most likely another
	// person ("Beck, Oehlen, Kaltenbrunner - Steuerberater")
	for _, k := range keep {
		if f := strings.Fields(k); len(f) == 1 && capitalised(f[0]) && !domainWord(f[0]) && !coined(f[0]) && !acronym(f[0]) {
			return "", false
		}
	}
	rest := strings.Join(keep, " - ")
	// one common noun left is a trade ("Heilpraktikerin", "Umzüge"), no
	// name; a coined one ("Haut-Sache", "OrthoPoint") is
	if f := strings.Fields(rest); len(f) < 2 && !coined(f[0]) || cl.person(rest, category) {
		return "", false
	}
	return rest, true
}

var segmentRe = regexp.MustCompile(`\s+[-–—/]\s+|,\s+`)

// coined reports whether a single word is a coined name: hyphenated or
// with a capital inside ("Haut-Sache", "OrthoPoint").
func coined(w string) bool {
	if strings.Contains(strings.Trim(w, "-"), "-") {
		return true
	}
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// bareName reports whether a segment is a person's name by the lexicon
// alone: every word a first name or surname, one a surname ("Sabine
// Arnold", "Weber"; not "Hugo", nor "Naujocks", which the lexicon lacks).
func (cl *cleaner) bareName(s string) bool {
	toks := strings.Fields(s)
	if len(toks) == 0 || len(toks) > 4 {
		return false
	}
	surname := false
	for _, t := range toks {
		w := trimPunct(t)
		if !capitalised(w) || !(cl.names.IsFirstName(w) || cl.names.IsSurname(w)) || domainWord(w) {
			return false
		}
		surname = surname || cl.names.IsSurname(w)
	}
	// a first name alone ("Hugo", "Liv") names a café, not a person
	return surname
}

// isPlace reports whether w names a place of the extract or the
// gazetteer, or is the adjective of one ("Laufer", "Heidelberger").
func (cl *cleaner) isPlace(w string) bool {
	for _, x := range []string{w, strings.TrimSuffix(w, "er")} {
		if x == "" || x != w && len(x) < 3 {
			continue
		}
		if cl.place != nil && cl.place(x) {
			return true
		}
		// the gazetteer by the name or its first word ("Lauf" for "Lauf
		// an der Pegnitz") only: its looser matching would take many
		// surnames for places
		if i, ok := cl.names.MunicipalityByName(x); ok {
			m, f := data.Fold(cl.names.Municipalities[i].Name), data.Fold(x)
			if m == f || strings.HasPrefix(m, f+" ") {
				return true
			}
		}
	}
	return false
}

// domainWord reports whether w belongs to the facility vocabulary (type
// words, adjectives such as "Städtisches", stop words).
func domainWord(w string) bool { return len(taxonomy.ProperNouns(w)) == 0 }

func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// acronym: two or more capitals, or a digit ("KfH", "TSV", "L58").
func acronym(w string) bool {
	up := 0
	for _, r := range w {
		if unicode.IsUpper(r) {
			up++
		}
		if unicode.IsDigit(r) {
			return true
		}
	}
	return up >= 2
}

func adjectival(w string) bool {
	l := strings.ToLower(w)
	for _, s := range []string{"e", "er", "es", "en", "em", "isch", "ische", "ischer", "isches"} {
		if strings.HasSuffix(l, s) {
			return true
		}
	}
	return false
}

func trimPunct(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsPunct(r) && r != '.' && r != '-' && r != '\'' || r == ',' || r == ':' || r == ';'
	})
}

// ---- brand

// brands are chains whose name alone (with filler words or a place) does
// not stand for an organisation. Folded, as taxonomy.ProperNouns folds.
var brands = []string{
	"aral", "shell", "agip", "eni", "esso", "jet", "total", "totalenergies", "avia", "bp", "star", "omv", "hem", "westfalen",
	"lidl", "aldi", "aldi sued", "aldi nord", "rewe", "rewe city", "edeka", "e center", "netto", "penny", "norma", "kaufland",
	"real", "globus", "marktkauf", "tegut", "nahkauf", "nah und gut", "denns", "alnatura", "dm", "rossmann", "mueller", "budni",
	"mcdonald's", "mcdonalds", "burger king", "kfc", "subway", "starbucks", "nordsee", "kochloeffel", "le crobag",
	"backwerk", "kamps", "ditsch", "fielmann", "apollo", "apollo optik", "deichmann", "kik", "tedi", "nkd", "takko", "h&m",
	"c&a", "woolworth", "action", "fressnapf", "hornbach", "obi", "bauhaus", "toom", "hagebaumarkt", "wuerth",
	"media markt", "mediamarkt", "saturn", "expert", "telekom", "vodafone", "o2", "dhl", "hermes", "ups", "dpd", "gls",
	"deutsche post", "postbank", "commerzbank", "deutsche bank", "hypovereinsbank", "targobank", "santander",
	"europcar", "sixt", "hertz", "avis", "geers", "amplifon", "kind", "tipico", "lotto", "toto", "lotto toto", "jysk",
	"ikea", "smyths", "thalia", "hugendubel", "tchibo", "douglas", "ernsting's family", "vom fass", "getraenke hoffmann",
	"trinkgut", "shurgard", "amazon", "euronet", "reisebank", "flixbus", "pizza hut", "dominos", "domino's",
	"vapiano", "tui", "dertour", "mobilcom", "1&1", "o2 shop", "telekom shop", "vodafone shop", "bosch service",
	"bosch car service", "atu", "a.t.u", "pit stop", "euromaster", "vergoelst", "fressnapf", "zoo zajac", "mueller drogerie",
	"rossmann express", "netto marken discount", "ford", "opel", "mercedes benz", "bmw", "vw", "volkswagen", "audi", "renault",
	"mazda", "honda", "toyota", "skoda", "seat", "kia", "hyundai", "nissan", "peugeot", "citroen", "fiat", "tuev", "dekra",
}

// fillers may follow a brand without making its name specific.
var fillers = set("filiale", "express", "markt", "supermarkt", "center", "centre", "shop", "store", "service", "station",
	"sb", "sued", "nord", "ost", "west", "mitte", "city", "discount", "marken", "getraenkemarkt", "getraenke", "drogerie",
	"autohaus", "tankstelle", "agentur", "partner", "zentrum", "baumarkt", "fachmarkt", "outlet", "punkt", "geschaeftsstelle",
	"bank", "postfiliale", "paketshop", "xl", "plus", "to", "go", "restaurant", "drive", "in", "und", "&", "der", "die", "das")

var brandSet = func() map[string]bool {
	m := map[string]bool{}
	for _, b := range brands {
		m[b] = true
	}
	return m
}()

var (
	brandReplacer = strings.NewReplacer("-", " ", "’", "'")
	typeReplacer  = strings.NewReplacer(".", " ", ",", " ", "\"", " ", "-", "")
)

// brandOnly reports whether name is a chain's name with only filler words
// or places after it.
func (cl *cleaner) brandOnly(name string) bool {
	words := strings.Fields(data.Fold(brandReplacer.Replace(name)))
	for n := min(3, len(words)); n >= 1; n-- {
		if !brandSet[strings.Join(words[:n], " ")] {
			continue
		}
		for _, w := range words[n:] {
			if !fillers[w] && !cl.isPlace(w) {
				return false
			}
		}
		return true
	}
	return false
}

// ---- type-only

// genericNouns are bare type words: a name made of them (and of generic
// adjectives, articles and prepositions) names no particular facility.
var genericNouns = set(
	"apotheke", "krankenhaus", "klinik", "kliniken", "klinikum", "hospital", "praxis", "arztpraxis", "hausarztpraxis",
	"zahnarztpraxis", "gemeinschaftspraxis", "facharztpraxis", "kinderarztpraxis", "tierarztpraxis", "ambulanz",
	"notaufnahme", "rettungswache", "rettungsdienst", "bereitschaftspraxis", "tagesklinik", "fachklinik", "rehaklinik",
	"arzt", "aerzte", "hausarzt", "zahnarzt", "kinderarzt", "tierarzt", "frauenarzt", "augenarzt",
	"physiotherapie", "ergotherapie", "logopaedie", "psychotherapie", "krankengymnastik", "osteopathie",
	"orthopaedie", "kardiologie", "neurologie", "urologie", "dermatologie", "gynaekologie", "radiologie",
	"chirurgie", "allgemeinmedizin", "innere", "medizin", "zahnheilkunde", "kinderheilkunde", "psychiatrie", "labor",
	"rathaus", "landratsamt", "gesundheitsamt", "jugendamt", "sozialamt", "buergeramt", "standesamt", "finanzamt",
	"ordnungsamt", "bauamt", "amt", "gemeindeverwaltung", "stadtverwaltung", "verwaltung", "polizei", "polizeistation",
	"feuerwehr", "feuerwache", "jobcenter", "krankenkasse", "versicherung", "gericht", "amtsgericht",
	"kirche", "kapelle", "pfarramt", "pfarrhaus", "gemeindehaus", "gemeindezentrum", "friedhof", "moschee",
	"spielplatz", "waldspielplatz", "sporthalle", "turnhalle", "sportplatz", "bolzplatz", "sportzentrum", "stadion",
	"hallenbad", "freibad", "schwimmbad", "schwimmhalle", "therme", "sauna", "minigolf", "minigolfplatz",
	"becken", "schwimmerbecken", "nichtschwimmerbecken", "babybecken", "planschbecken", "kinderbecken",
	"sportbecken", "springerbecken", "lehrschwimmbecken", "freizeitbecken", "wellenbecken",
	"kindergarten", "kita", "kindertagesstaette", "kinderkrippe", "krippe", "hort", "grundschule", "schule",
	"gymnasium", "realschule", "hauptschule", "mittelschule", "gesamtschule", "berufsschule", "volkshochschule",
	"bibliothek", "buecherei", "stadtbuecherei", "museum", "theater", "kino", "jugendzentrum", "jugendhaus",
	"altenheim", "seniorenheim", "pflegeheim", "pflegedienst", "sozialstation", "tagespflege", "hospiz",
	"vereinsheim", "sportheim", "clubhaus", "bank", "sparkasse", "volksbank", "post", "postfiliale",
	"cafeteria", "kantine", "mensa", "imbiss", "cafe", "restaurant", "gaststaette", "gasthaus", "gasthof", "kneipe",
	"biergarten", "pizzeria", "kiosk", "baeckerei", "metzgerei", "fleischerei", "friseur", "frisoer", "hotel",
	"pension", "campingplatz", "jugendherberge", "zoo", "tierpark", "park", "stadtpark", "kurpark", "garten",
	"markt", "wochenmarkt", "supermarkt", "getraenkemarkt", "baumarkt", "druckerei", "werkstatt", "autowerkstatt",
	"schlosserei", "schreinerei", "tischlerei", "zentrum", "center", "verein", "sportverein", "institut")

// genericAdjectives are stems of adjectives that do not make a name
// specific ("Evangelischer Kindergarten", "Städtisches Krankenhaus").
var genericAdjectives = []string{"staedtisch", "evangelisch", "katholisch", "oeffentlich", "freiwillig", "staatlich",
	"kommunal", "allgemein", "medizinisch", "aerztlich", "zahnaerztlich", "christlich", "kirchlich", "privat",
	"gemeinnuetzig", "ambulant", "stationaer", "therapeutisch", "internistisch", "orthopaedisch", "chirurgisch",
	"neu", "alt", "gross", "klein", "zentral", "integrativ", "kinder", "jugend"}

var adjEndings = set("e", "er", "es", "en", "em", "s")

var articles = set("der", "die", "das", "des", "dem", "den", "ein", "eine", "fuer", "und", "u", "&", "+", "mit", "e", "v", "ev")

// typeOnly: only generic type words, generic adjectives and articles.
func typeOnly(name string) bool {
	// a hyphenated compound is one word ("Markt-Apotheke" names one)
	words := strings.Fields(data.Fold(typeReplacer.Replace(name)))
	if len(words) == 0 {
		return false
	}
	for i, w := range words {
		if genericNouns[w] || articles[w] {
			continue
		}
		adj := false
		if i+1 < len(words) { // an adjective stands before its noun
			for _, a := range genericAdjectives {
				if rest, ok := strings.CutPrefix(w, a); ok && (rest == "" || adjEndings[rest]) {
					adj = true
					break
				}
			}
		}
		if !adj {
			return false
		}
	}
	return true
}

// ---- misleading

// everyday are the classes whose names can stand on tags of any kind;
// a name of any other class (hospitals, practices, insurers, courts,
// universities …) must not be a shop's or a pub's.
var everyday = set("", "unknown", "shop", "company", "gastronomy", "leisure", "lodging", "culture", "sport", "park",
	"bath", "school", "religious", "church", "association", "other")

var concreteGastro = set("amenity=restaurant", "amenity=cafe", "amenity=fast_food", "amenity=bar", "amenity=pub",
	"amenity=biergarten", "amenity=ice_cream", "amenity=veterinary", "amenity=car_rental", "amenity=car_repair",
	"amenity=casino", "amenity=gambling", "amenity=nightclub", "amenity=stripclub", "amenity=brothel",
	"amenity=swingerclub", "amenity=driving_school", "amenity=dancing_school")

// placeClasses are the classes of places of their own (a park, a bath, a
// school …): a shop or craft business whose name shows one is not that
// place ("Arena Outlet" is a clothes shop, "Zoo-Hechtl" a pet shop,
// "Wäscherei Campingplatz Düne" a laundry).
var placeClasses = set("park", "bath", "lodging", "culture", "school", "church", "sport", "association")

// gastroCats are pubs, restaurants and cafés: their names stand for
// gastronomy only (gastroClasses), whatever word they borrow.
var (
	gastroCats = set("amenity=restaurant", "amenity=cafe", "amenity=fast_food", "amenity=bar", "amenity=pub",
		"amenity=biergarten", "amenity=ice_cream", "amenity=nightclub")
	gastroClasses = set("gastronomy", "unknown", "shop", "lodging")
)

// nonDoctorCats are practices that are no doctor's: a name that reads as
// a GP's or a specialist's practice on them ("Praxis für positive
// Energie", "Laufer Hebammenpraxis") would be served for one.
var nonDoctorCats = set("healthcare=alternative", "healthcare=midwife", "healthcare=counselling", "office=healer",
	"healthcare=birthing_centre", "healthcare=sample_collection", "healthcare=blood_donation")

// businessSchools are schools that are businesses: no school or Kita a
// letter names.
var businessSchools = []string{"fahrschule", "flugschule", "segelschule", "surfschule", "skischule", "hundeschule",
	"kochschule", "tauchschule", "motorradschule", "bootsschule"}

// privateAdmin are words of private administrations whose "-verwaltung"
// the taxonomy reads as an authority's ("BJW Hausverwaltung GmbH",
// "Bungalowverwaltung"); privateAdminCats their tags.
var (
	privateAdmin = []string{"hausverwaltung", "immobilien", "bungalow", "ferienwohnung", "objektverwaltung",
		"wohnungsverwaltung", "vermögensverwaltung", "vermoegensverwaltung", "grundstücksverwaltung",
		"grundstuecksverwaltung", "mietverwaltung", "wohnungsbau", "wohnbau"}
	privateAdminCats = set("office=estate_agent", "office=property_management", "office=real_estate_agent", "shop=estate_agent")
)

func misleading(name, category string) bool {
	cls := taxonomy.Classify(name)
	lower := strings.ToLower(name)
	shopOrCraft := strings.HasPrefix(category, "shop=") || strings.HasPrefix(category, "craft=")
	switch {
	case shopOrCraft && placeClasses[cls.String()]:
		return true
	case gastroCats[category] && !gastroClasses[cls.String()]:
		// a pub named "Klosterstube" or "Handwerkerstübchen" is no
		// monastery and no firm
		return true
	case (cls == taxonomy.PracticeGP || cls == taxonomy.PracticeSpecialist) && nonDoctorCats[category]:
		return true
	case cls == taxonomy.School && (category == "amenity=driving_school" || containsAny(lower, businessSchools)):
		return true
	case (cls.Court() || cls >= taxonomy.AuthorityGesundheitsamt && cls <= taxonomy.AuthorityOther) &&
		(legalFormRe.MatchString(name) || privateAdminCats[category] || containsAny(lower, privateAdmin)):
		// a firm is no authority, whatever its name's "-verwaltung" says
		return true
	}
	concrete := concreteGastro[category] || strings.HasPrefix(category, "shop=") || strings.HasPrefix(category, "craft=") ||
		strings.HasPrefix(category, "leisure=") || strings.HasPrefix(category, "tourism=")
	academy := strings.Contains(lower, "akademie")
	if !concrete && !academy {
		return false
	}
	if concrete && !everyday[cls.String()] {
		return true
	}
	if !academy {
		return false
	}
	// an academy of an authority, insurer or company is neither a
	// university nor the authority itself
	lw := strings.Fields(data.Fold(name))
	for i, w := range lw {
		if (w == "der" || w == "des") && i > 0 {
			if strings.Contains(strings.Join(lw[:i], " "), "akademie") {
				oc := taxonomy.Classify(strings.Join(lw[i+1:], " ")).String()
				if oc != "unknown" && !strings.HasPrefix(oc, "universit") {
					return true
				}
			}
			break
		}
	}
	return false
}

// Dropped is a pool candidate the cleaning dropped (Options.OnDrop).
type Dropped struct {
	Pool           geo.PoolKind
	Name, Category string
	Reason         Reason
	Class          string // the facility class the name and tags show
}

// SortDropped orders dropped candidates by reason, then tag, then name
// (the order of `osmbuild --dropped` and of the per-extract lists).
func SortDropped(ds []Dropped) {
	sort.Slice(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Reason != b.Reason {
			return a.Reason < b.Reason
		}
		if a.Category != b.Category {
			return a.Category < b.Category
		}
		return a.Name < b.Name
	})
}

// parallel calls f(i) for i in [0, n) on up to workers goroutines.
func parallel(n, workers int, f func(int)) {
	workers = max(1, min(workers, n/256))
	if workers == 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// className is the facility class of a candidate for the pool report.
func className(name, category string) string {
	c, _ := taxonomy.ClassifyTagged(name, category)
	return c.String()
}

// cleaner returns the cleaning rules with the extract's places (area and
// place-node names) and streets.
func (c *collector) cleaner(areas []*area) *cleaner {
	places := map[string]bool{}
	for _, a := range areas {
		for _, n := range []string{a.name, a.nameDe} {
			if k := data.Fold(n); k != "" {
				places[k] = true
				if f := strings.Fields(k); len(f) > 1 {
					places[f[0]] = true
				}
			}
		}
	}
	for _, p := range c.places {
		places[data.Fold(c.str.At(p.name))] = true
	}
	streets := make(map[uint32]bool, len(c.streets))
	for _, s := range c.streets {
		streets[s.name] = true
	}
	place := func(w string) bool {
		k := data.Fold(w)
		if places[k] {
			return true
		}
		parts := strings.Fields(k)
		if len(parts) < 2 {
			return false
		}
		for _, p := range parts {
			if !places[p] {
				return false
			}
		}
		return true
	}
	street := func(name string) bool {
		id := c.str.Index(name)
		return id != 0 && streets[id]
	}
	return newCleaner(c.names, place, street)
}
