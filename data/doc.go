// Package data holds the embedded, project-written resources that the
// fictive surrogate generators draw from: first names and surnames,
// academic titles by rank, gendered salutations and role nouns, a curated
// gazetteer of German municipalities with real postcodes, common street
// names, states, countries and facility name templates.
//
// Default parses the embedded files once and returns a shared, read-only
// *Resources. Load(dir) starts from a deep copy of Default and applies a
// user's resource directory (the CLI's --resources DIR):
//
//   - a file named exactly like an embedded resource file (for example
//     surnames.txt) replaces that list;
//   - NAME.add.txt or NAME.add.tsv (for example surnames.add.txt,
//     municipalities.add.tsv) extends it; for map resources an added key
//     overrides the embedded value;
//   - any other *.txt or *.tsv file is an error (a misspelt override must
//     not be ignored silently); other files are ignored.
//
// # File formats
//
// All files are UTF-8. Blank lines and lines whose first non-space
// character is '#' are ignored; surrounding whitespace is trimmed. Plain
// lists (.txt) hold one entry per line. Structured lists (.tsv) hold
// tab-separated columns:
//
//	female_first.txt, male_first.txt, unisex_first.txt, surnames.txt
//	                   one name per line (hyphenated first names and
//	                   surnames with particles such as "von der Heide" allowed)
//	titles.tsv         RANK<TAB>TITLE; rank 1 is the lowest degree, higher
//	                   ranks are more senior (see the file header for the
//	                   scale); titles of one rank are interchangeable
//	salutations.tsv    TEXT<TAB>GENDER   GENDER is f, m or u (unknown)
//	role_nouns.tsv     TEXT<TAB>GENDER
//	municipalities.tsv NAME<TAB>STATE<TAB>DISTRICT<TAB>POPULATION<TAB>POSTCODES
//	                   STATE is one of states.txt; POSTCODES are real 5-digit
//	                   codes separated by commas (a representative subset for
//	                   big cities); the city-states Berlin, Hamburg and Bremen
//	                   also list their parts as "Berlin-Spandau"-style entries
//	                   so that a different surrogate in the same state exists
//	streets.txt        street names without house numbers
//	street_suffixes.txt suffixes such as "straße", "weg" (lower case)
//	states.txt         the 16 Länder, full German names
//	countries.txt      country names in German
//	facilities.tsv     KIND<TAB>TEMPLATE; KIND is hospital, practice,
//	                   organization or other
//	institutions.tsv   the register of unique public institutions
//	                   (Resources.Institutions): I TYPE NAME SHORT SEAT
//	                   STATE rows and S TYPE PATTERN STATE ITEMS series
//	                   (see the file header and docs/institutions.md)
//
// Facility templates may use these placeholders, which FillTemplate
// expands:
//
//	{city}      the document's surrogate municipality
//	{surname}   a (doctor's) surrogate surname
//	{surname2}  a second, different surname
//	{name}      a full surrogate person name ("Vorname Nachname")
//	{street}    a street name
//
// first_name_decades.tsv (NAME<TAB>FROM-TO[,FROM-TO…]) tags listed first
// names with the birth years in which they were common; it was written for
// this project from general knowledge of naming fashions, not scraped.
// FirstNameCohorts reads it (embedded only, not part of Resources); an
// untagged name fits every cohort.
//
// name_origins.tsv (NAME<TAB>ORIGIN) tags the listed first names and
// surnames that are not German with their origin (tr, ar, fa, sq, ru, pl,
// cz, yu, ro, hu, it, es, pt, fr, en, gr, nl, vi, jp; at and ch for
// Austrian and Swiss surnames, "pet" for German pet names such as Uschi,
// which are drawn only for originals of their kind); an untagged name is
// German. It was written for this
// project from the community blocks of the name lists and general
// knowledge of naming traditions (no scraped statistics). NameOrigins reads
// it (embedded only, like the cohort table).
//
// A first name that appears in more than one of female_first.txt,
// male_first.txt and unisex_first.txt has unknown gender; adding a name to
// unisex_first.add.txt therefore neutralises it.
//
// Lookups (GenderOfFirstName, IsFirstName, IsSurname, MunicipalityByName,
// MunicipalitiesInState, TitleRank) are case-insensitive and fold German
// umlauts and ß (ä→ae, ö→oe, ü→ue, ß→ss), so "MÜNCHEN" and "Muenchen"
// find München. A Resources built by Default or Load is safe for
// concurrent reads; callers must not modify it.
package data
