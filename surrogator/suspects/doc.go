// Package suspects flags text that looks like PII but carries no
// annotation: names the annotators missed, absolute dates, ages, phone and
// fax numbers, e-mail addresses, URLs, IBAN/BIC, labelled IDs, postcodes
// with their place, streets with house numbers and facility names (issue
// 15). Quality control lists the suspects per document so that a curator
// can fix the annotations before release.
//
// The detector is rule based: salutations, titles and role nouns before
// capitalised words, first names and surnames from the embedded resources
// (package data), "Nachname, Vorname", initials before a surname, the date
// parser (package dates) for numeric and month-name dates, labelled number
// patterns, the gazetteer's municipalities (and, when given, the geodata
// pack), and unannotated repeats of a string annotated elsewhere in the
// document. Stop lists written for this project keep medical eponyms
// ("Morbus Parkinson"), drug and device names and clinical abbreviations
// out; what the GeMTeX guideline does not annotate is not flagged: relative
// dates ("vor 3 Jahren", "am Folgetag"), generic roles without a name ("die
// Patientin", "Frau Kollegin").
//
// Suspect texts are PII. The package never prints; callers write suspects
// to private files only.
package suspects
