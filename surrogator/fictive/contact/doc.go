// Package contact implements the fictive-mode generators (SPEC §6) for
// identifiers and contact data: ID (including IBAN and BIC), NAME_USERNAME,
// CONTACT_PHONE, CONTACT_FAX, CONTACT_EMAIL, CONTACT_URL and AGE. Install
// adds them to a run's generator table.
//
// Shapes are kept: in IDs and user names every upper-case letter becomes an
// upper-case letter, every lower-case letter a lower-case letter, every digit
// a digit, and every other character is kept. A leading well-known prefix
// (country codes such as DE/AT/CH and labels such as KV, Nr, ID, PID, IK,
// BSNR, LANR) followed by further characters is kept as written.
//
// A German IBAN (DE + 20 digits, with or without spaces in groups of four,
// also with wrong check digits) becomes a new valid German IBAN: a
// Bankleitzahl in the original's clearing area (the region, kept like the
// state) and bank group (savings, cooperative, Deutsche Bank …) with drawn
// place digits and a typical institute suffix, a random 10-digit account
// number and ISO 13616 mod-97 check digits, written with the original's
// spacing and case. Other IBANs that pass mod 97 keep their country,
// length and letter/digit structure and get fresh valid check digits. A
// German BIC becomes the real bank code of a German bank of the bank group
// of the letter's IBAN, of the original's shape; other BICs (4 letters,
// ISO country, 2 location and optionally 3 branch characters) become a
// well-formed BIC of the same length and country ("XXX" branch kept).
//
// Phone and fax numbers keep every non-digit character (separators, spaces,
// parentheses, "+", "(0)", labels) and every digit position. The country code
// is kept; a German landline gets the area code of the surrogate of its place
// in the document's location tree (location.AreaCodeSurrogate: the place of
// its address block, else the place with that code), so the area group may
// change its length, while every other digit group keeps its length; without a known place a real
// area code of the same length is drawn (mobile prefixes 015x/016x/017x by
// a mobile prefix, service numbers 0800/0180/0700/0900 kept); a switchboard
// extension "-0" is kept. The subscriber digits are mapped digit by digit
// with offsets keyed by the original area code and the digits before
// (phone_prefix.go): numbers of one institution that share a prefix (one
// exchange, consecutive extensions "-34010"/"-34011", phone and fax) keep
// sharing it, consecutive extensions stay consecutive (modulo 10), and
// variants of one number ("0341/97-109", "+49 341 97-109") get one
// surrogate.
//
// E-mail addresses and URLs stay syntactically valid and keep their
// structure: "mailto:", scheme, "www.", port, TLD, number of labels, the
// separators ".", "-", "_", an obfuscated "(at)", path depth, file
// extensions and query keys.
// Tokens that spell a person name surrogated in the scope (NSFirstName,
// NSSurname, also transliterated: "mueller" for "Müller") are rebuilt from
// the surrogate, ASCII-transliterated, in the same letter case; tokens that
// spell a place use the surrogate of that node of the document's location
// tree (location.CityToken: the same surrogate the LOCATION_CITY span gets,
// in whatever order the spans come); host labels spelling a surrogated
// organisation or hospital use that surrogate; generic words (info, kontakt,
// sekretariat, klinikum, uni, www, team, service, office, station,
// verwaltung, and function words such as per, an, und, fuer: words that are
// no names) are kept, so "kontakt-per-mail@" stays "kontakt-per-mail@"
// and only name parts change; every other token of an
// e-mail local part or of a host becomes a plausible word (a first name or
// surname of the resources, length ±1, same case), never a pseudo-word; in
// URL paths and user names other tokens become pronounceable pseudo-words
// of the same length and case; digits are random.
//
// A host label or local-part segment that spells a facility of the
// document ("uniklinikum-leipzig", "radiologie-westerntor", "sanktgeorg",
// "kjk") is derived from the surrogate of that facility span, which the
// planner records before the spelled kinds (fictive.DocState.Planned):
// generic words that fit the surrogate are kept, the facility's words
// become the surrogate's distinctive words (ASCII, towns in their short
// form), an acronym the surrogate's acronym, a segment of name words only
// the surrogate's type word and name ("klinikum-reichenbach"); the result
// never spells a distinctive word of the original (facweb.go).
//
// An ID whose leading capitals are the vehicle registration code of a
// town of the document (its own or its district's, kfz.tsv: the official
// Unterscheidungszeichen, CC0 compilation documented in the file) or an
// acronym of a facility of the document gets the code of the town's
// surrogate (else a code of the surrogate's state that no original town of
// the document has) or the surrogate facility's acronym ("BA-2023-0457"
// → "GAP-2023-…", "UKL-…" → "UKB-…"; kfz.go).
//
// A user name or dictation mark that spells a person of the document
// follows that person's surrogate, its pattern kept (case, digits,
// separators): a short letter token equal to the person's initials ("AS"
// of Andreas Schulze in "AS/kl") becomes the surrogate's initials, one
// equal to the first letters of the surname ("Ri" of Richter) the
// surrogate surname's first letters (doctors first, the last mentioned
// first: the signer), and an initial before a spelled surname
// ("lschneider08") the surrogate first name's initial of that person.
// Other short letter tokens (the typist's "kl") become letters drawn by
// German initial frequency, in the same case (never "yq").
//
// AGE: every number above 89 in the span becomes 90 (digits or German number
// words, surrounding text kept); other ages are returned unchanged.
//
// All randomness comes from the Scope (Memo/Rand), so results are
// deterministic for a scope key. Error messages never contain span text.
package contact
