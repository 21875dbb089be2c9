package kinds

// Default is what a run does with the spans of a kind unless told
// otherwise (SPEC §6).
type Default int

// The default policies.
const (
	// Replace: replaced in every mode.
	Replace Default = iota
	// Keep: kept as written in every mode (PROFESSION, LOCATION_COUNTRY).
	Keep
	// KeepUnlessReplaceState: kept as written unless the run replaces
	// states (--replace-state): LOCATION_STATE.
	KeepUnlessReplaceState
	// KeepUpToMaxAge: kept as written up to 89 (age.Max); an older age is
	// replaced (capped in gemtex and fictive): AGE.
	KeepUpToMaxAge
)

// The QC flags a kind raises (the values of package qc's Flag constants).
const (
	QCAgeOver89       = "age_over_89"      // AGE above 89
	QCProfession      = "profession"       // every PROFESSION span
	QCOther           = "other"            // every OTHER span (the document is kept out)
	QCLocationOther   = "location_other"   // every LOCATION_OTHER span
	QCKeptPlace       = "kept_place"       // every LOCATION_COUNTRY/STATE span (kept by the state policy)
	QCUnparseableDate = "unparseable_date" // a date that does not parse or was impossible
)

// The display groups of the kinds (the web app colours spans by group;
// the pre-annotator scores and evaluates by group).
const (
	DisplayName       = "name"
	DisplayDate       = "date"
	DisplayAge        = "age"
	DisplayLocation   = "location"
	DisplayID         = "id"
	DisplayContact    = "contact"
	DisplayProfession = "profession"
	DisplayOther      = "other"
)

// The canonical kinds of the GeMTeX type system. A kind is added here and
// in the rules table below (one file); its generator in the Install table
// of a fictive generator package (docs/internals.md, "Adding a PII kind or
// an input format").
const (
	NamePatient          Kind = "NAME_PATIENT"
	NameRelative         Kind = "NAME_RELATIVE"
	NameDoctor           Kind = "NAME_DOCTOR"
	NameExt              Kind = "NAME_EXT"
	NameUsername         Kind = "NAME_USERNAME"
	NameTitle            Kind = "NAME_TITLE"
	Date                 Kind = "DATE"
	DateBirth            Kind = "DATE_BIRTH"
	DateDeath            Kind = "DATE_DEATH"
	Age                  Kind = "AGE"
	LocationStreet       Kind = "LOCATION_STREET"
	LocationCity         Kind = "LOCATION_CITY"
	LocationZip          Kind = "LOCATION_ZIP"
	LocationCountry      Kind = "LOCATION_COUNTRY"
	LocationState        Kind = "LOCATION_STATE"
	LocationHospital     Kind = "LOCATION_HOSPITAL"
	LocationOrganization Kind = "LOCATION_ORGANIZATION"
	LocationOther        Kind = "LOCATION_OTHER"
	ID                   Kind = "ID"
	ContactPhone         Kind = "CONTACT_PHONE"
	ContactEmail         Kind = "CONTACT_EMAIL"
	ContactFax           Kind = "CONTACT_FAX"
	ContactURL           Kind = "CONTACT_URL"
	Profession           Kind = "PROFESSION"
	Other                Kind = "OTHER"
)

// Phase orders the planning of a document's spans, lowest first: the
// surrogates that other generators reuse are drawn first (a facility or
// an e-mail address reuses a drawn name or place). Spans of one phase are
// planned in text order; replacements apply at their own positions.
type Phase int

// The planning phases; the zero value is PlanRest.
const (
	PlanNames   Phase = -2 // names and titles
	PlanPlaces  Phase = -1 // places
	PlanRest    Phase = 0  // everything else
	PlanSpelled Phase = 1  // the kinds that spell names and places: e-mail, URL, user name
)

// Rules are the rules of one kind that the packages reading kinds share:
// planning (Default, Phase, Placeholder, Genitive, KeptWhenUnchanged,
// LifeDate), the leak audit (Audited), quality control (QCFlag), display
// (Display) and the merge of overlapping spans (Risk).
type Rules struct {
	Kind Kind
	// Default is the kind's policy unless the run is told otherwise.
	Default Default
	// Audited: the leak audit searches the public texts for the originals
	// of this kind. Kept kinds (by default), dates, ages and titles are
	// exempt; with --replace-state the audit also searches states (see
	// audit.AuditedSpan).
	Audited bool
	// QCFlag is the QC flag the kind's spans raise ("" none); for AGE only
	// above 89, for dates only when the date does not parse.
	QCFlag string
	// Display is the kind's display group.
	Display string
	// Phase is the kind's planning phase.
	Phase Phase
	// Placeholder is the fictive surrogate of a kind that no generator
	// draws ("" none): OTHER becomes "[…]".
	Placeholder string
	// Risk orders kinds for merging partial overlaps: the higher value
	// wins. Direct identifiers rank above quasi-identifiers; OTHER ranks
	// highest because it excludes the document.
	Risk int
	// CityState: a span of the kind that names a city-state (Berlin,
	// Hamburg, Bremen used as a city) counts as a state: kept as written
	// unless the run replaces states, and then audited (LOCATION_CITY).
	CityState bool
	// Facility: the kind names a facility (hospital, organisation, other
	// place): its surrogate is chosen by the facility method (facility
	// type, pools) and a letter's span carries a facility type.
	Facility bool
	// SuspectRepeats: QC's suspects detector flags unannotated repeats of
	// the span's text (and of a name's words) elsewhere in the document.
	// Kinds kept as written, too general to search for (titles, ages) or
	// excluding the document (OTHER) do not.
	SuspectRepeats bool
	// Genitive: a genitive ending just outside a fictive surrogate's span
	// follows the surrogate ("Müllers" → "Schmidts", "Leipzigs"): names
	// and cities.
	Genitive bool
	// KeptWhenUnchanged: a fictive surrogate equal to the original is the
	// generator keeping the span (a title without a same-rank,
	// same-discipline alternative, names.Title): kept, not masked.
	KeptWhenUnchanged bool
	// LifeDate: a date of a person's life (birth, death). In gemtex it is
	// shown as the start of its quarter on the document's timeline
	// (shifted, and moved by the age rule), not as the day written.
	LifeDate bool
}

// KeptAsWritten reports whether a span of the kind whose text is text is
// kept as written under the run's state policy: a Keep kind always,
// LOCATION_STATE unless replaceState, AGE when ageKept(text) (an age up
// to 89; package age decides).
func (r Rules) KeptAsWritten(text string, replaceState bool, ageKept func(string) bool) bool {
	switch r.Default {
	case Keep:
		return true
	case KeepUnlessReplaceState:
		return !replaceState
	case KeepUpToMaxAge:
		return ageKept(text)
	}
	return false
}

// KeptByStatePolicy reports whether a place span (a LOCATION_* kind)
// whose text is text stays as written under the run's state policy (SPEC
// §5, §6): a Keep kind (LOCATION_COUNTRY) always, LOCATION_STATE unless
// replaceState, and a CityState kind's span naming a city-state
// (cityState(text), nil: none) likewise unless replaceState. The engine
// keeps such spans, QC lists them and the leak audit exempts them.
func (r Rules) KeptByStatePolicy(text string, replaceState bool, cityState func(string) bool) bool {
	if !r.Kind.IsLocation() {
		return false
	}
	if r.CityState && cityState != nil && cityState(text) {
		return !replaceState
	}
	switch r.Default {
	case Keep:
		return true
	case KeepUnlessReplaceState:
		return !replaceState
	}
	return false
}

// rules is the rules table, in specification order (All).
var rules = []Rules{
	{Kind: NamePatient, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 90, SuspectRepeats: true, Genitive: true},
	{Kind: NameRelative, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 85, SuspectRepeats: true, Genitive: true},
	{Kind: NameDoctor, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 70, SuspectRepeats: true, Genitive: true},
	{Kind: NameExt, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 69, SuspectRepeats: true, Genitive: true},
	{Kind: NameUsername, Audited: true, Display: DisplayName, Phase: PlanSpelled, Risk: 68, SuspectRepeats: true},
	{Kind: NameTitle, Display: DisplayName, Phase: PlanNames, Risk: 30, KeptWhenUnchanged: true},
	{Kind: Date, QCFlag: QCUnparseableDate, Display: DisplayDate, Risk: 50, SuspectRepeats: true},
	{Kind: DateBirth, QCFlag: QCUnparseableDate, Display: DisplayDate, Risk: 79, SuspectRepeats: true, LifeDate: true},
	{Kind: DateDeath, QCFlag: QCUnparseableDate, Display: DisplayDate, Risk: 78, SuspectRepeats: true, LifeDate: true},
	{Kind: Age, Default: KeepUpToMaxAge, QCFlag: QCAgeOver89, Display: DisplayAge, Risk: 45},
	{Kind: LocationStreet, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 77, SuspectRepeats: true},
	{Kind: LocationCity, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 59, CityState: true, SuspectRepeats: true, Genitive: true},
	{Kind: LocationZip, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 60, SuspectRepeats: true},
	{Kind: LocationCountry, Default: Keep, QCFlag: QCKeptPlace, Display: DisplayLocation, Phase: PlanPlaces, Risk: 39},
	{Kind: LocationState, Default: KeepUnlessReplaceState, QCFlag: QCKeptPlace, Display: DisplayLocation, Phase: PlanPlaces, Risk: 40},
	{Kind: LocationHospital, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 58, Facility: true, SuspectRepeats: true},
	{Kind: LocationOrganization, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 57, Facility: true, SuspectRepeats: true},
	{Kind: LocationOther, Audited: true, QCFlag: QCLocationOther, Display: DisplayLocation, Phase: PlanPlaces, Risk: 56, Facility: true, SuspectRepeats: true},
	{Kind: ID, Audited: true, Display: DisplayID, Risk: 84, SuspectRepeats: true},
	{Kind: ContactPhone, Audited: true, Display: DisplayContact, Risk: 82, SuspectRepeats: true},
	{Kind: ContactEmail, Audited: true, Display: DisplayContact, Phase: PlanSpelled, Risk: 83, SuspectRepeats: true},
	{Kind: ContactFax, Audited: true, Display: DisplayContact, Risk: 81, SuspectRepeats: true},
	{Kind: ContactURL, Audited: true, Display: DisplayContact, Phase: PlanSpelled, Risk: 80, SuspectRepeats: true},
	{Kind: Profession, Default: Keep, QCFlag: QCProfession, Display: DisplayProfession, Risk: 20},
	{Kind: Other, Audited: true, QCFlag: QCOther, Display: DisplayOther, Placeholder: "[…]", Risk: 100},
}

// byKind indexes rules.
var byKind = func() map[Kind]*Rules {
	m := make(map[Kind]*Rules, len(rules))
	for i := range rules {
		m[rules[i].Kind] = &rules[i]
	}
	return m
}()

// RulesOf returns the rules of k; for "" (a wrong annotation) or an
// unknown kind the zero Rules: replaced, not audited, no flag, no group,
// lowest risk.
func RulesOf(k Kind) Rules {
	if r := byKind[k]; r != nil {
		return *r
	}
	return Rules{Kind: k}
}
