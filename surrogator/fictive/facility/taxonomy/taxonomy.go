// Package taxonomy is the vocabulary of facility names, shared by the
// facility generator (package facility) and the pack builder (osmbuild),
// which labels and embeds a pack's pools with it: the taxonomy of facility
// types (Class, Classify, ClassifyTagged, the OSM tag classes), the
// expansion of abbreviations (Expand), the head noun's gender and the
// articles that agree with it, the declension of a name after an article
// (grammar.go), the domain vocabulary that tells type words from proper
// nouns, and the labels and int8 embeddings of a pack's pool entries
// (pool.go: ClassifyEntry, Labels, PackEmbeddings, LabelVersion).
//
// It imports no generator: osmbuild sits below the generators in the
// layer order (internal/layering).
//
// The taxonomy is fine (Class: insurer-statutory vs insurer-private,
// pension-carrier, accident-insurer, courts by branch, authorities by
// office, practice-gp vs practice-specialist, physiotherapy, dental,
// care-service vs care-home, heart- and tumour-centre, university vs
// university-institute, bath, park …; docs/institutions.md). Class.Type
// gives the label of the realistic letters' vocabulary, Class.Coarse the
// coarse label of earlier versions; ParseClass reads both, and the Go
// names of the coarse classes (Insurer, Authority, Practice, Care,
// Religious, Leisure) remain as aliases of a fine class. Pool entries are
// classified by name first and by their OSM tag (tagClass, fine as well)
// when the name shows no class.
package taxonomy

import (
	"slices"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/embed"
)

// Class is a facility type of the taxonomy.
//
// The classes are the fine types of a German reader (docs/institutions.md
// lists them with examples): a health insurer is statutory or private, a
// court has its branch, an authority its office, a practice is a GP's, a
// specialist's, a physiotherapist's or a dentist's. Class.String is the
// type's label; ParseClass also reads the coarse labels of earlier
// versions ("insurer", "authority", "practice", "care", "religious",
// "leisure"), and Class.Coarse returns a class's coarse label. The Go
// names of the coarse classes remain as aliases of their most general
// fine class (Insurer = InsurerStatutory, Authority = AuthorityOther,
// Practice = PracticeSpecialist, Care = CareHome, Religious = Church,
// Leisure = Park).
type Class uint8

// The taxonomy. Unknown entries are never sampled.
const (
	Unknown Class = iota
	UniHospital
	Hospital
	SpecialistClinic // Fachklinik, Augenklinik, Kinderklinik: a hospital of one speciality
	HeartCentre
	TumourCentre
	Rehab
	Psychiatry
	PracticeGP
	PracticeSpecialist
	Physiotherapy // also ergotherapy, speech therapy, podiatry, massage
	Dental
	CareService
	CareHome
	Pharmacy
	Laboratory
	InsurerStatutory
	InsurerPrivate
	PensionCarrier
	AccidentInsurer
	CourtAmtsgericht
	CourtLandgericht
	CourtOLG
	CourtSozialgericht
	CourtVerwaltungsgericht
	CourtArbeitsgericht
	CourtOther // Finanzgericht, federal courts
	AuthorityGesundheitsamt
	AuthorityJugendamt
	AuthorityLandratsamt
	AuthorityArbeitsagentur
	AuthorityOther
	University
	UniversityInstitute
	School
	Church
	Company
	Association
	Shop
	Gastronomy
	Park // parks, gardens, zoos, playgrounds, cemeteries
	Lodging
	Culture
	Sport // sports grounds and halls, fitness, golf
	Bath  // swimming pools, thermal baths
	NumClasses
)

// Aliases of the coarse classes of earlier versions.
const (
	Insurer   = InsurerStatutory
	Authority = AuthorityOther
	Practice  = PracticeSpecialist
	Care      = CareHome
	Religious = Church
	Leisure   = Park
)

var classNames = [NumClasses]string{
	"unknown", "university-hospital", "hospital", "specialist-clinic", "heart-centre", "tumour-centre", "rehab",
	"psychiatry", "practice-gp", "practice-specialist", "physiotherapy", "dental", "care-service", "care-home",
	"pharmacy", "laboratory", "insurer-statutory", "insurer-private", "pension-carrier", "accident-insurer",
	"court-amtsgericht", "court-landgericht", "court-olg", "court-sozialgericht", "court-verwaltungsgericht",
	"court-arbeitsgericht", "court-other", "authority-gesundheitsamt", "authority-jugendamt",
	"authority-landratsamt", "authority-arbeitsagentur", "authority-other", "university", "university-institute",
	"school", "church", "company", "association", "shop", "gastronomy", "park", "lodging", "culture", "sport",
	"bath",
}

// coarseNames are the labels of the coarse taxonomy of earlier versions,
// mapped to the fine class ParseClass returns for them.
var coarseNames = map[string]Class{
	"insurer": Insurer, "authority": Authority, "practice": Practice, "care": Care, "religious": Religious,
	"leisure": Leisure,
}

// String returns the class's label (as used in the labelled list).
func (c Class) String() string {
	if c < NumClasses {
		return classNames[c]
	}
	return "unknown"
}

// Coarse returns the class's label in the coarse taxonomy of earlier
// versions: "insurer" for every insurer and pension or accident carrier,
// "authority" for courts and authorities, "practice" for practices,
// physiotherapy and dentists, "care" for care services and homes,
// "religious" for churches, "leisure" for parks, "specialist-clinic" for
// heart and tumour centres, "university" for institutes, "sport" for
// baths; the class's own label otherwise.
func (c Class) Coarse() string {
	switch {
	case c >= InsurerStatutory && c <= AccidentInsurer:
		return "insurer"
	case c >= CourtAmtsgericht && c <= AuthorityOther:
		return "authority"
	case c >= PracticeGP && c <= Dental:
		return "practice"
	case c == CareService || c == CareHome:
		return "care"
	case c == Church:
		return "religious"
	case c == Park:
		return "leisure"
	case c == HeartCentre || c == TumourCentre:
		return "specialist-clinic"
	case c == UniversityInstitute:
		return "university"
	case c == Bath:
		return "sport"
	}
	return c.String()
}

// Type returns the class's label in the fine-type vocabulary of the
// realistic letters (testdata/letters-src): the label, except that a
// specialist clinic is a "hospital" there and a Finanzgericht or a
// federal court an "other".
func (c Class) Type() string {
	switch c {
	case SpecialistClinic:
		return "hospital"
	case CourtOther:
		return "other"
	}
	return c.String()
}

// Unique reports whether institutions of class c are unique public
// bodies that a surrogate must take from a register of real ones (a
// university hospital, university or research institute, a health
// insurer, pension or accident carrier, a court, an employment agency, a
// heart or tumour centre): the location generator does not sample them
// from the pools.
func (c Class) Unique() bool {
	switch c {
	case UniHospital, HeartCentre, TumourCentre, University, UniversityInstitute, InsurerStatutory,
		InsurerPrivate, PensionCarrier, AccidentInsurer, AuthorityArbeitsagentur:
		return true
	}
	return c.Court()
}

// Court reports whether c is a court of any branch.
func (c Class) Court() bool { return c >= CourtAmtsgericht && c <= CourtOther }

// Health reports whether c belongs to health care (hospitals, practices,
// care, pharmacies, laboratories, insurers and carriers).
func (c Class) Health() bool { return c >= UniHospital && c <= AccidentInsurer }

// ParseClass returns the class of a label ("hospital", or a coarse label
// of earlier versions such as "insurer"); ok false for an unknown label.
func ParseClass(s string) (Class, bool) {
	for i, n := range classNames {
		if n == s && i > 0 {
			return Class(i), true
		}
	}
	if c, ok := coarseNames[s]; ok {
		return c, true
	}
	return Unknown, false
}

// abbreviations maps a token (exactly as written, after trimming a final
// period for entries written with one) to its expansion.
var abbreviations = map[string]string{
	"UK": "Universitätsklinikum", "Uniklinik": "Universitätsklinikum", "Uniklinikum": "Universitätsklinikum",
	"Uni-Klinik": "Universitätsklinikum", "Uni-Klinikum": "Universitätsklinikum", "Unikliniken": "Universitätskliniken",
	"Universitätsklinik": "Universitätsklinikum", "Uni": "Universität",
	"KH": "Krankenhaus", "Krhs.": "Krankenhaus", "Khs.": "Krankenhaus", "Kh.": "Krankenhaus",
	"Städt.": "Städtisches", "Ev.": "Evangelisches", "Evang.": "Evangelisches", "Kath.": "Katholisches",
	"St.": "Sankt", "Hl.": "Heilig", "Allg.": "Allgemeines", "Med.": "Medizinisches", "Zentr.": "Zentrum",
	"Klin.": "Klinik", "Univ.": "Universität", "Inst.": "Institut", "Abt.": "Abteilung", "Gem.": "Gemeinschafts",
	"MVZ": "Medizinisches Versorgungszentrum", "BAG": "Berufsausübungsgemeinschaft Praxis", "GP": "Gemeinschaftspraxis",
	"BG": "Berufsgenossenschaftliche", "BGU": "Berufsgenossenschaftliche Unfallklinik",
	"BGW": "Berufsgenossenschaft", "TK": "Techniker Krankenkasse", "AOK": "AOK Allgemeine Ortskrankenkasse",
	"BKK": "BKK Betriebskrankenkasse", "IKK": "IKK Innungskrankenkasse", "DAK": "DAK Krankenkasse",
	"KKH": "Kaufmännische Krankenkasse", "HEK": "Hanseatische Krankenkasse", "hkk": "hkk Krankenkasse",
	"LKK": "Landwirtschaftliche Krankenkasse", "DRV": "Deutsche Rentenversicherung", "GKV": "Krankenkasse",
	"PKV": "Private Krankenversicherung", "MDK": "Medizinischer Dienst Amt", "MD": "Medizinischer Dienst Amt",
	"OLG": "Oberlandesgericht", "LG": "Landgericht", "SG": "Sozialgericht", "LSG": "Landessozialgericht",
	"BSG": "Bundessozialgericht", "VG": "Verwaltungsgericht", "AmtsG": "Amtsgericht", "JVA": "Justizvollzugsanstalt",
	"LRA": "Landratsamt", "FamG": "Familiengericht", "AG-FamG": "Amtsgericht Familiengericht", "BA": "Bundesagentur für Arbeit", "PIA": "Psychiatrische Institutsambulanz",
	"ZfP": "Zentrum für Psychiatrie", "ZFP": "Zentrum für Psychiatrie", "KJP": "Kinder- und Jugendpsychiatrie",
	"SPZ": "Sozialpädiatrisches Zentrum", "DRK": "Deutsches Rotes Kreuz Verband",
	"AWO": "Arbeiterwohlfahrt Verband", "ASB": "Arbeiter-Samariter-Bund Verband", "KV": "Kassenärztliche Vereinigung",
	"e.V.": "eingetragener Verein", "e. V.": "eingetragener Verein", "eV": "eingetragener Verein",
	"gGmbH": "gemeinnützige GmbH", "Reha": "Reha", "Kita": "Kindertagesstätte", "KiTa": "Kindertagesstätte",
	"TU": "Technische Universität", "FH": "Fachhochschule", "HS": "Hochschule", "TH": "Technische Hochschule",
	"OTH": "Ostbayerische Technische Hochschule", "HAW": "Hochschule", "PH": "Pädagogische Hochschule", "DHBW": "Duale Hochschule",
	"LVA": "Landesversicherungsanstalt", "MHH": "Medizinische Hochschule Universitätsklinikum",
	"LMU": "Universität", "Charité": "Charité Universitätsmedizin",
	"UMG": "Universitätsmedizin", "UMM": "Universitätsmedizin", "UMR": "Universitätsmedizin", "NCT": "Nationales Centrum für Tumorerkrankungen",
	"CCC": "Comprehensive Cancer Center", "DHZ": "Deutsches Herzzentrum", "HDZ": "Herzzentrum",
	"SKH": "Sächsisches Krankenhaus", "ArbG": "Arbeitsgericht", "LAG": "Landesarbeitsgericht",
	"OVG": "Oberverwaltungsgericht", "VGH": "Verwaltungsgerichtshof", "BGH": "Bundesgerichtshof",
	"FG": "Finanzgericht", "StA": "Staatsanwaltschaft", "GStA": "Generalstaatsanwaltschaft", "KBS": "Knappschaft-Bahn-See", "WG": "Wohngemeinschaft", "TUM": "Technische Universität",
	"Landessozialger.": "Landessozialgericht", "Amtsger.": "Amtsgericht", "VHS": "Volkshochschule", "PVS": "Privatärztliche Verrechnungsstelle",
}

// acronymUK matches university-hospital acronyms such as UKL, UKE, UKSH:
// "UK" followed by one to three capitals.
func acronymUK(w string) bool {
	if len(w) < 3 || len(w) > 5 || !strings.HasPrefix(w, "UK") {
		return false
	}
	for _, r := range w[2:] {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// Expand is stage 1: the name with its abbreviations written out ("UKL" →
// "Universitätsklinikum", "Städt. KH" → "Städtisches Krankenhaus", "AOK"
// → "AOK Allgemeine Ortskrankenkasse"). Words are separated by single
// spaces; everything else is kept.
func Expand(name string) string {
	name = strings.ReplaceAll(name, "e. V.", "e.V.")
	var out []string
	for i, w := range strings.Fields(name) {
		if i == 0 && w == "AG" && len(strings.Fields(name)) > 1 {
			out = append(out, "Amtsgericht") // "AG Leipzig"; a company's AG comes last
			continue
		}
		core := strings.TrimRight(w, ",;:)")
		trail := w[len(core):]
		if x, ok := abbreviations[core]; ok {
			out = append(out, x+trail)
			continue
		}
		if t := strings.TrimSuffix(core, "."); t != core {
			if x, ok := abbreviations[t]; ok && !strings.HasSuffix(x, ".") {
				out = append(out, x+trail)
				continue
			}
		}
		if acronymUK(core) {
			out = append(out, "Universitätsklinikum"+trail)
			continue
		}
		// "AOK-Bundesverband", "BKK-Landesverband": expand the prefix.
		if i := strings.IndexByte(core, '-'); i > 0 {
			if x, ok := abbreviations[core[:i]]; ok && strings.ToUpper(core[:i]) == core[:i] {
				out = append(out, x+" "+core[i+1:]+trail)
				continue
			}
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// rule assigns a class when a folded word of the expanded name starts
// (prefix), ends (suffix) or contains (infix) the key.
type rule struct {
	key   string
	where byte // 'p' prefix, 's' suffix, 'i' infix, 'w' whole word
	class Class
}

// rules in priority order: the first matching rule decides. Keys are
// folded (lower case, ä → ae, ß → ss).
var rules = []rule{
	// chambers of the professions are associations (Ärztekammer,
	// Zahnärztekammer, Apothekerkammer: not a practice or pharmacy)
	{"aerztekammer", 's', Association}, {"apothekerkammer", 's', Association}, {"handwerkskammer", 's', Association},
	// pension funds of the professions and Bavaria's (not a practice, not a chamber)
	// the Sozialmedizinischer Dienst is the pension carriers' medical service
	// (the Knappschaft's for its insurees too); the Kassen's is the
	// Medizinischer Dienst
	{"sozialmedizinisch", 'p', PensionCarrier},
	{"alterskasse", 'i', PensionCarrier}, {"versorgungsanstalt", 'i', PensionCarrier},
	{"landesversicherungsanstalt", 'i', PensionCarrier}, {"aerzteversorgung", 'i', PensionCarrier}, {"versorgungskammer", 'i', PensionCarrier},
	{"apothekerversorgung", 'i', PensionCarrier}, {"versicherungskammer", 'i', InsurerPrivate},
	// a vet is no doctor's practice and no hospital; a medical officer is
	// the Gesundheitsamt's
	{"tierarzt", 'i', Company}, {"tieraerzt", 'i', Company}, {"tierklinik", 'i', Company}, {"tiermedizin", 'i', Company},
	{"amtsarzt", 'i', AuthorityGesundheitsamt}, {"amtsaerzt", 'i', AuthorityGesundheitsamt},
	{"schuechtermann", 'p', HeartCentre}, {"kerckhoff", 'p', HeartCentre},
	{"universitaetsherzzentrum", 'i', HeartCentre}, {"herzzentrum", 'i', HeartCentre},
	{"herzkreislaufzentrum", 'i', HeartCentre}, // "Herz-Kreislauf-Zentrum"
	{"tumorzentrum", 'i', TumourCentre}, {"tumorerkrankung", 'i', TumourCentre}, {"krebszentrum", 'i', TumourCentre},
	{"krebscentrum", 'i', TumourCentre}, {"tumorcentrum", 'i', TumourCentre}, {"onkologisches", 'w', TumourCentre},
	{"cancer", 'w', TumourCentre}, {"brustzentrum", 'i', TumourCentre}, {"darmzentrum", 'i', TumourCentre},
	{"prostatazentrum", 'i', TumourCentre}, {"institut", 'w', UniversityInstitute},
	{"universitaetsklinik", 'i', UniHospital}, {"universitaetsmedizin", 'i', UniHospital},
	{"universitaetsspital", 'i', UniHospital}, {"universitaetskrankenhaus", 'i', UniHospital},
	{"universitaetsfrauenklinik", 'i', UniHospital}, {"universitaetskinderklinik", 'i', UniHospital},
	{"universitaetszahnklinik", 'i', UniHospital}, {"universitaetsaugenklinik", 'i', UniHospital},
	{"universitaetsbibliothek", 'i', Culture}, {"universitaetsarchiv", 'i', Culture},
	{"universitaets", 'p', UniHospital}, {"charite", 'i', UniHospital},
	{"apotheke", 'i', Pharmacy}, {"pharmacy", 'w', Pharmacy},
	{"hospizverein", 'i', Association}, {"hospizdienst", 'i', CareService}, {"geburtshaus", 'i', PracticeSpecialist}, {"praxisklinik", 'i', PracticeSpecialist},
	{"ahb", 'w', Rehab}, {"ahbklinik", 'i', Rehab}, {"wohnpark", 'i', CareHome}, {"sozialbuergerhaus", 'i', AuthorityOther},
	{"rehatechnik", 'i', Shop}, {"schlaflabor", 'i', SpecialistClinic}, {"orthopaedietechnik", 'i', Shop}, {"orthopaedieschuh", 'i', Shop},
	{"synlab", 'w', Laboratory}, {"bioscientia", 'w', Laboratory}, {"amedes", 'w', Laboratory},
	{"labor", 'p', Laboratory}, {"labor", 's', Laboratory}, {"laboratorium", 'i', Laboratory},
	{"laborpraxis", 'i', Laboratory}, {"labordiagnostik", 'i', Laboratory}, {"pathologie", 'i', PracticeSpecialist},
	{"laborarzt", 'i', Laboratory}, {"laboratoriumsmedizin", 'i', Laboratory},
	{"physiotherap", 'i', Physiotherapy}, {"krankengymnastik", 'i', Physiotherapy}, {"ergotherap", 'i', Physiotherapy},
	{"logopaed", 'i', Physiotherapy}, {"podolog", 'i', Physiotherapy}, {"osteopath", 'i', Physiotherapy},
	{"massage", 'i', Physiotherapy}, {"physio", 'p', Physiotherapy}, {"fusspflege", 'i', Physiotherapy},
	{"handtherap", 'i', Physiotherapy}, {"lymphdrainage", 'i', Physiotherapy}, {"bewegungstherap", 'i', Physiotherapy},
	{"sprachtherap", 'i', Physiotherapy}, {"sprachheil", 'i', Physiotherapy}, {"therapiezentrum", 'i', Physiotherapy},
	{"mundkiefer", 'p', Dental},
	{"zahnarzt", 'i', Dental}, {"zahnaerzt", 'i', Dental}, {"zahnmedizin", 'i', Dental}, {"kieferorthopaed", 'i', Dental},
	{"zahnheilkunde", 'i', Dental}, {"dental", 'p', Dental}, {"zahnzentrum", 'i', Dental}, {"zahnklinik", 'i', SpecialistClinic},
	// practices: a GP's unless a speciality shows (practiceClass)
	{"berufsausuebungsgemeinschaft", 'i', PracticeGP}, {"mvz", 'w', PracticeSpecialist},
	{"praxis", 'i', PracticeGP}, {"versorgungszentrum", 'i', PracticeSpecialist},
	{"aerztehaus", 'i', PracticeSpecialist}, {"hausarzt", 'i', PracticeGP}, {"hausaerzt", 'i', PracticeGP},
	{"allgemeinmedizin", 'i', PracticeGP}, {"facharzt", 'i', PracticeSpecialist}, {"fachaerzt", 'i', PracticeSpecialist},
	{"kinderarzt", 'i', PracticeSpecialist}, {"frauenarzt", 'i', PracticeSpecialist}, {"augenarzt", 'i', PracticeSpecialist},
	{"psychiatr", 'i', Psychiatry}, {"psychosomat", 'i', Psychiatry}, {"nervenklinik", 'i', Psychiatry},
	{"nervenkrankenhaus", 'i', Psychiatry}, {"suchtklinik", 'i', Psychiatry}, {"psychotherapeutisch", 'i', Psychiatry},
	{"institutsambulanz", 'i', Psychiatry}, {"massregelvollzug", 'i', Psychiatry}, {"forensische", 'p', Psychiatry}, {"seelische", 'p', Psychiatry},
	{"bezirksklinik", 'i', Psychiatry}, {"lvrklinik", 'w', Psychiatry}, {"lwlklinik", 'w', Psychiatry},
	{"vitos", 'w', Psychiatry}, {"zfp", 'w', Psychiatry},
	{"hebamme", 'i', PracticeSpecialist}, {"heilpraktiker", 'i', PracticeSpecialist}, {"psychotherapie", 'w', PracticeSpecialist},
	{"reha", 'p', Rehab}, {"rehabilitation", 'i', Rehab}, {"kurklinik", 'i', Rehab}, {"kurzentrum", 'i', Rehab},
	{"kurheim", 'i', Rehab}, {"nachsorgeklinik", 'i', Rehab}, {"vorsorgeklinik", 'i', Rehab},
	{"schmiederklinik", 'i', Rehab}, {"celenus", 'w', Rehab}, {"mutterkindklinik", 'i', Rehab}, {"rehaklinik", 'i', Rehab}, {"rehazentrum", 'i', Rehab},
	{"suchterkrank", 'i', Psychiatry}, {"suchtkrank", 'i', Psychiatry}, {"suchtmedizin", 'i', Psychiatry},
	{"abhaengigkeitserkrank", 'i', Psychiatry},
	// a Suchtfachklinik does the weaning (Entwöhnung), a rehabilitation
	{"suchtfachklinik", 'i', Rehab}, {"entwoehnung", 'i', Rehab},
	{"fachklinik", 'i', SpecialistClinic}, {"fachkrankenhaus", 'i', SpecialistClinic},
	{"augenklinik", 'i', SpecialistClinic}, {"hautklinik", 'i', SpecialistClinic},
	{"frauenklinik", 'i', SpecialistClinic}, {"kinderklinik", 'i', SpecialistClinic},
	{"lungenklinik", 'i', SpecialistClinic}, {"orthopaedische", 'p', SpecialistClinic},
	{"orthopaedieklinik", 'i', SpecialistClinic}, {"unfallklinik", 'i', SpecialistClinic},
	{"kinderkrankenhaus", 'i', SpecialistClinic}, {"kinderspital", 'i', SpecialistClinic},
	{"tagesklinik", 'i', SpecialistClinic}, {"herzklinik", 'i', SpecialistClinic},
	{"sozialpaediatrisch", 'i', SpecialistClinic},
	{"dialysezentrum", 'i', PracticeSpecialist}, {"substitution", 'i', PracticeSpecialist}, {"nierenzentrum", 'i', PracticeSpecialist}, {"kfh", 'w', PracticeSpecialist},
	{"median", 'w', Rehab},
	{"perinatalzentrum", 'i', SpecialistClinic}, {"schlaflabor", 'i', SpecialistClinic},
	{"venenklinik", 'i', SpecialistClinic},
	{"nemocnice", 'w', Hospital}, {"pojistovna", 'w', InsurerStatutory}, // Czech
	{"klinikum", 'i', Hospital}, {"krankenanstalt", 'i', Hospital}, {"krankenhaus", 'i', Hospital}, {"krankenhaeuser", 'i', Hospital},
	{"klinik", 's', Hospital}, {"kliniken", 's', Hospital}, {"klinik", 'p', Hospital},
	{"hospital", 'i', Hospital}, {"spital", 's', Hospital}, {"lazarett", 'i', Hospital},
	// hospitals abroad (French, Dutch, Turkish, English names)
	{"clinique", 'w', Hospital}, {"hopital", 'p', Hospital}, {"hopitaux", 'w', Hospital}, {"ziekenhuis", 'i', Hospital},
	{"hastanesi", 'w', Hospital}, {"infirmary", 'w', Hospital}, {"spitalzentrum", 'i', Hospital},
	// a speciality alone names a practice ("Radiologie am Theater"; a
	// "Klinik für Radiologie" is a clinic by the rules above)
	{"radiologisch", 'p', PracticeSpecialist}, {"nuklearmedizinisch", 'p', PracticeSpecialist},
	{"radiologie", 'w', PracticeSpecialist}, {"nuklearmedizin", 'w', PracticeSpecialist}, {"strahlentherapie", 'w', PracticeSpecialist},
	{"bereitschaftsdienst", 'i', PracticeGP},
	{"kardiologie", 'w', PracticeSpecialist}, {"neurologie", 'w', PracticeSpecialist},
	{"orthopaedie", 'w', PracticeSpecialist}, {"urologie", 'w', PracticeSpecialist},
	{"dermatologie", 'w', PracticeSpecialist}, {"gynaekologie", 'w', PracticeSpecialist},
	{"augenheilkunde", 'w', PracticeSpecialist}, {"radiologiezentrum", 'i', PracticeSpecialist},
	// a speciality or its doctor named without a type noun ("Innere
	// Medizin am Markt", "Kinderärzte am Glacis", "Urologe Dr. X",
	// "Hautarzt Y"): a practice (practiceClass: a GP's for
	// "Allgemeinarzt", "Praktischer Arzt"); 'm' is medicalWord
	{"kfo", 'w', Dental}, {"mkg", 'w', Dental}, {"oralchirurg", 'i', Dental}, {"kieferchirurg", 'i', Dental},
	{"gesichtschirurg", 'i', Dental}, {"hno", 'w', PracticeSpecialist},
	{"aerztezentrum", 'i', PracticeGP}, {"aerzteteam", 'i', PracticeGP}, {"aerztegemeinschaft", 'i', PracticeGP},
	{"", 'd', PracticeGP}, {"", 'm', PracticeSpecialist}, {"medicum", 's', PracticeGP},
	{"mammographie", 'p', PracticeSpecialist}, {"mrt", 'w', PracticeSpecialist},
	// vocational training centres are schools before they are works
	{"berufsbildungswerk", 'i', School}, {"berufsfoerderungswerk", 'i', School},
	{"foerderzentrum", 'i', School}, {"tagesstaette", 'i', School}, {"kita", 's', School},
	{"krippe", 's', School}, {"sbbz", 'w', School}, {"kinderhort", 'i', School}, {"schuelerhort", 'i', School},
	// schools before care ("Krankenpflegeschule", "Berufsschule für
	// Pflegeberufe"); a Volkshochschule is adult education, no university
	{"volkshochschule", 'i', School}, {"hochschule", 'i', University}, {"schule", 's', School},
	{"gymnasium", 'i', School}, // "Max-Planck-Gymnasium" is no institute

	// "-pflege" of things is a trade, not care
	{"textilpflege", 'i', Company}, {"baumpflege", 'i', Company}, {"gartenpflege", 'i', Company},
	{"landschaftspflege", 'i', Company}, {"gruenlandpflege", 'i', Company}, {"waldpflege", 'i', Company},
	{"grabpflege", 'i', Company}, {"autopflege", 'i', Company}, {"fahrzeugpflege", 'i', Company},
	{"gebaeudepflege", 'i', Company}, {"haarpflege", 'i', Shop}, {"nagelpflege", 'i', Shop},
	{"koerperpflege", 'i', Shop}, {"hundepflege", 'i', Shop}, {"tierpflege", 'i', Shop},
	{"denkmalpflege", 'i', AuthorityOther}, {"kirchenpflege", 'i', Church},
	// a golf club is a sports ground before it is a club
	{"golfclub", 'i', Sport}, {"golfplatz", 'i', Sport}, {"golfanlage", 'i', Sport},
	{"pflegestuetzpunkt", 'i', AuthorityOther}, // a counselling office of the Kassen and the district
	{"versicherungsanstalt", 'i', InsurerStatutory},
	{"pflegeversicherung", 'i', InsurerStatutory}, {"familienkasse", 'i', AuthorityArbeitsagentur},
	{"rentenversicherung", 'i', PensionCarrier}, {"versorgungswerk", 'i', PensionCarrier},
	{"versorgungsanstalt", 'i', PensionCarrier}, {"rentenkasse", 'i', PensionCarrier},
	{"berufsgenossenschaft", 'i', AccidentInsurer}, {"unfallkasse", 'i', AccidentInsurer},
	{"unfallversicherung", 'i', AccidentInsurer}, {"gemeindeunfallversicherungsverband", 'i', AccidentInsurer},
	{"bg", 'w', AccidentInsurer}, {"vbg", 'w', AccidentInsurer}, {"bgw", 'w', AccidentInsurer},
	{"bghm", 'w', AccidentInsurer}, {"bgn", 'w', AccidentInsurer}, {"bgrci", 'w', AccidentInsurer},
	{"beamtenkrankenkasse", 'i', InsurerPrivate}, {"krankenhilfe", 'i', InsurerPrivate}, {"bkk", 'p', InsurerStatutory},
	{"svlfg", 'w', InsurerStatutory}, {"sozialversicherung", 'i', InsurerStatutory},
	{"krankenkasse", 'i', InsurerStatutory}, {"ortskrankenkasse", 'i', InsurerStatutory}, {"ersatzkasse", 'i', InsurerStatutory},
	{"knappschaft", 'i', InsurerStatutory}, {"gesundheitskasse", 'i', InsurerStatutory},
	{"barmer", 'w', InsurerStatutory}, {"aok", 'w', InsurerStatutory}, {"bkk", 'w', InsurerStatutory},
	{"ikk", 'w', InsurerStatutory}, {"hkk", 'w', InsurerStatutory}, {"dak", 'w', InsurerStatutory},
	{"gesetzliche", 'w', InsurerStatutory},
	{"krankenversicherung", 'i', InsurerPrivate}, {"versicherung", 's', InsurerPrivate}, {"versicherungen", 's', InsurerPrivate},
	{"generali", 'w', InsurerPrivate}, {"provinzial", 'w', InsurerPrivate},
	{"debeka", 'w', InsurerPrivate}, {"dkv", 'w', InsurerPrivate}, {"iduna", 'w', InsurerPrivate},
	{"allianz", 'w', InsurerPrivate}, {"axa", 'w', InsurerPrivate}, {"barmenia", 'w', InsurerPrivate},
	{"continentale", 'w', InsurerPrivate}, {"gothaer", 'w', InsurerPrivate}, {"hallesche", 'w', InsurerPrivate},
	{"hansemerkur", 'w', InsurerPrivate}, {"ergo", 'w', InsurerPrivate}, {"huk", 'w', InsurerPrivate},
	{"sdk", 'w', InsurerPrivate}, {"lkh", 'w', InsurerPrivate}, {"universa", 'w', InsurerPrivate},
	{"pflegekasse", 'i', InsurerStatutory},
	{"kurzzeitpflege", 'i', CareHome}, {"kinderheim", 'i', CareHome}, {"wohngemeinschaft", 'i', CareHome}, {"wohngruppe", 'i', CareHome},
	{"wohnstaette", 'i', CareHome}, {"wohnverbund", 'i', CareHome}, {"hospizdienst", 'i', CareService},
	{"palliativecare", 'i', CareService}, {"hauskrankenpflege", 'i', CareService},
	{"pflegeheim", 'i', CareHome}, {"altenheim", 'i', CareHome}, {"seniorenheim", 'i', CareHome},
	{"seniorenresidenz", 'i', CareHome}, {"seniorenzentrum", 'i', CareHome}, {"altenzentrum", 'i', CareHome},
	{"seniorenstift", 'i', CareHome}, {"wohnstift", 'i', CareHome}, {"pflegezentrum", 'i', CareHome},
	{"pflegewohn", 'p', CareHome}, {"hospiz", 'i', CareHome}, {"betreutes", 'w', CareHome}, {"wohnheim", 'i', CareHome},
	{"seniorenwohn", 'i', CareHome}, {"seniorenpflegeheim", 'i', CareHome}, {"residenz", 's', CareHome},
	{"palliativnetz", 'i', CareService}, {"palliativteam", 'i', CareService}, {"palliativdienst", 'i', CareService}, {"sapv", 'w', CareService},
	{"pflegedienst", 'i', CareService}, {"sozialstation", 'i', CareService}, {"diakoniestation", 'i', CareService},
	{"krankenpflege", 'i', CareService}, {"pflegeteam", 'i', CareService}, {"pflegeservice", 'i', CareService},
	{"pflegestation", 'i', CareService}, {"pflege", 'i', CareService}, {"altenhilfe", 'i', CareService},
	{"behindertenhilfe", 'i', CareHome}, {"seniorentreff", 'i', Association}, {"seniorenbegegnung", 'i', Association}, {"senioren", 'i', CareHome},
	{"oberlandesgericht", 'i', CourtOLG}, {"kammergericht", 'i', CourtOLG},
	{"sozialgericht", 'i', CourtSozialgericht}, {"verwaltungsgericht", 'i', CourtVerwaltungsgericht},
	{"verwaltungsgerichtshof", 'i', CourtVerwaltungsgericht}, {"arbeitsgericht", 'i', CourtArbeitsgericht},
	{"landgericht", 'i', CourtLandgericht}, {"amtsgericht", 'i', CourtAmtsgericht},
	{"betreuungsgericht", 'i', CourtAmtsgericht}, {"familiengericht", 'i', CourtAmtsgericht},
	{"vormundschaftsgericht", 'i', CourtAmtsgericht}, {"nachlassgericht", 'i', CourtAmtsgericht},
	{"insolvenzgericht", 'i', CourtAmtsgericht}, {"registergericht", 'i', CourtAmtsgericht},
	{"gericht", 's', CourtOther}, {"finanzhof", 'i', CourtOther}, {"gerichtshof", 's', CourtOther},
	{"gesundheitsamt", 'i', AuthorityGesundheitsamt}, {"gesundheitsdienst", 'i', AuthorityGesundheitsamt},
	{"gesundheitsaemter", 'i', AuthorityGesundheitsamt},
	{"jugendamt", 'i', AuthorityJugendamt}, {"jugendaemter", 'i', AuthorityJugendamt}, {"asd", 'w', AuthorityJugendamt},
	{"landratsamt", 'i', AuthorityLandratsamt}, {"kreisverwaltung", 'i', AuthorityLandratsamt},
	{"kreisamt", 'i', AuthorityLandratsamt}, {"kreishaus", 'i', AuthorityLandratsamt}, {"lra", 'w', AuthorityLandratsamt},
	{"jobcenter", 'i', AuthorityArbeitsagentur}, {"arbeitsagentur", 'i', AuthorityArbeitsagentur},
	{"arbeitsamt", 'i', AuthorityArbeitsagentur},
	{"pfarr", 'p', Church}, {"amt", 's', AuthorityOther}, {"aemter", 's', AuthorityOther},
	{"behoerde", 's', AuthorityOther}, {"ministerium", 's', AuthorityOther}, {"polizei", 'i', AuthorityOther},
	{"staatsanwaltschaft", 'i', AuthorityOther}, {"bundesinstitut", 'i', AuthorityOther}, {"agentur", 's', AuthorityOther},
	{"rathaus", 'i', AuthorityOther}, {"verwaltung", 's', AuthorityOther}, {"justizvollzugsanstalt", 'i', AuthorityOther},
	{"bezirksregierung", 'i', AuthorityOther}, {"landesamt", 'i', AuthorityOther}, {"bundesamt", 'i', AuthorityOther},
	{"medizinischer", 'w', AuthorityOther}, {"begutachtungsstelle", 'i', AuthorityOther}, {"feuerwehr", 'i', AuthorityOther}, {"stadtverwaltung", 'i', AuthorityOther},
	{"regierungspraesidium", 'i', AuthorityOther}, {"buergerbuero", 'i', AuthorityOther}, {"fuehrerscheinstelle", 'i', AuthorityOther}, {"bundeswehr", 'w', AuthorityOther}, {"buergeramt", 'i', AuthorityOther},
	{"kreis", 'w', AuthorityLandratsamt}, {"bezirk", 'w', AuthorityOther}, {"landkreis", 'w', AuthorityLandratsamt}, {"region", 'w', AuthorityLandratsamt}, {"beihilfestelle", 'i', AuthorityOther},
	{"krebsgesellschaft", 'i', Association}, {"landschaftsverband", 'i', AuthorityOther}, {"landeswohlfahrtsverband", 'i', AuthorityOther},
	{"krebsregister", 'i', AuthorityOther}, {"register", 's', AuthorityOther}, {"betreuungsstelle", 'i', AuthorityOther},
	{"betreuungsbehoerde", 'i', AuthorityOther}, {"bewaehrungshilfe", 'i', AuthorityOther}, {"gerichtshilfe", 'i', AuthorityOther}, {"fuehrungsaufsicht", 'i', AuthorityOther},
	{"justiz", 'w', AuthorityOther}, {"justizsozialdienst", 'i', AuthorityOther}, {"werkstaetten", 's', Company}, {"kreisausschuss", 'i', AuthorityLandratsamt}, {"landeshauptstadt", 'w', AuthorityOther},
	{"kette", 's', Company}, {"kosmetik", 'i', Shop}, {"wellness", 'i', Shop}, {"beauty", 'i', Shop}, {"bestattung", 'i', Company},
	{"rwth", 'w', University},
	{"universitaet", 'i', University}, {"hochschule", 'i', University},
	{"akademie", 'i', University}, {"university", 'w', University}, {"college", 'w', University},
	{"institut", 'i', UniversityInstitute}, {"forschungszentrum", 'i', UniversityInstitute},
	{"fakultaet", 'i', UniversityInstitute}, {"maxplanck", 'i', UniversityInstitute},
	{"fraunhofer", 'i', UniversityInstitute}, {"delbrueck", 'i', UniversityInstitute}, {"helmholtz", 'w', UniversityInstitute}, {"leibniz", 'w', UniversityInstitute},
	{"schule", 's', School}, {"schulen", 's', School}, {"gymnasium", 'i', School}, {"kindergarten", 'i', School}, {"kita", 'w', School},
	{"kindertagesstaette", 'i', School}, {"schulzentrum", 'i', School}, {"berufskolleg", 'i', School},
	{"gesamtschule", 'i', School}, {"grundschule", 'i', School}, {"realschule", 'i', School}, {"hort", 'w', School},
	{"pfarrei", 'i', Church},
	{"kirche", 's', Church}, {"kirchengemeinde", 'i', Church}, {"kirchgemeinde", 'i', Church}, {"pfarr", 'p', Church},
	{"kloster", 'i', Church}, {"moschee", 'i', Church}, {"synagoge", 'i', Church},
	{"kapelle", 's', Church}, {"dom", 'w', Church}, {"gemeindeamt", 'i', AuthorityOther},
	{"verein", 'i', Association}, {"verband", 's', Association}, {"stiftung", 's', Association},
	{"arbeitskreis", 'p', Association}, {"verrechnungsstelle", 'i', Company},
	// the psychosocial centres for refugees and victims of torture
	{"folteropfer", 'i', Association}, {"gefluechtete", 'i', Association},
	{"volkssolidaritaet", 'p', Association}, {"johanniter", 'p', Association}, {"malteser", 'p', Association},
	{"tv", 'w', Association}, {"mtv", 'w', Association}, {"tsg", 'w', Association}, {"sc", 'w', Association}, {"sportfreunde", 'i', Association}, {"freunde", 's', Association}, {"freunden", 's', Association},
	{"fsv", 'w', Association}, {"tsv", 'w', Association}, {"vfb", 'w', Association}, {"vfl", 'w', Association},
	{"spvgg", 'w', Association}, {"tus", 'w', Association}, {"ssv", 'w', Association}, {"bsv", 'w', Association},
	{"vereinigung", 's', Association}, {"club", 's', Association}, {"klub", 's', Association},
	{"selbsthilfe", 'i', Association}, {"bund", 's', Association}, {"ev", 'w', Association},
	{"initiative", 's', Association}, {"caritas", 'i', Association}, {"diakonie", 'i', Association},
	{"diakonisches", 'w', Association}, {"lebenshilfe", 'i', Association}, {"rotes", 'w', Association},
	{"arbeiterwohlfahrt", 'i', Association}, {"johanniter", 'i', Association}, {"malteser", 'i', Association},
	{"sportverein", 'i', Association}, {"tsv", 'w', Association}, {"sv", 'w', Association}, {"fc", 'w', Association},
	{"vfb", 'w', Association}, {"vfl", 'w', Association}, {"tus", 'w', Association}, {"gewerkschaft", 'i', Association},
	{"innung", 's', Association}, {"kinderschutz", 'i', Association}, {"integrationsfachdienst", 'i', Association}, {"kreishandwerkerschaft", 'i', Association}, {"fachstelle", 'i', Association},
	{"kammer", 's', Association}, {"netzwerk", 'p', Association}, {"gesundheitsladen", 'i', Association}, {"genossenschaft", 's', Company}, {"gesellschaft", 's', Company},
	{"fruehfoerder", 'i', Association}, {"foerderstelle", 'i', Association},
	{"jugendhilfe", 'i', Association}, {"familienhilfe", 'i', Association}, {"kinderhilfe", 'i', Association},
	{"beratungsstelle", 'i', Association}, {"familienzentrum", 'i', Association}, {"suchtberatung", 'i', Association},
	{"vdk", 'w', Association}, {"paritaetische", 'w', Association}, {"liga", 's', Association}, {"krebshilfe", 'i', Association},
	{"guttempler", 'i', Association}, {"kreuzbund", 'i', Association},
	{"drogenhilfe", 'i', Association}, {"suchthilfe", 'i', Association}, {"aidshilfe", 'i', Association},
	{"schuldnerberatung", 'i', Association}, {"verbraucherzentrale", 'i', Association}, {"mission", 's', Association},
	{"erstaufnahme", 'i', AuthorityOther}, {"heim", 'w', CareHome},
	{"tafel", 'w', Association}, {"frauenhaus", 'i', Association},
	// welfare and clubs named in other words ("Katholische Jugendfürsorge",
	// an Italian "Circolo", a "Patronato" advice office)
	{"fuersorge", 's', Association}, {"circolo", 'w', Association}, {"patronato", 'w', Association},
	{"rettungsdienst", 'i', Association}, {"rettungswache", 'i', Association},
	{"restaurant", 'i', Gastronomy}, {"gaststaette", 'i', Gastronomy}, {"gasthaus", 'i', Gastronomy},
	{"gasthof", 'i', Gastronomy}, {"cafe", 'i', Gastronomy}, {"bistro", 'i', Gastronomy}, {"imbiss", 'i', Gastronomy},
	{"pizzeria", 'i', Gastronomy}, {"trattoria", 'i', Gastronomy}, {"ristorante", 'i', Gastronomy},
	{"kneipe", 'i', Gastronomy}, {"brauhaus", 'i', Gastronomy}, {"biergarten", 'i', Gastronomy},
	{"bar", 'w', Gastronomy}, {"grill", 's', Gastronomy}, {"doener", 'i', Gastronomy}, {"kebab", 'i', Gastronomy},
	{"eiscafe", 'i', Gastronomy}, {"weinstube", 'i', Gastronomy}, {"wirtshaus", 'i', Gastronomy},
	{"kantine", 'i', Gastronomy}, {"mensa", 'w', Gastronomy}, {"stube", 's', Gastronomy}, {"stuben", 's', Gastronomy},
	{"steakhaus", 'i', Gastronomy}, {"sushi", 'p', Gastronomy}, {"diner", 'w', Gastronomy}, {"pub", 'w', Gastronomy},
	{"ratskeller", 'i', Gastronomy},
	{"einkaufszentrum", 'i', Shop}, {"optiker", 'i', Shop}, {"reformhaus", 'i', Shop},
	{"bakery", 'w', Shop}, {"baeckerei", 'i', Shop}, {"metzgerei", 'i', Shop}, {"fleischerei", 'i', Shop},
	{"supermarkt", 'i', Shop}, {"baumarkt", 'i', Shop}, {"markt", 's', Shop}, {"laden", 's', Shop}, {"shop", 's', Shop},
	{"kiosk", 'i', Shop}, {"buchhandlung", 'i', Shop}, {"friseur", 'i', Shop}, {"frisoer", 'i', Shop},
	{"optik", 's', Shop}, {"sanitaetshaus", 'i', Shop}, {"blumen", 'w', Shop}, {"blumenladen", 'i', Shop}, {"blumenhaus", 'i', Shop}, {"floristik", 'i', Shop}, {"getraenke", 'p', Shop},
	{"boutique", 'i', Shop}, {"drogerie", 'i', Shop}, {"autohaus", 'i', Shop}, {"hoergeraete", 'i', Shop},
	{"edeka", 'w', Shop}, {"rewe", 'w', Shop}, {"aldi", 'w', Shop}, {"lidl", 'w', Shop}, {"netto", 'w', Shop},
	{"penny", 'w', Shop}, {"kaufland", 'w', Shop}, {"tankstelle", 'i', Shop}, {"reisebuero", 'i', Shop},
	{"hotel", 'i', Lodging}, {"pension", 's', Lodging}, {"jugendherberge", 'i', Lodging}, {"herberge", 's', Lodging},
	{"ferienwohnung", 'i', Lodging}, {"ferienhaus", 'i', Lodging}, {"ferienhof", 'i', Lodging},
	{"campingplatz", 'i', Lodging}, {"camping", 'p', Lodging}, {"gaestehaus", 'i', Lodging}, {"hostel", 'i', Lodging},
	{"motel", 'w', Lodging}, {"landhotel", 'i', Lodging},
	{"museum", 'i', Culture}, {"theater", 'i', Culture}, {"schauspielhaus", 'i', Culture}, {"oper", 'w', Culture},
	{"opernhaus", 'i', Culture}, {"konzerthaus", 'i', Culture}, {"philharmonie", 'i', Culture},
	{"kino", 's', Culture}, {"filmtheater", 'i', Culture}, {"bibliothek", 'i', Culture}, {"buecherei", 'i', Culture},
	{"galerie", 's', Culture}, {"kunsthalle", 'i', Culture}, {"planetarium", 'i', Culture},
	{"kulturzentrum", 'i', Culture}, {"saal", 's', Culture}, {"sammlungen", 's', Culture}, {"besucherbergwerk", 'i', Culture}, {"kulturhaus", 'i', Culture}, {"archiv", 's', Culture},
	{"buergerhaus", 'i', Culture}, {"gemeindehaus", 'i', Culture}, {"festhalle", 'i', Culture}, {"stadthalle", 'i', Culture},
	{"schwimmbad", 'i', Bath}, {"freibad", 'i', Bath}, {"hallenbad", 'i', Bath}, {"waldbad", 'i', Bath},
	{"strandbad", 'i', Bath}, {"schwimmhalle", 'i', Bath}, {"erlebnisbad", 'i', Bath}, {"spassbad", 'i', Bath},
	{"therme", 'i', Bath}, {"thermalbad", 'i', Bath}, {"familienbad", 'i', Bath}, {"sportbad", 'i', Bath},
	{"stadtbad", 'i', Bath}, {"badeanstalt", 'i', Bath}, {"sauna", 'i', Bath},
	{"badeparadies", 'i', Bath}, {"badewelt", 'i', Bath}, {"badesee", 'i', Bath}, {"baeder", 's', Bath}, {"baederland", 'i', Bath}, {"naturbad", 'i', Bath}, {"kombibad", 'i', Bath},
	{"sporthalle", 'i', Sport}, {"sportplatz", 'i', Sport}, {"sportzentrum", 'i', Sport},
	{"sportanlage", 'i', Sport}, {"sportpark", 'i', Sport}, {"turnhalle", 'i', Sport}, {"stadion", 'i', Sport},
	{"fitness", 'i', Sport}, {"reithalle", 'i', Sport}, {"reitanlage", 'i', Sport}, {"bowling", 'i', Sport},
	{"kegelbahn", 'i', Sport}, {"eisstadion", 'i', Sport}, {"arena", 's', Sport},
	{"eishalle", 'i', Sport}, {"kletterhalle", 'i', Sport}, {"tennishalle", 'i', Sport}, {"tennisplatz", 'i', Sport},
	{"minigolf", 'i', Sport}, {"studio", 's', Shop}, {"hoerakustik", 'i', Shop}, {"fachgeschaeft", 'i', Shop},
	{"lpg", 'w', Company}, {"tierproduktion", 'i', Company}, {"pflanzenproduktion", 'i', Company}, {"kombinat", 'i', Company},
	{"verkehrsbetriebe", 'i', Company}, {"callcenter", 'i', Company}, {"metallbau", 'i', Company}, {"firma", 's', Company},
	{"veb", 'w', Company}, {"fahrdienst", 'i', Company}, {"skatepark", 'i', Sport}, {"bolzplatz", 'i', Sport}, {"gym", 'w', Sport},
	{"fussballplatz", 'i', Sport}, {"tennisanlage", 'i', Sport},
	// business and energy parks are firms, not green spaces
	{"logistikpark", 'i', Company}, {"gewerbepark", 'i', Company}, {"industriepark", 'i', Company},
	{"technologiepark", 'i', Company}, {"chemiepark", 'i', Company}, {"businesspark", 'i', Company},
	{"solarpark", 'i', Company}, {"windpark", 'i', Company}, {"energiepark", 'i', Company},
	{"zoo", 'w', Park}, {"tierpark", 'i', Park}, {"wildpark", 'i', Park}, {"spielplatz", 'i', Park},
	{"park", 's', Park}, {"garten", 's', Park}, {"jugendzentrum", 'i', Association},
	{"friedhof", 'i', Park}, {"gehege", 's', Park}, {"parkanlage", 'i', Park}, {"gruenanlage", 'i', Park}, {"schweiz", 'w', Park},
	{"stadtwald", 'i', Park}, {"naturschutzgebiet", 'i', Park}, {"wiesen", 's', Park}, {"auen", 's', Park},
	{"gmbh", 'w', Company}, {"ag", 'w', Company}, {"kg", 'w', Company}, {"ohg", 'w', Company}, {"gbr", 'w', Company},
	{"ug", 'w', Company}, {"se", 'w', Company}, {"mbh", 'w', Company}, {"co", 'w', Company}, {"inc", 'w', Company},
	{"ltd", 'w', Company}, {"bau", 's', Company}, {"holding", 'i', Company}, {"werk", 's', Company}, {"werke", 's', Company},
	{"bank", 's', Company}, {"sparkasse", 'i', Company}, {"volksbank", 'i', Company}, {"raiffeisen", 'i', Company},
	{"logistik", 'i', Company}, {"spedition", 'i', Company}, {"bau", 'p', Company}, {"bauunternehmen", 'i', Company},
	{"kanzlei", 'i', Company}, {"steuerberat", 'i', Company}, {"rechtsanwa", 'i', Company}, {"notar", 'i', Company},
	{"ingenieurbuero", 'i', Company}, {"architekt", 'i', Company}, {"tischlerei", 'i', Company},
	{"schreinerei", 'i', Company}, {"elektro", 'p', Company}, {"sanitaer", 'i', Company}, {"malerbetrieb", 'i', Company},
	{"dachdecker", 'i', Company}, {"druckerei", 'i', Company}, {"verlag", 's', Company}, {"software", 'i', Company},
	{"consulting", 'i', Company}, {"service", 's', Company}, {"technik", 's', Company}, {"brauerei", 'i', Company},
	{"betrieb", 's', Company}, {"unternehmen", 'i', Company}, {"firma", 'w', Company}, {"konzern", 'i', Company},
	{"stadtwerke", 'i', Company}, {"versorgung", 's', Company}, {"industrie", 'i', Company}, {"fabrik", 's', Company},
	{"autowerkstatt", 'i', Company}, {"werkstatt", 's', Company}, {"schlachthof", 'i', Company}, {"werft", 's', Company},
	{"zeitung", 's', Company}, {"agentur", 'i', Company}, {"partner", 's', Company}, {"handwerk", 'i', Company},
}

// specialityStems show a practice's speciality ("kardiologische Praxis",
// "Praxis für Orthopädie"): such a practice is a specialist's.
var specialityStems = []string{
	"kardio", "neuro", "ortho", "onko", "haemato", "gastro", "pneumo", "lungen", "uro", "nephro", "gynaek",
	"frauen", "augen", "ophthalm", "haut", "derma", "hno", "chirurg", "radiolog", "anaesth", "psych", "kinder",
	"paediat", "endokrin", "diabet", "rheuma", "angio", "gefaess", "nuklear", "schmerz", "sportmed", "geriat",
	"internist", "innere", "phlebo", "allergo", "proktolog", "andrologie", "strahlen", "mund", "kiefer",
	"hebamm", "nervenarzt", "nervenaerzt", "hno", "patholog", "haemostas", "humangenet", "dialyse", "substitution",
	"verhaltens", "herzkreislauf", "schwerpunkt", "aesthet", "plastisch", "fachpraxis", "palliativ", "arbeitsmed", "ohren",
	"betriebsaerzt", "schlaf", "venerolog", "infektio", "mikrobio", "virolog", "transfusion", "zytolog",
}

// centreStems are the specialities whose centre ("Rheumazentrum") is a
// specialists' practice.
var centreStems = []string{"rheuma", "schmerz", "orthopaed", "hoer", "kinderwunsch", "operations", "haut", "augen",
	"venen", "wirbelsaeulen", "urolog", "kardiolog", "neurolog", "radiolog", "gastro", "endokrin", "allergie",
	"nephrolog", "pneumolog", "dermatolog", "derma", "dialyse", "diabet", "hno", "schilddruesen", "tinnitus", "gefaess",
	"lungen", "osteopor", "ortho", "chirurg", "fuss", "gyn", "frauen", "uro", "kardio", "neuro", "onkolog", "haemato",
	"mammograph", "diagnosti", "kernspin", "mrt", "laser", "wund", "hormon", "nerven", "op"}

// centreWords are the nouns of a centre ("Zentrum", "Centrum", "Center").
var centreWords = []string{"zentrum", "centrum", "center", "zentren"}

// medicalSuffixes end the words that name a medical speciality or its
// doctor ("Kardiologie", "Urologe", "Gynäkologin", "Chirurgie",
// "Kinderheilkunde", "Frauenmedizin", "Psychiater", "Orthopäde",
// "Internistin", "Kinderarzt", "Hautärztin", "Augenärzte").
var medicalSuffixes = []string{"ologie", "ologe", "ologin", "ologen", "ologinnen", "ologicum", "chirurgie", "chirurg",
	"chirurgin", "chirurgen", "heilkunde", "medizin", "mediziner", "iater", "iaterin", "internist", "internistin",
	"internisten", "paede", "paedin", "paeden", "paedie", "icum", "ikum"}

// groupHeads end a speciality's group practice ("Orthopädiegemeinschaft",
// "UrologieTeam", "Radiologienetz").
var groupHeads = []string{"gemeinschaft", "team", "partnerschaft", "netz", "verbund", "zentrum", "centrum"}

// doctorSuffixes end the nouns of a doctor ("Arzt", "Ärztinnen",
// "Allgemeinarzt", "Landärzte").
var doctorSuffixes = []string{"arzt", "aerztin", "aerzte", "aerzten", "aerztinnen"}

// PersonNoun reports whether a word names a doctor or specialist as a
// person ("Chefarzt", "Oberärztin", "Kardiologe", "Internistin"): before
// a span it is the person's title, not the type of a facility.
func PersonNoun(w string) bool {
	parts := embed.Fold(w)
	if len(parts) == 0 {
		return false
	}
	f := parts[len(parts)-1]
	if doctorWord(f) {
		return true
	}
	for _, s := range []string{"ologe", "ologin", "ologen", "iater", "iaterin", "internist", "internistin", "paede", "paedin",
		"chirurg", "chirurgin", "therapeut", "therapeutin"} {
		if strings.HasSuffix(f, s) {
			return true
		}
	}
	return false
}

// doctorWord reports whether w names a doctor (a practice: a GP's unless
// practiceClass finds a speciality, "Kinderarzt", "Hautärztin").
func doctorWord(w string) bool {
	for _, s := range doctorSuffixes {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// medicalWord reports whether words[i] names a medical speciality or
// its specialist: a word with a medical ending that shows a speciality
// (specialityStems: "Technologie" or "Biologie" is none), a doctor noun
// any "…medizin" ("Sportmedizin"), or "Innere Medizin".
func medicalWord(words []string, i int) bool {
	w := words[i]
	if w == "medizin" {
		return i > 0 && words[i-1] == "innere"
	}
	for _, s := range medicalSuffixes {
		if !strings.HasSuffix(w, s) && !slices.ContainsFunc(groupHeads, func(g string) bool { return strings.HasSuffix(w, s+g) }) {
			continue
		}
		if strings.HasPrefix(s, "medizin") {
			return true
		}
		for _, st := range specialityStems {
			if strings.Contains(w, st) {
				return true
			}
		}
	}
	return false
}

// gpStems mark a general practitioner's practice.
var gpStems = []string{"hausarzt", "hausaerzt", "allgemeinmed", "allgemeinarzt", "allgemeinaerzt", "allgemein", "algemein",
	"praktisch", "landarzt", "landaerzt", "familienmedizin"}

// practiceClass refines a practice by its words: a GP's when the name
// says so, else a specialist's when a speciality or "MVZ" shows, else a
// GP's (a bare "Praxis Dr. X" is a family doctor's in most letters).
func practiceClass(c Class, words []string) Class {
	if c != PracticeGP && c != PracticeSpecialist {
		return c
	}
	for _, w := range words {
		if w == "mkg" || w == "kfo" || strings.Contains(w, "kieferchirurg") || strings.Contains(w, "oralchirurg") {
			return Dental // "MKG-Praxis", "Praxis für Oralchirurgie"
		}
	}
	for _, w := range words {
		for _, s := range gpStems {
			// "Allgemeinchirurgie" is a surgeon's
			if strings.Contains(w, s) && !strings.Contains(w, "chirurg") {
				return PracticeGP
			}
		}
	}
	for _, w := range words {
		if w == "mvz" || strings.Contains(w, "versorgungszentrum") || strings.Contains(w, "facharzt") ||
			strings.Contains(w, "fachaerzt") {
			return PracticeSpecialist
		}
		for _, s := range specialityStems {
			if strings.Contains(w, s) {
				return PracticeSpecialist
			}
		}
	}
	return c
}

// phrases are word sequences (folded, space-joined) that decide a class
// before the single-word rules and before a locative cuts the name
// ("Klinikum rechts der Isar", "Agentur für Arbeit").
var phrases = []struct {
	seq   string
	class Class
}{
	{"rechts der isar", UniHospital}, {"agentur fuer arbeit", AuthorityArbeitsagentur},
	{"bundesagentur fuer arbeit", AuthorityArbeitsagentur}, {"zentrum fuer psychiatrie", Psychiatry},
	{"centrum fuer tumorerkrankungen", TumourCentre}, {"saechsisches krankenhaus", Psychiatry},
	{"medizinische hochschule hannover", UniHospital}, {"big direkt", InsurerStatutory},
	{"deutsches zentrum fuer", UniversityInstitute}, {"deutsches krebsforschungszentrum", UniversityInstitute},
	{"medizinischer dienst", AuthorityOther}, {"allgemeiner sozialer dienst", AuthorityJugendamt},
	{"blaues kreuz", Association}, {"freiwillige feuerwehr", Association}, {"signal iduna", InsurerPrivate},
	{"kommunaler sozialverband", AuthorityOther}, {"zentrum bayern familie", AuthorityOther},
	{"amt fuer jugend", AuthorityJugendamt}, {"landesamt fuer", AuthorityOther}, {"landesamts fuer", AuthorityOther},
	{"landesamtes fuer", AuthorityOther},
	{"karlsruher institut fuer technologie", University}, {"dienst der justiz", AuthorityOther}, {"fuer seelische gesundheit", Psychiatry}, {"klinikum schloss winnenden", Psychiatry}, {"jugendgerichtshilfe", AuthorityJugendamt},
	{"fakultni nemocnice", UniHospital}, {"zdravotni pojistovna", InsurerStatutory}, {"bratrska pokladna", InsurerStatutory},
	{"fundusz zdrowia", InsurerStatutory}, {"caisse nationale de sante", InsurerStatutory}, {"assurance maladie", InsurerStatutory},
	{"caisse de maladie", InsurerStatutory},
	{"kliniken schmieder", Rehab}, {"amt fuer gesundheit", AuthorityGesundheitsamt}, {"fachdienst gesundheit", AuthorityGesundheitsamt},
	{"referat fuer gesundheit", AuthorityGesundheitsamt}, {"fachdienst jugend", AuthorityJugendamt},
	{"fachbereich jugend", AuthorityJugendamt}, {"bildungs und beratungszentrum", School},
	{"deutsche gesellschaft fuer", Association}, {"alzheimer gesellschaft", Association}, {"sklerose gesellschaft", Association},
	{"anonyme alkoholiker", Association}, {"pro familia", Association}, {"weisser ring", Association},
	{"essen auf raedern", CareService}, {"juedische gemeinde", Church}, {"deutsche bahn", Company},
	{"deutsche post", Company}, {"fachbereich gesundheit", AuthorityGesundheitsamt},
	{"amt fuer kinder", AuthorityJugendamt}, {"jugend und familie", AuthorityJugendamt},
	{"jugend familie und", AuthorityJugendamt},
	{"integrierte onkologie", TumourCentre}, {"herz und diabeteszentrum", HeartCentre},
	{"herz und gefaesszentrum", HeartCentre}, {"alte oldenburger", InsurerPrivate},
	{"muenchener verein", InsurerPrivate}, {"herz und lungenzentrum", HeartCentre},
	{"kommunalverband fuer jugend", AuthorityOther}, {"sozialpsychiatrischer dienst", AuthorityOther},
	{"sozialpsychiatrische dienst", AuthorityOther}, {"sozialpsychiatrischen dienst", AuthorityOther},
	{"sozialpaediatrisches zentrum", PracticeSpecialist}, {"sozialpaediatrische zentrum", PracticeSpecialist},
	{"sozialpaediatrischen zentrum", PracticeSpecialist},
}

// tagClass maps OSM tag values (key=value, as in geo.PoolEntry.Category)
// to a class when the name shows none.
var tagClass = map[string]Class{
	"amenity=hospital": Hospital, "healthcare=hospital": Hospital, "amenity=clinic": PracticeSpecialist,
	"healthcare=clinic": PracticeSpecialist, "amenity=doctors": PracticeGP, "healthcare=doctor": PracticeGP,
	"amenity=dentist": Dental, "healthcare=dentist": Dental, "healthcare=physiotherapist": Physiotherapy,
	"healthcare=psychotherapist": PracticeSpecialist, "healthcare=alternative": PracticeSpecialist,
	"healthcare=speech_therapist": Physiotherapy, "healthcare=occupational_therapist": Physiotherapy,
	"healthcare=midwife": PracticeSpecialist, "healthcare=podiatrist": Physiotherapy,
	"healthcare=rehabilitation": Rehab, "amenity=nursing_home": CareHome, "healthcare=nursing": CareService,
	"amenity=social_facility": CareHome, "amenity=pharmacy": Pharmacy, "healthcare=pharmacy": Pharmacy,
	"healthcare=laboratory": Laboratory, "healthcare=blood_donation": Laboratory,
	"office=insurance": InsurerPrivate, "office=government": AuthorityOther, "amenity=townhall": AuthorityOther,
	"amenity=courthouse": CourtAmtsgericht, "amenity=police": AuthorityOther, "office=administrative": AuthorityOther,
	"office=employment_agency": AuthorityArbeitsagentur,
	"amenity=university":       University, "amenity=college": University, "office=research": UniversityInstitute,
	"office=educational_institution": University, "amenity=school": School, "amenity=kindergarten": School,
	"amenity=place_of_worship": Church, "office=religion": Church,
	"office=company": Company, "office=lawyer": Company, "office=tax_advisor": Company, "office=it": Company,
	"office=estate_agent": Company, "office=architect": Company, "office=engineer": Company,
	"office=association": Association, "office=ngo": Association, "office=foundation": Association,
	"club=sport": Association, "office=political_party": Association,
	"amenity=restaurant": Gastronomy, "amenity=cafe": Gastronomy, "amenity=fast_food": Gastronomy,
	"amenity=bar": Gastronomy, "amenity=pub": Gastronomy, "amenity=biergarten": Gastronomy,
	"amenity=ice_cream": Gastronomy, "amenity=cinema": Culture, "amenity=theatre": Culture,
	"amenity=library": Culture, "amenity=arts_centre": Culture, "tourism=gallery": Culture,
	"tourism=hotel": Lodging, "tourism=guest_house": Lodging, "tourism=motel": Lodging,
	"tourism=museum": Culture, "tourism=hostel": Lodging, "tourism=camp_site": Lodging,
	"tourism=apartment": Lodging, "tourism=chalet": Lodging, "tourism=zoo": Park, "leisure=sports_centre": Sport,
	"leisure=fitness_centre": Sport, "leisure=swimming_pool": Bath, "leisure=stadium": Sport,
	"leisure=pitch": Sport, "leisure=golf_course": Sport, "leisure=ice_rink": Sport,
	"leisure=sports_hall": Sport, "leisure=water_park": Bath, "amenity=public_bath": Bath,
	"leisure=bowling_alley": Sport, "leisure=park": Park, "leisure=garden": Park, "leisure=playground": Park,
	"amenity=grave_yard": Park, "landuse=cemetery": Park,
	"amenity=bank": Company, "amenity=fuel": Shop,
}

// tagPrefixClass is the class of a whole OSM key when no value matches.
var tagPrefixClass = map[string]Class{
	"shop=": Shop, "craft=": Company, "industrial=": Company, "leisure=": Park, "tourism=": Park,
	"club=": Association,
}

// acronymClassLabels are the classes of the register's abbreviations
// (data/resources/institutions.tsv), so that a surrogate written as one
// ("UME", "BfArM", "KUVB") shows its type on every path; the location
// package's register test checks that every acronym of the register is
// listed with its institution's type.
var acronymClassLabels = map[string]string{
	"ARAG": "insurer-private", "AXA": "insurer-private", "BAMF": "authority-other", "BAS": "authority-other", "BBKK": "insurer-private", "BEK": "insurer-statutory", "BFH": "court-other", "BGH": "court-other", "BGHM": "accident-insurer", "BGHW": "accident-insurer", "BGN": "accident-insurer", "BGW": "accident-insurer", "BHT": "university", "BIG": "insurer-statutory", "BIPS": "university-institute", "BNITM": "university-institute", "BSG": "court-sozialgericht", "BVA": "authority-other", "BVerwG": "court-verwaltungsgericht", "BZSt": "authority-other", "BayVGH": "court-verwaltungsgericht", "BfA": "pension-carrier", "BfArM": "authority-other", "BfJ": "authority-other", "CAU": "university", "CCCF": "tumour-centre", "CCCU": "tumour-centre", "DAK": "insurer-statutory", "DHM": "heart-centre", "DHZC": "heart-centre", "DKFZ": "university-institute", "DKV": "insurer-private", "DSHS": "university", "DZNE": "university-institute", "EBA": "authority-other", "ERGO": "insurer-private", "EUF": "university", "FAU": "university", "FLI": "university-institute", "HEK": "insurer-statutory", "HFU": "university", "HHU": "university", "HKI": "university-institute", "HSRM": "university", "HSU": "university", "HSZG": "university", "HUK": "insurer-private", "KIT": "university", "NLBV": "authority-other", "LVR": "authority-other", "LWL": "authority-other", "VZP": "insurer-statutory", "VBL": "pension-carrier", "CNS": "insurer-statutory", "CMFEP": "insurer-statutory", "BVAEB": "insurer-statutory", "NFZ": "insurer-statutory", "HZI": "university-institute", "HZL": "heart-centre", "HsH": "university", "IfADo": "university-institute", "JGU": "university", "JLU": "university", "JMU": "university", "KBA": "authority-other", "KKH": "insurer-statutory", "KUM": "university-hospital", "KUVB": "accident-insurer", "KVJS": "authority-other", "LAGeSo": "authority-other", "LAGuS": "authority-other", "LASV": "authority-other", "LBV": "authority-other", "LKH": "insurer-private", "LMU": "university", "LSJV": "authority-other", "LUH": "university", "MDC": "university-institute", "MHB": "university", "MHH": "university-hospital", "MLU": "university", "MRI": "university-hospital", "NCT": "tumour-centre", "OVGU": "university", "PBeaKK": "insurer-private", "PEI": "university-institute", "R+V": "insurer-private", "RKI": "university-institute", "RPTU": "university", "RUB": "university", "RWTH": "university", "SBK": "insurer-statutory", "SDK": "insurer-private", "SVLFG": "insurer-statutory", "THD": "university", "TK": "insurer-statutory", "TKK": "insurer-statutory", "TLVwA": "authority-other", "TUHH": "university", "TUM": "university", "TZM": "tumour-centre", "UCCH": "tumour-centre", "UCCL": "tumour-centre", "UCCSH": "tumour-centre", "UDE": "university", "UFZ": "university-institute", "UHZ": "heart-centre", "UKA": "university-hospital", "UKB": "university-hospital", "UKBW": "accident-insurer", "UKD": "university-hospital", "UKE": "university-hospital", "UKER": "university-hospital", "UKF": "university-hospital", "UKGM": "university-hospital", "UKH": "university-hospital", "UKHD": "university-hospital", "UKJ": "university-hospital", "UKK": "university-hospital", "UKL": "university-hospital", "UKM": "university-hospital", "UKMD": "university-hospital", "UKR": "university-hospital", "UKRB": "university-hospital", "UKS": "university-hospital", "UKSH": "university-hospital", "UKT": "university-hospital", "UKU": "university-hospital", "UKV": "insurer-private", "UKW": "university-hospital", "UME": "university-hospital", "UMG": "university-hospital", "UMM": "university-hospital", "UMMD": "university-hospital", "UMR": "university-hospital", "UVB": "accident-insurer", "UW/H": "university", "UdS": "university", "VBG": "accident-insurer", "WHZ": "university", "WTZ": "tumour-centre", "ZBFS": "authority-other", "hkk": "insurer-statutory",
}

// acronymClasses is acronymClassLabels parsed.
var acronymClasses = sync.OnceValue(func() map[string]Class {
	out := make(map[string]Class, len(acronymClassLabels))
	for k, v := range acronymClassLabels {
		if c, ok := ParseClass(v); ok {
			out[k] = c
		}
	}
	return out
})

// Classify returns the class a name shows by its keywords (after
// abbreviation expansion); Unknown when none matches.
//
// The head of a name comes before a locating phrase: in "Apotheke im
// Ärztehaus", "Krankenpflegeschule am Klinikum" or "Förderverein der
// Grundschule" only the words before "im", "am", "der" decide when they
// show a class ("für" does not cut: "Klinik für Psychiatrie").
func Classify(name string) Class {
	if c, ok := acronymClasses()[strings.TrimSpace(name)]; ok {
		return c // a register abbreviation written alone ("UME", "KUVB")
	}
	c := classifyFolded(classWords(Expand(name)))
	if c == Unknown {
		// a register abbreviation with its seat or campus ("JGU Mainz",
		// "HHU Düsseldorf", "KUVB München")
		for _, w := range strings.Fields(name) {
			if a, ok := acronymClasses()[strings.Trim(w, ",;:()")]; ok {
				return a
			}
		}
	}
	return c
}

// classWords are the folded words of a name for classification: each
// hyphenated compound is followed by its parts joined, so that
// "Mutter-Kind-Klinik" also reads as "mutterkindklinik" (a rehab clinic,
// not merely a "klinik").
//
// A truncated first member ("Herz- und Kreislaufzentrum", "Kinder- und
// Jugendmedizin", "Physio- und Ergotherapie") is also read joined to
// the word its conjunction links it with ("herzkreislaufzentrum",
// "kinderjugendmedizin", "physioergotherapie").
func classWords(s string) []string {
	var out, joined []string
	fs := strings.Fields(s)
	for i, f := range fs {
		parts := embed.Fold(f)
		out = append(out, parts...)
		if len(parts) > 1 && strings.Contains(f, "-") {
			out = append(out, strings.Join(parts, ""))
		}
		if strings.HasSuffix(f, "-") && len(parts) > 0 && i+2 < len(fs) && (fs[i+1] == "und" || fs[i+1] == "oder" || fs[i+1] == "&") {
			if next := embed.Fold(fs[i+2]); len(next) > 0 {
				joined = append(joined, strings.Join(parts, "")+strings.Join(next, ""))
			}
		}
	}
	// after the name's own words, so that phrases ("herz und
	// diabeteszentrum") still read them in sequence
	return append(out, joined...)
}

// classifyFolded is Classify over the folded words of the expanded name.
// A phrase decides first; then the head before a locative; a hospital
// named as the clinic of a university ("Klinikum der Universität",
// "Klinik für Kardiologie am Universitätsklinikum") is a university
// hospital.
func classifyFolded(words []string) Class {
	if c := phraseClass(words); c != Unknown {
		return c
	}
	if municipality(words) {
		return AuthorityOther // "Stadt Wolfsburg", "Gemeinde Wedemark": the administration
	}
	if kept := withoutPlaces(words); len(kept) > 0 && len(kept) < len(words) {
		if c := classifyAll(kept); c != Unknown {
			return districtHospital(c, words) // "Freibad Bremen-Blumenthal" is no "Blumen…" shop
		}
	}
	return districtHospital(classifyAll(words), words)
}

// phraseClass is the class of the first phrase among words (Unknown none).
func phraseClass(words []string) Class {
	if len(words) > 1 {
		joined := " " + strings.Join(words, " ") + " "
		for _, p := range phrases {
			if strings.Contains(joined, " "+p.seq+" ") {
				return p.class
			}
		}
	}
	return Unknown
}

// classifyAll is classifyFolded over all the words.
func classifyAll(words []string) Class {
	if c := phraseClass(words); c != Unknown {
		return c
	}
	for i, w := range words {
		// the head before "für" decides unless it is a health facility
		// whose complement names its speciality: "Schule für
		// Physiotherapie" is a school, "Praxis für Physiotherapie" a
		// physiotherapist's
		if i > 0 && w == "fuer" {
			if c := classifyWords(words[:i]); c != Unknown && !c.Health() {
				return c
			}
			break
		}
	}
	for i, w := range words {
		// a head before its owner named in apposition ("Rettungsdienst
		// Landkreis Aurich", "Jugendamt Stadt Halle") reads as a locative
		if i > 0 && (locatives[w] || appositionOwners[w]) {
			c := classifyWords(words[:i])
			if c == Hospital || c == SpecialistClinic {
				if t := classifyWords(words[i:]); t == University || t == UniHospital {
					return UniHospital
				}
			}
			if c != Unknown {
				return psychiatricCarrier(c, words)
			}
			if words[0] == "haus" && i+1 < len(words) {
				if o := classifyWords(words[i+1:]); o == Association || o == Church {
					return CareHome // "Haus Lindenhof der Diakonie": a welfare carrier's home
				}
			}
			if (w == "der" || w == "des") && i+1 < len(words) && ownerAuthorities[words[i+1]] &&
				slices.ContainsFunc(words[:i], func(h string) bool {
					return slices.ContainsFunc(adminUnits, func(u string) bool { return strings.Contains(h, u) })
				}) {
				return AuthorityOther // "Bereich Soziales der Stadt Oberhausen": an office of the town
			}
			break
		}
	}
	c := classifyWords(words)
	if n := len(words); n > 0 && words[n-1] == "bad" && (c == Unknown || c == Company) {
		return Bath // "Albert-Bad"; "Bad Elster" is a town
	}
	if c == Unknown {
		for i, w := range words[:max(len(words)-1, 0)] {
			if w == "bad" && words[i+1] != "" && words[i+1][0] >= '0' && words[i+1][0] <= '9' {
				return Bath // "Bad 1 Bremerhaven"
			}
		}
		if len(words) >= 2 && (words[0] == "zum" || words[0] == "zur") {
			return Gastronomy // "Zum Schwarzen Ochsen": an inn's name
		}
	}
	if c == Unknown {
		for _, w := range words {
			if len(w) > 4 && strings.HasSuffix(w, "bad") {
				return Bath // "Westbad", "Kombibad Seligweiler"
			}
		}
	}
	if c == Hospital || c == Unknown {
		// a clinic or centre in a spa town ("Klinik Bad Tennstedt",
		// "Tinnitus-Zentrum Bad Arolsen") is a rehab clinic unless it is
		// a Krankenhaus or Klinikum
		spa, acute := false, false
		for i, w := range words {
			spa = spa || w == "bad" && i+1 < len(words)
			acute = acute || strings.Contains(w, "krankenhaus") || strings.Contains(w, "klinikum") || strings.Contains(w, "hospital") ||
				strings.Contains(w, "kreisklinik") || strings.Contains(w, "stadtklinik") || strings.HasSuffix(w, "kliniken") || strings.Contains(w, "sportklinik")
		}
		if spa && !acute && (c == Hospital || hasWordPart(words, "zentrum")) {
			return Rehab
		}
	}
	if c == Unknown {
		// a speciality's centre ("Rheumazentrum", "Schmerzzentrum",
		// "Orthopädiezentrum", "Augen Centrum", "Dialyse-Center"): a
		// specialists' practice, as an MVZ
		for _, w := range words {
			for _, c := range centreWords {
				if strings.HasSuffix(w, c) && w != c && slices.ContainsFunc(centreStems, func(s string) bool { return len(s) > 2 && strings.Contains(w, s) }) {
					return PracticeSpecialist
				}
			}
		}
		for _, w := range words {
			if strings.HasSuffix(w, "ambulanz") {
				return PracticeSpecialist // "Kinderambulanz", "Notdienstambulanz": no carrier shows
			}
		}
		for _, w := range words {
			// a shopping centre named after its place ("Rheincenter",
			// "Allee-Center"); a medical one was read above
			if (strings.HasSuffix(w, "center") || strings.HasSuffix(w, "centre")) && len(w) > 7 &&
				!slices.ContainsFunc([]string{"job", "service", "call", "business", "kongress", "medic", "health", "care"}, func(p string) bool { return strings.Contains(w, p) }) {
				return Shop
			}
		}
		for i, w := range words[:max(len(words)-1, 0)] {
			if slices.Contains(centreWords, words[i+1]) && slices.ContainsFunc(centreStems, func(s string) bool { return strings.HasPrefix(w, s) }) {
				return PracticeSpecialist // "Nephrologisches Zentrum", "Dialyse Zentrum"
			}
		}
	}
	if c == Hospital {
		for _, w := range words {
			if w == "universitaet" {
				return UniHospital // "TUM Klinikum", "Klinikum Universität X"
			}
		}
	}
	return psychiatricCarrier(c, words)
}

// psychiatricCarrier returns Psychiatry for a hospital of a psychiatric
// carrier (psychiatricCarriers), else c.
func psychiatricCarrier(c Class, words []string) Class {
	if c == Hospital || c == SpecialistClinic {
		for _, w := range words {
			for _, p := range psychiatricCarriers {
				if strings.HasPrefix(w, p) {
					return Psychiatry
				}
			}
		}
	}
	return c
}

// psychiatricCarriers are folded word starts of hospitals whose names do
// not show that they are psychiatric: the carriers' brands (LVR-Klinik,
// LWL-Klinik, Vitos, kbo and its Isar-Amper-Klinikum, Pfalzklinikum) and
// "Fachklinikum", the usual name of psychiatric state hospitals
// (Fachklinikum Uchtspringe, Asklepios Fachklinikum Göttingen), and the
// psychiatric centres named after their site (Klinikum am Weissenhof,
// Klinikum Wahrendorff, Christophsbad, Klinikum am Europakanal, Klinikum
// Nordschwarzwald; "Klinikum Schloß Winnenden" is a phrase).
var psychiatricCarriers = []string{"lvrklinik", "lwlklinik", "vitos", "kbo", "isaramper", "pfalzklinikum", "fachklinikum",
	"weissenhof", "wahrendorff", "rheinhessenfachklinik", "karljaspers", "carlfriedrichflemming", "furtbach", "heckscher", "oberbergklinik", "roseneck", "christophsbad", "europakanal", "nordschwarzwald"}

// hasWordPart reports whether a word contains part.
func hasWordPart(words []string, part string) bool {
	for _, w := range words {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}

// ownerAuthorities are the folded words after "der"/"des" that make a
// name whose head shows no type an office of that body ("Fachbereich
// Jugend der Stadt X", "Dezernat II des Landkreises Y").
var ownerAuthorities = map[string]bool{
	"stadt": true, "gemeinde": true, "landeshauptstadt": true, "hansestadt": true, "kreisstadt": true,
	"samtgemeinde": true, "verbandsgemeinde": true, "stadtverwaltung": true, "landkreises": true, "kreises": true,
	"kreisverwaltung": true, "bezirksregierung": true,
}

// adminUnits are the folded words of an administration's units ("Bereich
// Soziales", "Dezernat II", "Fachdienst 50"): such a unit of a town or
// district is an office, a "Ballspielfeld der Stadt" is not.
var adminUnits = []string{"bereich", "dezernat", "referat", "abteilung", "fachdienst", "sachgebiet", "dienststelle", "buero", "service", "stabsstelle"}

// appositionOwners are the folded words that name an owner in apposition
// after a facility's head ("Rettungsdienst Landkreis Aurich").
var appositionOwners = map[string]bool{"landkreis": true, "kreis": true, "stadt": true, "landeshauptstadt": true, "hansestadt": true}

// locatives start a phrase that locates or owns the named facility.
var locatives = map[string]bool{
	"am": true, "an": true, "im": true, "in": true, "der": true, "des": true, "bei": true, "auf": true,
	"zum": true, "zur": true, "vom": true, "von": true, "zu": true, "unter": true, "hinter": true, "vor": true,
}

func classifyWords(words []string) Class {
	for _, r := range rules {
		for i, w := range words {
			var ok bool
			switch r.where {
			case 'm':
				ok = medicalWord(words, i)
			case 'd':
				ok = doctorWord(w)
			case 'p':
				ok = strings.HasPrefix(w, r.key)
			case 's':
				ok = strings.HasSuffix(w, r.key)
			case 'i':
				ok = strings.Contains(w, r.key)
			case 'w':
				ok = w == r.key
			}
			if ok {
				return practiceClass(r.class, words)
			}
		}
	}
	return Unknown
}

// ClassifyTagged classifies a pool entry: its name's keywords first, then
// its OSM category (key=value). byName tells whether the name shows the
// class (only such entries are offered as surrogates, so that the type is
// visible in the replacement).
func ClassifyTagged(name, category string) (c Class, byName bool) {
	return classifyTagged(classWords(Expand(name)), category)
}

func classifyTagged(words []string, category string) (c Class, byName bool) {
	if c := classifyFolded(words); c != Unknown {
		return c, true
	}
	if c, ok := tagClass[category]; ok {
		return c, false
	}
	if i := strings.IndexByte(category, '='); i > 0 {
		if c, ok := tagPrefixClass[category[:i+1]]; ok {
			return c, false
		}
	}
	return Unknown, false
}

// Gender is the grammatical gender of a facility name's head noun.
type Gender uint8

// Genders; Plural for heads such as "Kliniken".
const (
	NoGender Gender = iota
	Masculine
	Feminine
	Neuter
	Plural
)

// genderSuffix maps folded head-noun endings to their gender; the longest
// matching ending decides.
var genderSuffix = map[string]Gender{
	"klinikum": Neuter, "krankenhaus": Neuter, "hospital": Neuter, "spital": Neuter, "zentrum": Neuter,
	"institut": Neuter, "heim": Neuter, "haus": Neuter, "amt": Neuter, "gericht": Neuter, "labor": Neuter,
	"laboratorium": Neuter, "ministerium": Neuter, "studio": Neuter, "restaurant": Neuter, "cafe": Neuter,
	"hotel": Neuter, "motel": Neuter, "hostel": Neuter, "archiv": Neuter, "planetarium": Neuter, "bistro": Neuter, "kino": Neuter, "theater": Neuter, "museum": Neuter, "bad": Neuter,
	"werk": Neuter, "buero": Neuter, "stift": Neuter, "hospiz": Neuter, "sanatorium": Neuter,
	"gymnasium": Neuter, "jobcenter": Neuter, "center": Neuter, "geschaeft": Neuter, "lazarett": Neuter,
	"rathaus": Neuter, "stadion": Neuter, "kolleg": Neuter, "kloster": Neuter, "team": Neuter,
	"klinik": Feminine, "praxis": Feminine, "apotheke": Feminine, "kasse": Feminine, "universitaet": Feminine,
	"hochschule": Feminine, "akademie": Feminine, "schule": Feminine, "stiftung": Feminine,
	"gesellschaft": Feminine, "gmbh": Feminine, "ag": Feminine, "kg": Feminine, "ohg": Feminine, "gbr": Feminine, "ug": Feminine, "genossenschaft": Feminine,
	"gemeinschaft": Feminine, "behoerde": Feminine, "verwaltung": Feminine, "polizei": Feminine,
	"staatsanwaltschaft": Feminine, "direktion": Feminine, "inspektion": Feminine, "agentur": Feminine, "anstalt": Feminine, "station": Feminine,
	"ambulanz": Feminine, "abteilung": Feminine, "einrichtung": Feminine, "residenz": Feminine,
	"bank": Feminine, "sparkasse": Feminine, "baeckerei": Feminine, "metzgerei": Feminine,
	"fleischerei": Feminine, "gaststaette": Feminine, "pizzeria": Feminine, "kneipe": Feminine, "bar": Feminine,
	"buchhandlung": Feminine, "vereinigung": Feminine, "kita": Feminine, "pflege": Feminine,
	"versicherung": Feminine, "berufsgenossenschaft": Feminine, "kirche": Feminine, "gemeinde": Feminine,
	"fakultaet": Feminine, "aok": Feminine, "bkk": Feminine, "ikk": Feminine, "hkk": Feminine, "dak": Feminine,
	"barmer": Feminine, "knappschaft": Feminine, "kanzlei": Feminine, "druckerei": Feminine, "tischlerei": Feminine,
	"schreinerei": Feminine, "brauerei": Feminine, "bibliothek": Feminine, "buecherei": Feminine,
	"kindertagesstaette": Feminine, "tagesklinik": Feminine, "therme": Feminine, "galerie": Feminine,
	"pension": Feminine, "jugendherberge": Feminine, "boutique": Feminine, "drogerie": Feminine,
	"tankstelle": Feminine, "optik": Feminine, "kammer": Feminine, "initiative": Feminine,
	"herberge": Feminine, "oper": Feminine, "philharmonie": Feminine, "anlage": Feminine,
	"selbsthilfe": Feminine, "halle": Feminine, "werkstatt": Feminine, "zeitung": Feminine, "hilfe": Feminine,
	"arbeiterwohlfahrt": Feminine, "medizin": Feminine, "charite": Feminine, "debeka": Feminine,
	"dkv": Feminine, "allianz": Feminine, "axa": Feminine, "iduna": Feminine, "barmenia": Feminine,
	"continentale": Feminine, "gothaer": Feminine, "hallesche": Feminine, "hansemerkur": Feminine,
	"ergo": Feminine, "knappschaftbahnsee": Feminine, "gesundheit": Feminine, "svlfg": Feminine,
	"sozialversicherung": Feminine, "landeskrankenhilfe": Feminine, "concordia": Feminine,
	"mhh": Feminine, "tk": Feminine, "kkh": Feminine, "hek": Feminine, "big": Feminine, "viactiv": Feminine,
	"mhplus": Feminine, "sbk": Feminine, "bgw": Feminine, "vbg": Feminine, "bghm": Feminine, "bgn": Feminine,
	"bghw": Feminine, "ukl": Neuter, "uke": Neuter, "ukd": Neuter, "ukj": Neuter, "uksh": Neuter,
	"kammergericht": Neuter, "gerichtshof": Masculine, "finanzhof": Masculine, "tumorzentrum": Neuter,
	"centrum": Neuter, "universitaetsklinikum": Neuter, "therapie": Feminine, "gymnastik": Feminine,
	"kreuz": Neuter, "schweiz": Feminine, "campus": Masculine, "gehege": Neuter, "wehr": Feminine, "unternehmen": Neuter, "fahrdienst": Masculine, "kette": Feminine, "netz": Neuter, "logopaedie": Feminine, "region": Feminine, "stelle": Feminine, "beratung": Feminine, "landkreis": Masculine, "uniklinikum": Neuter, "uniklinik": Feminine, "diakonie": Feminine, "caritas": Feminine, "lebenshilfe": Feminine,
	"verein": Masculine, "verband": Masculine, "dienst": Masculine, "bund": Masculine, "club": Masculine,
	"klub": Masculine, "markt": Masculine, "laden": Masculine, "kiosk": Masculine, "betrieb": Masculine,
	"konzern": Masculine, "kindergarten": Masculine, "hof": Masculine, "friseur": Masculine, "salon": Masculine,
	"imbiss": Masculine, "garten": Masculine, "park": Masculine, "zoo": Masculine, "verlag": Masculine,
	"service": Masculine, "grill": Masculine, "fachhandel": Masculine, "handel": Masculine,
	"platz": Masculine, "treff": Masculine, "tsv": Masculine, "sv": Masculine, "fc": Masculine,
	"bahn": Feminine, "post": Feminine, "nemocnice": Feminine, "pojistovna": Feminine, "pokladna": Feminine, "caisse": Feminine, "versorgung": Feminine, "versorgungskammer": Feminine, "alterskasse": Feminine, "sante": Feminine, "maladie": Feminine, "versicherungsanstalt": Feminine, "register": Neuter, "kliniken": Plural, "krankenhaeuser": Plural, "werken": Plural, "stadtwerken": Plural, "diensten": Plural, "werke": Plural, "stadtwerke": Plural, "praxen": Plural,
	"einrichtungen": Plural, "dienste": Plural,
	"gruppe": Feminine, // "Selbsthilfegruppe", "Kreuzbund-Gruppe"
	"kreis":  Masculine, "bezirk": Masculine, "innung": Feminine, "betriebe": Plural, "betrieben": Plural,
	"werkstaetten": Plural, "heime": Plural, "heimen": Plural, "schulen": Plural, "apotheken": Plural,
	"baeder": Plural, "baedern": Plural, "freunde": Plural, "freunden": Plural,
}

// HeadGender returns the gender of a name's head noun: the first word
// that ends in a known head noun, as written ("Uniklinik" is feminine)
// or else after expansion ("MVZ" → "Medizinisches Versorgungszentrum"). Adjectives before the
// head ("Städtisches", "Evangelisches") are skipped because they end in no
// head noun.
func HeadGender(name string) Gender {
	_, g := headIndex(strings.Fields(name))
	return g
}

// wordGender is the gender of the longest known head noun ending w.
func wordGender(w string) Gender {
	for n := len(w); n >= 2; n-- {
		if g, ok := genderSuffix[w[len(w)-n:]]; ok {
			return g
		}
	}
	return NoGender
}

// articles are words before a span whose form depends on the gender of
// the name that follows.
var articles = map[string]bool{
	"der": true, "die": true, "das": true, "den": true, "dem": true, "des": true, "im": true, "am": true,
	"vom": true, "zum": true, "zur": true, "beim": true, "ins": true, "ans": true, "ein": true, "eine": true,
	"einen": true, "einem": true, "einer": true, "eines": true, "unser": true, "unsere": true, "unserem": true,
	"unserer": true, "ihrem": true, "ihrer": true, "seinem": true, "seiner": true, "dieser": true,
	"diesem": true, "diesen": true, "dieses": true, "diese": true, "kein": true, "keine": true, "keinem": true,
	"keiner": true,
}

// GenderSet is a set of head-noun genders (bit 1<<Gender).
type GenderSet uint8

// Set returns the set holding only g (empty for NoGender).
func (g Gender) Set() GenderSet {
	if g == NoGender || g > Plural {
		return 0
	}
	return 1 << g
}

// Has reports whether g is in the set.
func (s GenderSet) Has(g Gender) bool { return g != NoGender && s&g.Set() != 0 }

// grammatical cases of an article reading
const (
	nom = iota
	acc
	dat
	gen
)

// reading is one (case, gender) an article form can have.
type reading struct {
	cas    int
	gender Gender
}

// articleReadings lists, for the article and contraction forms of
// articles, the (case, head gender) readings of each form.
var articleReadings = func() map[string][]reading {
	m, f, n, p := Masculine, Feminine, Neuter, Plural
	r := func(rs ...reading) []reading { return rs }
	der := r(reading{nom, m}, reading{dat, f}, reading{gen, f}, reading{gen, p})
	die := r(reading{nom, f}, reading{acc, f}, reading{nom, p}, reading{acc, p})
	den := r(reading{acc, m}, reading{dat, p})
	dem := r(reading{dat, m}, reading{dat, n})
	des := r(reading{gen, m}, reading{gen, n})
	das := r(reading{nom, n}, reading{acc, n})
	ein := r(reading{nom, m}, reading{nom, n}, reading{acc, n})
	eine := r(reading{nom, f}, reading{acc, f})
	out := map[string][]reading{
		"der": der, "die": die, "den": den, "dem": dem, "des": des, "das": das,
		"im": dem, "am": dem, "vom": dem, "zum": dem, "beim": dem, "zur": r(reading{dat, f}),
		"ins": das, "ans": das,
		"ein": ein, "eine": eine, "einen": r(reading{acc, m}), "einem": dem, "einer": r(reading{dat, f}, reading{gen, f}),
		"eines":  des,
		"dieser": der, "diese": die, "diesen": den, "diesem": dem, "dieses": append(das, des...),
	}
	// possessives and "kein" decline like "ein" and have plurals like "die"
	for _, stem := range []string{"kein", "unser", "ihr", "sein"} {
		out[stem] = ein
		out[stem+"e"] = die
		out[stem+"en"] = den
		out[stem+"em"] = dem
		out[stem+"er"] = r(reading{dat, f}, reading{gen, f}, reading{gen, p})
		out[stem+"es"] = des
	}
	return out
}()

// AgreeingGenders returns the head-noun genders a name may have after
// article (a definite or indefinite article, a contraction such as "im"
// or "zur", a demonstrative or possessive, any case) so that the article
// still agrees: the genders whose form equals article in every case the
// article can have before a head of gender head. "im" before a neuter
// head (dative) takes masculine and neuter ("im Verband", "im Klinikum");
// "die" before a feminine head takes feminine and plural; "der" before a
// feminine head (dative or genitive) only feminine; "des" before a
// masculine or neuter head takes both (Decline adds the genitive -s:
// "des Kemperhofs" → "des Klinikums Fulda"). With head NoGender every gender the form can have is
// returned; an unknown article gives head's own set.
func AgreeingGenders(article string, head Gender) GenderSet {
	rs, ok := articleReadings[strings.ToLower(article)]
	if !ok {
		return head.Set()
	}
	var cases [gen + 1]bool
	var any GenderSet
	for _, r := range rs {
		any |= r.gender.Set()
		if r.gender == head {
			cases[r.cas] = true
		}
	}
	if head == NoGender {
		return any
	}
	var out GenderSet
	for g := Masculine; g <= Plural; g++ {
		ok := true
		seen := false
		for c, need := range cases {
			if !need {
				continue
			}
			seen = true
			found := false
			for _, r := range rs {
				if r.cas == c && r.gender == g {
					found = true
				}
			}
			ok = ok && found
		}
		if ok && seen {
			out |= g.Set()
		}
	}
	if out == 0 {
		// the form does not fit the original's head ("im Paracelsus
		// Klinik"): the article stays, so any gender it fits
		return any
	}
	return out
}

// ArticleWord returns the last word of the text before a span when it is
// an article or contraction agreeing with the span ("" otherwise).
func ArticleWord(before string) string {
	if !ArticleBefore(before) {
		return ""
	}
	f := strings.Fields(before)
	return f[len(f)-1]
}

// ArticleBefore reports whether the text before a span ends in an article
// or a contraction ("im", "zur") that agrees with the span's head noun.
func ArticleBefore(before string) bool {
	f := strings.Fields(before)
	if len(f) == 0 || !strings.HasSuffix(before, " ") && !strings.HasSuffix(before, "\t") {
		return false // no text, or the span continues a word
	}
	return articles[strings.ToLower(f[len(f)-1])]
}
