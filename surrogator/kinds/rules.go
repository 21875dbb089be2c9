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
// planning (Default, Phase, Placeholder), the leak audit (Audited), quality control (QCFlag),
// display (Display) and the merge of overlapping spans (Risk).
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
}

// Kept reports whether the kind is kept as written by default (whatever
// the value; see KeepUpToMaxAge for AGE).
func (r Rules) Kept() bool { return r.Default != Replace }

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

// rules is the rules table, in specification order (All).
var rules = []Rules{
	{Kind: NamePatient, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 90},
	{Kind: NameRelative, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 85},
	{Kind: NameDoctor, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 70},
	{Kind: NameExt, Audited: true, Display: DisplayName, Phase: PlanNames, Risk: 69},
	{Kind: NameUsername, Audited: true, Display: DisplayName, Phase: PlanSpelled, Risk: 68},
	{Kind: NameTitle, Display: DisplayName, Phase: PlanNames, Risk: 30},
	{Kind: Date, QCFlag: QCUnparseableDate, Display: DisplayDate, Risk: 50},
	{Kind: DateBirth, QCFlag: QCUnparseableDate, Display: DisplayDate, Risk: 79},
	{Kind: DateDeath, QCFlag: QCUnparseableDate, Display: DisplayDate, Risk: 78},
	{Kind: Age, Default: KeepUpToMaxAge, QCFlag: QCAgeOver89, Display: DisplayAge, Risk: 45},
	{Kind: LocationStreet, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 77},
	{Kind: LocationCity, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 59},
	{Kind: LocationZip, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 60},
	{Kind: LocationCountry, Default: Keep, QCFlag: QCKeptPlace, Display: DisplayLocation, Phase: PlanPlaces, Risk: 39},
	{Kind: LocationState, Default: KeepUnlessReplaceState, QCFlag: QCKeptPlace, Display: DisplayLocation, Phase: PlanPlaces, Risk: 40},
	{Kind: LocationHospital, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 58},
	{Kind: LocationOrganization, Audited: true, Display: DisplayLocation, Phase: PlanPlaces, Risk: 57},
	{Kind: LocationOther, Audited: true, QCFlag: QCLocationOther, Display: DisplayLocation, Phase: PlanPlaces, Risk: 56},
	{Kind: ID, Audited: true, Display: DisplayID, Risk: 84},
	{Kind: ContactPhone, Audited: true, Display: DisplayContact, Risk: 82},
	{Kind: ContactEmail, Audited: true, Display: DisplayContact, Phase: PlanSpelled, Risk: 83},
	{Kind: ContactFax, Audited: true, Display: DisplayContact, Risk: 81},
	{Kind: ContactURL, Audited: true, Display: DisplayContact, Phase: PlanSpelled, Risk: 80},
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

// Table returns the rules of every kind in specification order (a copy).
func Table() []Rules { return append([]Rules(nil), rules...) }
