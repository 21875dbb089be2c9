// Package location holds the fictive-mode generators for addresses and
// facilities (SPEC §6): LOCATION_STREET, LOCATION_CITY, LOCATION_ZIP,
// LOCATION_STATE, LOCATION_COUNTRY, LOCATION_HOSPITAL,
// LOCATION_ORGANIZATION and LOCATION_OTHER. Install adds them to a run's
// generator table.
//
// # Geodata
//
// Every generator that names a place uses one typed interface,
// fictive.Geodata (alias Gazetteer): municipalities by place id, their
// state, district, size, streets, postcodes and telephone area code, name
// and postcode lookups that return every namesake. It is implemented by
// the embedded default (NewEmbedded, over Context.Res: curated
// municipalities with postcodes, the embedded area-code table, the
// districts of Berlin, Hamburg and Bremen, completed by the about 5,900
// municipalities of the extended gazetteer data.Gazetteer — postcodes and
// area codes of their postal places, Landkreis where known; a row of
// unknown Landkreis names no office, a row named like a common word or
// person name is drawn but not recognised), by a geodata pack
// (fictive/geopack, which also lists the admin_level 9/10 districts of the
// city-states) and by Layered, which completes a pack with the embedded
// default in states where the pack holds fewer than 20 municipalities (a
// regional extract). Context.Geo nil selects the embedded default; any
// other value is used layered (ids then follow the layered gazetteer).
//
// # Location tree
//
// Per document (Context.State) one tree holds every place the document
// names: LOCATION_CITY spans (also "04103 Leipzig" in one span, genitives
// "Leipzigs", adjectives "Dresdner", short names "Frankfurt", Ortsteile
// "Leipzig-Gohlis", bare city-state districts "Tegel"), the municipality
// a lone ZIP belongs to, and — added on first use, with the same rules —
// places named inside facility and organisation names, e-mail hosts, local
// parts and URLs, and the place a phone area code belongs to. Streets,
// ZIPs, facilities, phones and faxes are linked to the place of their
// address block (the next place, else the previous, else the document's
// first city). Every node is resolved once to a place id; a name with
// several municipalities is decided by the postcode written with it, the
// state the block (else the document) names, the area code of a phone in
// the block, or a street of the block. Every later step uses the id:
// nothing is looked up again by name.
//
// The surrogate of a node is chosen once per scope and key
// (Memo(fictive.NSCity, folded name, plus "|state" for an ambiguous name);
// its id is recorded in NSCityID):
//
//   - a German municipality → a municipality of the same state drawn from
//     at least 20 candidates (the size band around the original widened
//     until 20 exist, and a widened band narrowed to the 25 places
//     nearest the original's class in population; places with postcodes other than the original's,
//     and with streets, preferred when the document writes them), so
//     that different seeds give different surrogates and a surrogate does
//     not point back to its original; an unknown place → one of the state
//     its postcode region suggests, else of any state;
//   - a city-state used as a city (Berlin, Hamburg, Bremen, also
//     "Berliner", "Hamburgs") is state-level: kept by default
//     (KeptByPolicy; the engine keeps the span), with --replace-state the
//     new city-state or the biggest city of the replacement state; a
//     district of a city-state → another district of it, written with or
//     without the city prefix as the original was;
//   - a foreign city (embedded main cities of the neighbours and of the
//     most frequent countries of origin, or any place in a block naming a
//     foreign country) → another city of the same country, never a German
//     one;
//   - with --replace-state (Context.ReplaceState) everything below a
//     state is sampled inside its replacement state (the one the
//     LOCATION_STATE span becomes).
//
// Everything that names the place follows the chosen id: streets of the
// surrogate municipality (the embedded default has none per municipality:
// then the common street names, in the original's build and spelling,
// "Str.", "-Straße", house numbers re-drawn in shape); postcodes of it
// (never invented: when its own are used up by other originals, real
// codes of its state, nearest first; only a tiny custom gazetteer without
// any unused real code falls back to a code of the postal zone); the
// telephone area code of it (AreaCodeSurrogate; the pack has no
// telephone codes, so AreaCodeFor derives them from the embedded table:
// the municipality's own row, else its district's, else the listed place
// of its state with the nearest postcode); hosts, local parts and paths
// (CityToken); facility names; derived forms (Dresdner → Zwickauer,
// Leipzigs → Plauens, LEIPZIG → PLAUEN). "D-"/"A-" prefixes are kept.
//
// Every choice avoids values the scope's Avoid reports, also as a word,
// hyphen part, inhabitant adjective or genitive of a longer surrogate
// ("Leipziger Straße" when Leipzig is an original), since the leak audit
// finds originals inside surrogates.
//
// # States and countries
//
// SPEC §6: LOCATION_COUNTRY is kept, LOCATION_STATE is kept unless
// --replace-state (KeptByPolicy is the one rule the engine, QC and the
// audit use). When the state generator runs (--replace-state) it replaces
// a state by a different one (a neighbouring one where possible, consistent
// via the "state" namespace) in the original's spelling (abbreviation,
// official title, genitive, adjective, compass-prefixed region).
//
// # Facilities
//
// LOCATION_HOSPITAL, LOCATION_ORGANIZATION and LOCATION_OTHER without pools
// use the embedded facility templates: the facility type is detected from keywords of the
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
// The order of the sources (institution.go, authority.go, semantic.go):
// an original of a unique type (university hospital, university, insurer,
// pension or accident carrier, court, employment agency, heart or tumour
// centre, research institute, federal authority) becomes another real
// institution of that type from the register (data.Resources.Institutions,
// docs/institutions.md): one per institution in NSInstitution whatever
// spelling the document uses, in the original's state when it has enough
// of them, else nationwide, never the original; when the document writes
// the original's seat, that place of the tree becomes the surrogate's
// seat (seat.go: pinned in document scope, or the institution drawn in
// the place's surrogate where that does not point back); an office of a district
// or town (Gesundheitsamt, Jugendamt, Landratsamt, Jobcenter, Bürgeramt …)
// becomes that office of the surrogate place; anything else comes from the
// pools (when the run has them) or the templates, of the original's fine
// class (facility.Class). The surrogate is chosen in the nominative with a
// head gender that fits the article before every spelling of the facility
// in the document (docGenders) and declined for the article before the
// span (facility.Decline).
//
// Within its class an original keeps its role (role.go, roles.tsv): a
// Betreuungsstelle stays a Betreuungsbehörde of the surrogate district, a
// landlord's housing company a housing company, a Betreuungsverein a
// Betreuungsverein, a psychiatric hospital takes the name its state's
// psychiatric hospitals have (Bezirkskrankenhaus, Sächsisches Krankenhaus,
// LVR- or LWL-Klinik); a role's templates name only towns that can have
// such an institution (size, state, kreisfrei), a Stadt- or
// Gemeindeverwaltung follows the town's size, and the pools' candidates
// of another role are rejected. A provider keeps the service the letter
// has it give: a Sanitätshaus stays a medical supplier ("Rollator über
// das …"), a speech therapist a Logopädie, a psychiatric practice a
// psychiatric one ("Depotspritze in der Praxis …"), by the name's words or
// the sentence before a name that shows none. A statutory insurer's
// surrogate takes members where the patient lives (insurers_open.tsv).
//
// Errors never contain original text.
package location
