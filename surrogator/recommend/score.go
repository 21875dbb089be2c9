package recommend

import (
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Score returns the estimated precision of a prediction of kind k by rule:
// the share of the rule's predictions that overlapped a true span of the
// same group on the shared GraSCCo letters and the project's development
// letters with every annotation removed (make eval-preannotate prints the
// figures this table comes from). Rules not in the table get their
// group's figure.
func Score(k kinds.Kind, rule string) float64 {
	if s, ok := ruleScore[rule]; ok {
		return s
	}
	if s, ok := groupScore[Group(k)]; ok {
		return s
	}
	return 0.5
}

// Group is the evaluation group of a kind: name, date, age, location, id,
// contact, profession or other (a hit overlaps a true span of the same
// group).
func Group(k kinds.Kind) string {
	switch {
	case k.IsName() || k == kinds.NameTitle || k == kinds.NameUsername:
		return "name"
	case k.IsDate():
		return "date"
	case k == kinds.Age:
		return "age"
	case k.IsLocation():
		return "location"
	case k == kinds.ID:
		return "id"
	case k == kinds.ContactPhone || k == kinds.ContactFax || k == kinds.ContactEmail || k == kinds.ContactURL:
		return "contact"
	case k == kinds.Profession:
		return "profession"
	}
	return "other"
}

// groupScore and ruleScore are measured (see Score).
var groupScore = map[string]float64{
	"name": 0.95, "date": 0.98, "age": 0.95, "location": 0.9, "id": 0.9, "contact": 0.98, "profession": 0.8,
}

var ruleScore = map[string]float64{}
