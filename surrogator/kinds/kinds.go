package kinds

import "strings"

// Kind is a canonical GeMTeX PII kind such as NAME_PATIENT.
type Kind string

// All lists every canonical kind in specification order (the order of
// the rules table).
var All = func() []Kind {
	all := make([]Kind, len(rules))
	for i, r := range rules {
		all[i] = r.Kind
	}
	return all
}()

var aliases = map[string]Kind{
	"NAME_USER":             NameUsername,
	"NAME_EXTERN":           NameExt,
	"LOCATION_ORGANISATION": LocationOrganization,
	"NAME_OTHER":            NameExt,
}

var canonical = func() map[string]Kind {
	m := make(map[string]Kind, len(All))
	for _, k := range All {
		m[string(k)] = k
	}
	return m
}()

// Parse maps an annotated label to its canonical kind. Surrounding white
// space is ignored; case is significant only in that labels are compared
// upper-cased. It reports false for an empty, "NONE" or unknown label: such an
// annotation is a wrong annotation (SPEC §2).
func Parse(label string) (Kind, bool) {
	l := strings.ToUpper(strings.TrimSpace(label))
	if l == "" || l == "NONE" {
		return "", false
	}
	if k, ok := canonical[l]; ok {
		return k, true
	}
	if k, ok := aliases[l]; ok {
		return k, true
	}
	return "", false
}

// Valid reports whether k is a canonical kind.
func (k Kind) Valid() bool { _, ok := canonical[string(k)]; return ok }

// IsName reports whether k is one of the person-name kinds (not titles or
// user names).
func (k Kind) IsName() bool {
	switch k {
	case NamePatient, NameRelative, NameDoctor, NameExt:
		return true
	}
	return false
}

// IsDate reports whether k is DATE, DATE_BIRTH or DATE_DEATH.
func (k Kind) IsDate() bool { return k == Date || k == DateBirth || k == DateDeath }

// IsLocation reports whether k is a LOCATION_* kind.
func (k Kind) IsLocation() bool { return strings.HasPrefix(string(k), "LOCATION_") }

// Risk returns the merge priority of k (Rules.Risk); unknown kinds rank
// lowest.
func Risk(k Kind) int { return RulesOf(k).Risk }

// Higher returns the higher-risk kind of a and b (a on ties).
func Higher(a, b Kind) Kind {
	if Risk(b) > Risk(a) {
		return b
	}
	return a
}
