// Package location holds the fictive-mode generators for addresses and
// facilities (SPEC §6): LOCATION_STREET, LOCATION_CITY, LOCATION_ZIP,
// LOCATION_STATE, LOCATION_COUNTRY, LOCATION_HOSPITAL,
// LOCATION_ORGANIZATION and LOCATION_OTHER. The init function registers
// them with the fictive registry.
//
// # Gazetteer
//
// Addresses are resolved against a Gazetteer: municipality lookup by name
// and postcode, municipality facts (state, district, population), sampling
// candidates of a state by size class, and the streets and postcodes of a
// municipality. When Context.Geo implements Gazetteer (a geodata-pack
// adapter) it is used; otherwise the embedded default built over
// Context.Res (data.Default when nil) serves. The embedded gazetteer has no
// per-municipality streets, so streets then come from the common street
// names of the resources.
//
// # Location tree
//
// Per document (Context.State) the LOCATION_CITY, LOCATION_ZIP and
// LOCATION_STREET spans are linked: a ZIP directly before a city belongs to
// that city, a street belongs to the next ZIP/city of its address block
// (else the previous one, else the document's first city); a ZIP not
// followed by a city resolves through the gazetteer. A city resolves to a
// municipality by its name, a genitive ("Leipzigs", "Chemnitz'"), a city
// adjective ("Dresdner", "Münchner", "Hallenser") or its short name
// ("Frankfurt" for Frankfurt am Main); when that fails, the ZIP in front of
// it supplies the municipality.
//
// Surrogates are memoised in the consistency scope so that, with corpus
// scope, an original maps identically in every document:
//
//   - a municipality → another municipality of the same state with a
//     similar size class (Memo(fictive.NSCity, norm.Fold(canonical name))),
//     stored as the surrogate municipality's name; derivations follow
//     (Dresdner → Zwickauer, Leipzigs → Chemnitz', LEIPZIG → CHEMNITZ);
//     unknown places (Musterhausen) → a sampled town of the state their
//     postcode's region suggests (01234 → Sachsen), else of any state. The
//     city-states Berlin and Hamburg have no second municipality: their
//     surrogates come from a neighbouring state.
//   - a ZIP → a postcode of the surrogate municipality of its own original
//     municipality (Memo(fictive.NSZip, code)), keeping prefixes such as
//     "D-" or "A-"; when that municipality's postcodes are used up, a
//     postcode of the same postal area (first three digits) is drawn.
//   - a street → a street of the surrogate municipality (gazetteer) or a
//     common street name of the same build (joined/hyphenated/separate
//     Straße, "Am …", other), in the original's spelling style ("Str.",
//     "str.", "-Straße", "strasse"), with the house number re-drawn in the
//     same shape ("21 a", "16-18" keeps its width, "12b"); an addition
//     inside the span (", Haus M", ", 04107 Leipzig") keeps address words,
//     re-draws numbers and letters, follows the surrogate postcode and city
//     and drops other words.
//   - "04103 Leipzig" annotated as one city span is split into both parts;
//     an Ortsteil ("Leipzig-Gohlis") is replaced by a municipality of the
//     state of its municipality.
//
// Every choice avoids values the scope's Avoid reports, also as a word,
// hyphen part, inhabitant adjective or genitive of a longer surrogate
// ("Leipziger Straße" when Leipzig is an original), since the leak audit
// finds originals inside surrogates. Other generators that spell a city
// (e-mail and URL hosts) call City, which returns the same surrogate the
// LOCATION_CITY generator produces, in whatever order the spans come.
//
// # States and countries
//
// SPEC §6 keeps state and country as geographic context, while every
// annotated span must be replaced (SPEC §5). Decision: the municipality
// surrogates are sampled in the ORIGINAL municipality's state, so the
// address geography stays plausible; a LOCATION_STATE span itself is
// replaced by a different state (a neighbouring one where possible,
// consistent via the "state" namespace) and a LOCATION_COUNTRY span by a
// different country (same region of the country list where possible).
// Regions written as a compass prefix plus a state ("Ostsachsen") keep the
// prefix and change the state. Genitive and all-caps forms are kept.
//
// # Facilities
//
// LOCATION_HOSPITAL, LOCATION_ORGANIZATION and LOCATION_OTHER use the
// embedded facility templates (the semantic k-NN method over geodata pools
// is a later addition): the facility type is detected from keywords of the
// original (Universitätsklinikum, Klinik, Praxis, MVZ, Institut, Verein,
// GmbH, Haus, Garten, …), templates of that type are ranked by the same
// head noun (then a related one: Garten → Park) and by medical domain
// (kardio, onkolog, psychiatr, reha, …; a template of another speciality
// ranks lower) and one
// is rendered with the document's surrogate city: the surrogate of a city
// named inside the original, else of the nearest city of the address
// block, else of the document's first city. A medical department named in
// the original ("Klinik für Kardiologie") is kept as the department of the
// surrogate when no template carries that domain. Surrogates are memoised
// per normalised original in fictive.NSHospital, NSOrg and NSOther. When
// the best-ranked names are taken by other originals, the same templates
// are offered with other municipalities of the surrogate city's state
// before a lower-ranked kind of facility is used. A person named inside
// the original ("Praxis Dr. Meier", "… Carl Gustav Lingner …") fills the
// template's {surname} through Memo(fictive.NSSurname, …).
//
// Errors never contain original text.
package location
