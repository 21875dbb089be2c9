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
//     "-in" nouns such as "Internistin"): kept, and they give the gender;
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
// "male|hans-peter") so that other generators can Peek it. Abbreviated
// first names ("Chr.", "Th.") use their own namespace, NSAbbrev, and map
// to the same number of leading letters of a listed first name, preferring
// a prefix at least three listed names share (a plausible abbreviation:
// "Th." → "Ch.", never "Zb."). Keys fold case and ß/ẞ/SS (norm.FoldName),
// so "Käßmann", "KÄSSMANNS" and "Kässmann" share a surrogate. Initials use a per-scope letter mapping,
// Memo(fictive.NSInitial, letter): a random cyclic permutation inside
// first-letter frequency classes (the 26 letters ranked by how many listed
// first names and surnames start with them, in classes of five), after Eder
// et al. (2019); frequent initials map to frequent, rare to rare, and no
// letter maps to itself. Name surrogates start with the mapped letter of
// the original's initial (falling back to any letter when the pool is
// exhausted), so "B." after "Beate" → "Anna" becomes "A."; a first-name
// initial also prefers the initial of an already generated surrogate of a
// full first name with that letter and the same surname in the document.
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
// Title maps a title to another listed title (data Titles) of the same
// rank. Ranks come from the resource list; an unlisted title is ranked by
// its words: 7 Univ.-Prof. or Prof. with two doctorates, 6 Prof., 5 PD /
// Priv.-Doz., 4 habil. or two doctorates, 3 a doctorate (Dr., MUDr., PhD),
// 2 Dipl./Mag./master, 1 stud./cand./bachelor, else 3. It prefers the same field (medical:
// med/dent/vet/MUDr./Dipl.-Med.; other: rer. nat., phil., Ing. …), then
// the same position (before the name, or after it like PhD and MBA) and
// the same grammatical gender ("Dr.in"); a bare "Dr." counts as medical;
// then the same rank, then neighbouring ranks; consistent through
// Scope.Memo(NSTitle, key) and written in the original's style ("DR. MED."
// → "DR. MED. DENT.", "Dr.med." → "Dr.med.univ.").
//
// One surrogate title per person: a NAME_TITLE span right before (or, for
// "PhD", right after) a name span is memoised under that person's surname
// and the title's rank, and differs from every title the person is written
// with, so "DR. MED. Meier" and "Dr. Meier" read "DR. MED. UNIV. X" and
// "Dr. med. univ. X".
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
