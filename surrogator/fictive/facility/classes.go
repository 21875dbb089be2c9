package facility

import (
	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
)

// The taxonomy, the grammar of facility names and the labelling of pool
// entries live in package taxonomy (which osmbuild uses to label and
// embed a pack's pools without the generator); facility re-exports what
// its callers name.

type (
	// Class is a facility type of the taxonomy (taxonomy.Class).
	Class = taxonomy.Class
	// Gender is the grammatical gender of a name's head noun.
	Gender = taxonomy.Gender
	// GenderSet is a set of genders.
	GenderSet = taxonomy.GenderSet
)

// The taxonomy's classes.
const (
	Unknown                 = taxonomy.Unknown
	UniHospital             = taxonomy.UniHospital
	Hospital                = taxonomy.Hospital
	SpecialistClinic        = taxonomy.SpecialistClinic
	HeartCentre             = taxonomy.HeartCentre
	TumourCentre            = taxonomy.TumourCentre
	Rehab                   = taxonomy.Rehab
	Psychiatry              = taxonomy.Psychiatry
	PracticeGP              = taxonomy.PracticeGP
	PracticeSpecialist      = taxonomy.PracticeSpecialist
	Physiotherapy           = taxonomy.Physiotherapy
	Dental                  = taxonomy.Dental
	CareService             = taxonomy.CareService
	CareHome                = taxonomy.CareHome
	Pharmacy                = taxonomy.Pharmacy
	Laboratory              = taxonomy.Laboratory
	InsurerStatutory        = taxonomy.InsurerStatutory
	InsurerPrivate          = taxonomy.InsurerPrivate
	PensionCarrier          = taxonomy.PensionCarrier
	AccidentInsurer         = taxonomy.AccidentInsurer
	CourtAmtsgericht        = taxonomy.CourtAmtsgericht
	CourtLandgericht        = taxonomy.CourtLandgericht
	CourtOLG                = taxonomy.CourtOLG
	CourtSozialgericht      = taxonomy.CourtSozialgericht
	CourtVerwaltungsgericht = taxonomy.CourtVerwaltungsgericht
	CourtArbeitsgericht     = taxonomy.CourtArbeitsgericht
	CourtOther              = taxonomy.CourtOther
	AuthorityGesundheitsamt = taxonomy.AuthorityGesundheitsamt
	AuthorityJugendamt      = taxonomy.AuthorityJugendamt
	AuthorityLandratsamt    = taxonomy.AuthorityLandratsamt
	AuthorityArbeitsagentur = taxonomy.AuthorityArbeitsagentur
	AuthorityOther          = taxonomy.AuthorityOther
	University              = taxonomy.University
	UniversityInstitute     = taxonomy.UniversityInstitute
	School                  = taxonomy.School
	Church                  = taxonomy.Church
	Company                 = taxonomy.Company
	Association             = taxonomy.Association
	Shop                    = taxonomy.Shop
	Gastronomy              = taxonomy.Gastronomy
	Park                    = taxonomy.Park
	Lodging                 = taxonomy.Lodging
	Culture                 = taxonomy.Culture
	Sport                   = taxonomy.Sport
	Bath                    = taxonomy.Bath
	NumClasses              = taxonomy.NumClasses
)

// Aliases of the coarse classes of earlier versions.
const (
	Insurer   = taxonomy.Insurer
	Authority = taxonomy.Authority
	Practice  = taxonomy.Practice
	Care      = taxonomy.Care
	Religious = taxonomy.Religious
	Leisure   = taxonomy.Leisure
)

// Genders; Plural for heads such as "Kliniken".
const (
	NoGender  = taxonomy.NoGender
	Masculine = taxonomy.Masculine
	Feminine  = taxonomy.Feminine
	Neuter    = taxonomy.Neuter
	Plural    = taxonomy.Plural
)

// NewHashed returns the built-in embedder with document frequencies over
// the embedding texts of names (taxonomy.NewHashed).
func NewHashed(names []string) (*embed.Hashed, error) { return taxonomy.NewHashed(names) }

// ParseClass is taxonomy.ParseClass.
func ParseClass(s string) (Class, bool) { return taxonomy.ParseClass(s) }

// Classify is taxonomy.Classify.
func Classify(name string) Class { return taxonomy.Classify(name) }

// HeadGender is taxonomy.HeadGender.
func HeadGender(name string) Gender { return taxonomy.HeadGender(name) }

// AgreeingGenders is taxonomy.AgreeingGenders.
func AgreeingGenders(article string, head Gender) GenderSet {
	return taxonomy.AgreeingGenders(article, head)
}

// PrepositionGenders is taxonomy.PrepositionGenders.
func PrepositionGenders(before string) GenderSet { return taxonomy.PrepositionGenders(before) }

// ArticleWord is taxonomy.ArticleWord.
func ArticleWord(before string) string { return taxonomy.ArticleWord(before) }

// AdjectiveStem is taxonomy.AdjectiveStem.
func AdjectiveStem(w string) (stem, ending string, ok bool) { return taxonomy.AdjectiveStem(w) }

// Decline is taxonomy.Decline.
func Decline(name, article string) string { return taxonomy.Decline(name, article) }

// Agrees is taxonomy.Agrees.
func Agrees(article, original, surrogate string) bool {
	return taxonomy.Agrees(article, original, surrogate)
}

// Nominative is taxonomy.Nominative.
func Nominative(name, article string) string { return taxonomy.Nominative(name, article) }

// IsAcronym is taxonomy.IsAcronym.
func IsAcronym(s string) bool { return taxonomy.IsAcronym(s) }

// EmbedText is taxonomy.EmbedText.
func EmbedText(name string) string { return taxonomy.EmbedText(name) }

// ProperNouns is taxonomy.ProperNouns.
func ProperNouns(name string) []string { return taxonomy.ProperNouns(name) }

// LabelVersion is taxonomy.LabelVersion.
func LabelVersion() uint32 { return taxonomy.LabelVersion() }

// RefineByContext returns the class of a name given the sentence around
// it (taxonomy.RefineByContext).
func RefineByContext(name string, def Class, before, after string) Class {
	return taxonomy.RefineByContext(name, def, before, after)
}

// Expand writes out a name's abbreviations (taxonomy.Expand).
func Expand(name string) string { return taxonomy.Expand(name) }

// HeadBefore is taxonomy.HeadBefore: the class of the type noun right
// before a bare name ("Pflegeheim [Haus Abendsonne]").
func HeadBefore(before string) Class { return taxonomy.HeadBefore(before) }

// BareName is taxonomy.BareName: a surrogate without its leading type noun.
func BareName(s string, c Class) string { return taxonomy.BareName(s, c) }
