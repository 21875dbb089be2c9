// Package names holds the fictive generators for person names
// (NAME_PATIENT, NAME_RELATIVE, NAME_DOCTOR, NAME_EXT) and academic titles
// (NAME_TITLE), SPEC §6. Install adds them to a run's generator table.
//
// # Names
//
// A span is split into chunks at white space and punctuation; separators,
// line breaks and hyphens are copied unchanged, so the surrogate has the
// shape of the original. Chunks are classified as
//
//   - salutations and role nouns (data Salutations, RoleNouns, and feminine
//     "-in" nouns such as "Internistin"; hospital roles and ranks OA, OÄ,
//     CA, FA, AA, LOA, "Sr."/"Schw." for a nursing sister, Pfleger,
//     Hebamme, Stationsarzt …): kept, and they give the gender; roles are
//     not PII;
//     they count only before the first name of a person and when a name
//     follows, so a surname such as "Mann" is still replaced;
//   - titles ("Dr.", "Dr.med.", "Prof.", "PD", "Priv.-Doz.", "PhD"): kept as
//     written. Titles inside a name span are generic words of the profession
//     and not identifying by themselves; the separately annotated NAME_TITLE
//     spans are mapped by Title;
//   - particles (von, v., von der, v. d., zu, van, de, DE …), birth-name
//     markers ("geb.") and suffixes ("jun."): kept as written; an
//     abbreviated article after a particle ("d." in "v. d. Heydt") is a
//     particle, never an initial; what follows a particle or marker is a
//     surname;
//   - connectors ("und", "u.") and ";", "/", "&": they separate persons, as
//     does "von" used as a preposition ("Tochter von Hans Müller": after a
//     role noun or before a word listed only as a first name);
//   - name units, replaced part by part at hyphens ("Anna-Lena",
//     "Müller-Lüdenscheidt", "H.-P."). A part is an initial ("H.", "H"),
//     an abbreviated first name ("Chr.") or a word.
//
// First name or surname: one comma between one or two surname words and
// one to three first names or initials (no salutation or role noun after
// the comma) means "Nachname, Vorname", several commas separate persons;
// otherwise the last word is the surname and earlier
// words are first names, except that a document-wide vote (comma order and
// "Frau X" are strong evidence, "Vorname Nachname" mentions weak, the first
// mention wins) or the lists detect reversed order without a comma
// ("Tornbjerg Asger") and double surnames without a hyphen ("Meier
// Schulze"). A lone word is a surname after a salutation or title (unless
// the lists know it only as a first name: "Frau Beate"), otherwise the
// document, the scope and then the lists decide; after a role noun a listed
// first name stays one ("Sohn Lukas"). Initials before a word are first-name
// initials ("H. Meier"); after a listed first name they are a surname
// initial ("Sabine M.").
//
// Gender: a salutation or role noun in the span or right before it
// (skipping titles: "Frau Dr. X"), then the first-name lists, then what a
// salutation said about the same first name elsewhere in the document,
// then endings (-a, -e, -ine → female; -o, -us, -er → male), else unknown.
// A first-name surrogate has the same gender (a name the lists give that
// gender unambiguously); for an unknown gender a unisex name is used, or a
// name from a list chosen at random, consistently for the scope key.
//
// Consistency: every surname part maps through
// Scope.Memo(fictive.NSSurname, norm.Fold(stem)) and every first-name part
// through Scope.Memo(fictive.NSFirstName, gender.String()+"|"+norm.Fold(part)),
// so "Beate Albers", "Frau Albers", "Albers'", "ALBERS" and "Albers, Beate"
// share their surrogates. A hyphenated compound is also recorded whole
// (Scope.Set under the folded compound, e.g. "müller-lüdenscheidt" or
// "male|hans-peter") so that other generators can Peek it.
//
// Abbreviated first names ("Chr.", "Th.", "Wilh.", NSAbbrev) map only to
// the usual German abbreviations (firstAbbrevs: Th., Chr., Ph., Joh.,
// Wilh., Ant., Ed., Gg., Kath., Elis. …; never an invented "Ze."): when
// the document writes a full first name of the same person that the
// abbreviation abbreviates, the abbreviation of that name's surrogate
// ("Christian Meier" → "Thomas Kurz" makes "Chr. Meier" → "Th. Kurz"; the
// surrogate's initial when it has no usual abbreviation), else a listed
// abbreviation of the person's gender with the same number of letters.
// A hyphenated first name ("Karl-Heinz", "Anna-Lena") becomes a listed
// compound first name of the same gender and origin as a whole, and
// compound initials ("K.-H.", "H.-J.") the initials of the surrogate of the
// person's full compound in the document, else of a listed compound. "v.",
// "d." after a particle are particles, never initials. Single initials use
// a per-scope letter mapping, Memo(fictive.NSInitial, letter): a random
// cyclic permutation inside fixed frequency classes of German name
// initials (SBKMH, WGRFL, PADET, NZJCU, OVI, YQX; germanInitialClasses),
// after Eder et al. (2019); frequent initials map to frequent, rare to
// rare, Q, X and Y only among themselves, and no letter maps to itself.
// Name surrogates start with the mapped letter of the original's initial
// when the person's origin has a name with it (a German first name only
// when a common one does: "Z" widens to every letter), so "B." after
// "Beate" → "Anna" becomes "A."; a first-name initial also prefers the
// initial of an already generated surrogate of a full first name with
// that letter and the same surname in the document.
//
// Origin: data.NameOrigins tags the listed non-German names (Turkish,
// Arabic, Persian, Albanian, Russian, Polish, Czech, Serbo-Croatian,
// Romanian, Italian, Spanish, Portuguese, French, English, Greek, Dutch,
// Vietnamese; German pet names as "pet"); an unlisted original is placed
// by its letters and ending (shapeOrigin: ğ ı ş, -oğlu → Turkish; ł,
// -wicz → Polish; -ow, -ev → Russian; -ić → Serbo-Croatian; -opoulos →
// Greek; Al- → Arabic …; -ski stays German), else German. A person has one
// origin: a particle decides (von, zu → German; van, ter → Dutch; de →
// Romance when the surname is, else Dutch; di → Italian; al → Arabic),
// then the surname (a listed German surname is German: "Jean-Luc Becker"
// gets a German surrogate; a surname the lists do not know takes the
// origin of a foreign first name written with it anywhere in the letter,
// at every mention), then the person's first names. Each part of a double
// surname keeps its own origin ("Esposito-Wehrle" → "Rossi-Bauer"); the
// Arabic article of "Al-Masri" stays. Every part of the person's surrogate is drawn from that origin's
// pools, then its family's (Turkish/Arabic/Persian, Slavic, Romance, …),
// then the German ones, so a German name stays German and "Lotte-Shqipe"
// cannot arise. A surname after a particle comes from the listed surnames
// written with that particle phrase ("von der Leyen" → "von der Osten",
// "van Dijk" → "van Aken"). Draws are frequency weighted: a first name the
// cohort table tags as common counts three times, each of the 100 most
// frequent German surnames eight times (about a fifth of all draws, as in
// the population). A NAME_DOCTOR or NAME_EXT first name is drawn for a
// birth year in 1955–1995 (people at work), a NAME_PATIENT one for the
// patient's birth year (below).
//
// No replaced part equals its original. In document scope a surrogate is
// never one of the document's own name words nor contains one (≥ 4
// letters); in corpus scope (Context.Scope differs from DocScope) this
// document-dependent filter is off so that shards agree, and the engine's
// Scope.Avoid keeps the project's originals out.
//
// Case and inflection: all capitals stay capitals ("MÜLLER" → "KOCH"),
// lower case stays lower case. The genitive is detected with
// norm.StripGenitive (an apostrophe always; "-s" when the stem is a listed,
// document or scope name and the whole word is not a listed name) and
// re-attached as German spelling requires for the surrogate: a bare
// apostrophe after s, ß, x, z, ce, else "-s" ("Albers'" → "Kochs",
// "Müllers" → "Franz'" when the surrogate is "Franz"), or "'s" when the
// original used that spelling.
//
// # Titles
//
// A title is weak PII (SPEC §6; GeMTeX guideline §5.3): its surrogate keeps
// rank, discipline, number and origin. Within those, a German clinic's
// titles have almost no alternatives: "Dr. med." is a physician's title
// (never "Dr. med. dent.", "MUDr." or "Dr. med. univ."), "Drs." stays
// plural, "Dipl.-Psych." a psychologist, "Prof. Dr. med." stays, and
// "MUDr." or "PhD" (foreign degrees) stay with their foreign holders. So
// Title keeps every title word as written, and every role or rank in the
// span ("OA Dr. med.", "Chefarzt Prof. Dr."), and redraws only the
// components that have real same-rank, same-discipline alternatives
// (titleClasses), by their frequency in German letters: the
// non-physician doctorate in medical sciences, whose
// faculty name hints at the university (Dr. rer. medic., Dr. rer. med.,
// Dr. sc. hum., Dr. rer. hum., Dr. med. sci.). "PD" and "Priv.-Doz." are
// only two spellings of one title and stay as written (a redrawn spelling
// told the surrogate apart). The draw may give the
// original back, and the engine then records the title as kept. One draw
// per person and component (Scope.Rand under the surname of the name span
// right after the title, or right before a postnominal "PhD"), written in
// the original's style (capitals, "Dr.rer.medic." without spaces).
//
// Birth cohort: a NAME_PATIENT first name is drawn, within the letter
// mapping, from names tagged for the patient's (shifted) birth year
// (data.FirstNameCohorts; the year from DATE_BIRTH, else from AGE and the
// latest date), then from untagged names; never from names tagged only for
// other decades when others exist ("Kunigunde" is not born in 2020).
//
// All randomness comes from the scope (Memo and Rand), so a surrogate is a
// pure function of the original, the document and the scope key.
package names
