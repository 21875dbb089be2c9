// Package facility is the semantic method for LOCATION_HOSPITAL,
// LOCATION_ORGANIZATION and LOCATION_OTHER surrogates (SPEC §6): a facility
// taxonomy assigned to pool entries (OSM tags and name keywords) and to
// originals (keywords after abbreviation expansion), and the five stages
// normalise/expand → adaptive k-NN → proper-noun filter → domain-keyword
// re-rank → temperature-scaled sampling over pre-embedded candidate pools.
//
// The package knows nothing about documents or geodata trees; the location
// generator passes the document's proper nouns and puts the chosen name on
// the document's location tree.
//
// Articles before a name. An article or contraction before a facility
// ("im Klinikum", "in der Klinik") lies outside the annotated span (in the
// shared corpora 9 of 16 facility spans have one right before them, none
// has one inside). The engine replaces span text only: the text between
// spans is kept byte for byte (the audit compares it, and the offsets of
// every later annotation depend on it), so the article cannot be
// rewritten. Rewriting would not be safe either: "im" → "in der" needs the
// preposition and the case, a form such as "der" does not tell dative
// from genitive, and a genitive also needs the noun's -s. So the method
// keeps the article right by the candidate it chooses: Query.Gender (the
// original's head gender) or Query.Genders = AgreeingGenders(article,
// head) (every head gender with the same form in the article's possible
// cases: "im" takes masculine and neuter heads), relaxed only when the
// class has no such candidate (Choice.GenderKept reports it). The chosen
// name itself is declined for the article (taxonomy/grammar.go: Decline,
// Nominative, StripGenitive, Agrees): "vom Katholischen Klinikum", "des
// Klinikums Fulda".
//
// The taxonomy, the grammar and the labelling of pool entries live in
// the sub-package taxonomy (which osmbuild uses without the generator);
// classes.go re-exports what the callers of facility name. The taxonomy
// is fine (Class: insurer-statutory vs insurer-private,
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
package facility
