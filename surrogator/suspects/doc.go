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
// pack), town adjectives and compass regions ("Dresdner", "Ostsachsen"),
// and unannotated repeats of a string annotated elsewhere in the document.
// A lone initial counts after a salutation or role noun ("Frau M.") or
// before a verb ("M. wird vorgestellt"), and the words before ", geb."
// name the patient even when one is an eponym. Stop lists written for this project keep medical eponyms
// ("Morbus Parkinson"), drug and device names and clinical abbreviations
// out; what the GeMTeX guideline does not annotate is not flagged: relative
// dates ("vor 3 Jahren", "am Folgetag"), generic roles without a name ("die
// Patientin", "Frau Kollegin").
//
// Recognizers of their own files (one rule each: patterns plus
// validation) add: towns of data.Places by the strength of their context
// (towns.go: a preposition, postcode, house number or parentheses; large
// towns and names of several words without; a stop list of place names
// that are common words); occupations from a lexicon in both genders and
// by compound head, the clinic's own staff occupations only after a cue,
// none of a relative or before a name, and phrases of work ("arbeitet im
// Büro", "studiert Pharmazie") (occupations.go); IDs after any number label
// and registry numbers by validated shape (idlabels.go); ages written in
// words before a person noun (agewords.go); telephone extensions, numbers
// with slash and extension, letterhead and pager numbers (phones.go);
// foreign cities and inflected countries (foreign.go); a state's adjective
// before an institution (stateorgs.go); names in form fields, group
// practices, signature columns and log-ins (namelabels.go); streets named
// with a preposition (addresses.go).
//
// For letters the detector was not tuned on (issue 28): a broader
// occupation lexicon by KldB area with heads that count only in compounds
// (occlexicon.go); the patient as the subject of an occupation ("Er ist
// Zahnarzt", "Der Patient, ein Maurer"), a career year, a worker before a
// workplace (occcues.go); work phrases with the verb last ("in der
// Altenpflege tätig", workfinal.go); ages in other phrasings and no ages of
// relatives or events (agemore.go); spaced dates, lists of days, year
// ranges and turns, no scores (datesmore.go); rescue-vehicle call signs
// (callsigns.go); federal and Bavarian court file numbers (courtfiles.go).
//
// Recognizers written for letters the rules were not tuned on (issue 28)
// add: every name, declined name and abbreviation of data's institution
// register (register.go); courts by abbreviation and seat (courts.go);
// clubs, Land authorities, registers, pits and works (orgs2.go);
// employers after "Firma"/"VEB" and large employers after "bei"
// (employers.go); clinics named by one compound (clinicnames.go) and
// facilities named by a compound head or in quotes (facilities2.go);
// streets without a number and at junctions (streetwords.go); landscapes,
// islands, mountains and countries the resources lack (landscapes.go);
// the town after a person's or organisation's name (townafter.go); later
// bare mentions of a name found with a cue (echoes.go); relatives listed
// after a kinship noun (kinlists.go); names listed after a name
// (namelists.go); a signer's surname above the role line
// (signernames.go); diplomas by shape and titles after a name
// (titles2.go); hand and dictation marks (marks.go); feminine forms of
// Slavic surnames (surnameforms.go).
//
// The detector reads a text once. The tokenizer splits it into words,
// folds each word (data.Fold, without allocating for ASCII and German
// letters) into a buffer reused across texts, and classifies it with one
// lookup in the detector's lexicon, a map from folded word to a bit set
// (first name, surname, stop lists, salutation, role, title, municipality,
// state, trigger words of the pattern rules) behind a bit filter; it also
// asks every word guard of the rules' sets once (token.gf, token.gs), so a
// rule tests one bit before it asks a set. The name and place rules then
// test bits. A pattern rule (dates, phones, IDs, streets, facilities …)
// runs its expression only around the tokens that can carry a match,
// anchored at their word starts, and an expression that needs a slash or
// dot within its first bytes only where one lies (anchoredWith); numeric
// dates ("D.M.YYYY", "D.M.YY", "A/B"), streets and e-mail addresses are
// matched without regexp. Repeats of annotated
// strings are looked up at word starts by their first word. Detect's
// allocations do not grow with the text's length.
//
// Suspect texts are PII. The package never prints; callers write suspects
// to private files only.
package suspects
