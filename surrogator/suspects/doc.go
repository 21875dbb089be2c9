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
// The detector reads a text once. The tokenizer splits it into words,
// folds each word (data.Fold, without allocating for ASCII and German
// letters) into a buffer reused across texts, and classifies it with one
// lookup in the detector's lexicon, a map from folded word to a bit set
// (first name, surname, stop lists, salutation, role, title, municipality,
// state, trigger words of the pattern rules) behind a bit filter. The name
// and place rules then test bits. A pattern rule (dates, phones, IDs,
// streets, facilities …) runs its expression only around the tokens that
// can carry a match, anchored at their word starts; numeric dates, streets
// and e-mail addresses are matched without regexp. Repeats of annotated
// strings are looked up at word starts by their first word. Detect's
// allocations do not grow with the text's length.
//
// Suspect texts are PII. The package never prints; callers write suspects
// to private files only.
package suspects
