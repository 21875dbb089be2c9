package location

import (
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// genderHeads are names of a facility class by head nouns of every
// gender, for when none of the templates of the class fits the article
// kept before the span: "im [Podologiezentrum X]" needs a masculine or
// neuter head, and the physiotherapy templates are all feminine ("Praxis
// für Physiotherapie"), so "im Therapiezentrum Y"; "das [SAPV-Team X]"
// becomes "das Pflegeteam Y", not "das Sozialstation Y". Each entry is
// classified as its class by facility.Classify (genderheads_test.go).
var genderHeads = map[fac.Class][]string{
	fac.Physiotherapy:      {"Therapiezentrum {city}", "Physiotherapiezentrum {city}", "Praxis für Physiotherapie {surname}", "Physiotherapiepraxen {city}"},
	fac.CareService:        {"Pflegeteam {city}", "Pflegedienst {city}", "Sozialstation {city}", "Ambulante Pflegedienste {city}"},
	fac.CareHome:           {"Seniorenzentrum {city}", "Seniorenresidenz {city}", "Seniorenwohnpark {city}", "Seniorenheime {city}"},
	fac.PracticeGP:         {"Hausarztzentrum {city}", "Hausarztpraxis {surname}", "Hausarztpraxen {city}"},
	fac.PracticeSpecialist: {"Facharztzentrum {city}", "Facharztpraxis {surname}", "Facharztpraxen {city}"},
	fac.Dental:             {"Zahnzentrum {city}", "Zahnarztpraxis {surname}", "Zahnarztpraxen {city}"},
	fac.Laboratory:         {"Labor {city}", "Laborpraxis {city}"},
	fac.Pharmacy:           {"Apotheke am Markt", "Apothekenzentrum {city}", "Apotheken am Markt"},
	fac.Hospital:           {"Klinikum {city}", "Klinik {city}", "Kliniken {city}"},
	fac.SpecialistClinic:   {"Fachkrankenhaus {city}", "Fachklinik {city}", "Fachkliniken {city}"},
	fac.Rehab:              {"Rehazentrum {city}", "Rehaklinik {city}", "Rehakliniken {city}"},
	fac.Psychiatry:         {"Zentrum für Psychiatrie {city}", "Psychiatrische Klinik {city}", "Psychiatrische Kliniken {city}"},
	fac.Association:        {"Förderverein {city}", "Stiftung {city}", "Netzwerk {city}", "Naturfreunde {city}"},
	fac.School:             {"Gymnasium {city}", "Grundschule {city}", "Kindergarten {city}", "Berufsbildende Schulen {city}"},
	fac.Church:             {"Pfarramt {city}", "Kirchengemeinde {city}"},
	fac.Company:            {"Unternehmen {surname}", "Betrieb {surname}", "Stadtwerke {city}", "Verkehrsbetriebe {city}"},
	fac.Bath:               {"Hallenbad {city}", "Schwimmhalle {city}", "Bäder {city}"},
	fac.Sport:              {"Sportzentrum {city}", "Sporthalle {city}", "Sportplatz {city}"},
	fac.Shop:               {"Sanitätshaus {surname}", "Bäckerei {surname}", "Supermarkt {surname}"},
	fac.Gastronomy:         {"Restaurant {surname}", "Gaststätte {surname}", "Gasthof {surname}"},
	fac.Lodging:            {"Hotel {city}", "Pension {surname}"},
	fac.Culture:            {"Museum {city}", "Stadtbibliothek {city}"},
	// places whose names claim no type (a square, a stop: "auf der
	// [Rastanlage …]" needs a feminine one)
	fac.Unknown: {"Marktplatz {city}", "Haltestelle {city}", "Anlegestelle {city}"},
	fac.Park:    {"Stadtpark {city}", "Parkanlage {city}"},
}

// genderedTemplates returns the names of class c (genderHeads) whose head
// fits genders.
func genderedTemplates(c fac.Class, genders fac.GenderSet) []string {
	var out []string
	for _, t := range genderHeads[c] {
		if genders.Has(fac.HeadGender(templateFill.Replace(t))) {
			out = append(out, t)
		}
	}
	return out
}

// articleGenders returns the head genders a surrogate may have after the
// article kept before a span (nom: the original in the nominative),
// narrowed by the preposition before the article when it decides the
// case the original's head does not show ("bei den [Johannitern]": a
// dative plural, never "bei den Ortsverband").
func articleGenders(before, article, nom string) fac.GenderSet {
	set := fac.AgreeingGenders(article, fac.HeadGender(nom))
	if pg := fac.PrepositionGenders(before); set&pg != 0 {
		set &= pg
	}
	return set
}
