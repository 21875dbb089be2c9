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

// Group is the evaluation group of a kind, its display group in the kinds
// rules table (kinds.Rules.Display): name, date, age, location, id,
// contact, profession or other (a hit overlaps a true span of the same
// group).
func Group(k kinds.Kind) string {
	if g := kinds.RulesOf(k).Display; g != "" {
		return g
	}
	return kinds.DisplayOther
}

// groupScore and ruleScore are measured (see Score).
var groupScore = map[string]float64{
	"name": 0.95, "date": 0.98, "age": 0.95, "location": 0.9, "id": 0.9, "contact": 0.98, "profession": 0.8,
}

// ruleScore: (hits + 1) / (predictions + 2) per rule on the shared letters
// and the dev letters (the held-out letters are never used), measured with
// every annotation removed; the comment gives hits of predictions.
var ruleScore = map[string]float64{
	"abbreviation+surname": 0.88, // 6 of 6
	"address-line":         0.88, // 6 of 6
	"age":                  0.94, // 32 of 33
	"age-more":             0.75, // 2 of 2
	"age-word":             0.67, // 1 of 1
	"age-years":            0.83, // 4 of 4
	"bic":                  0.67, // 1 of 1
	"born":                 0.86, // 5 of 5
	"building":             0.83, // 4 of 4
	"call-sign":            0.75, // 2 of 2
	"closing-mark":         0.97, // 28 of 28
	"colleague":            0.67, // 1 of 1
	"date":                 0.99, // 313 of 314
	"date-list":            0.88, // 6 of 6
	"date-period":          0.83, // 4 of 4
	"date-spaced":          0.80, // 3 of 3
	"date-turn":            0.88, // 6 of 6
	"day-range":            0.86, // 5 of 5
	"dictation-mark":       0.67, // 1 of 1
	"email":                0.94, // 16 of 16
	"facility":             0.97, // 68 of 69
	"facility-brand":       0.75, // 2 of 2
	"facility-name":        0.97, // 85 of 87
	"first+surname":        0.90, // 44 of 48
	"first-and-name":       0.83, // 4 of 4
	"gazetteer":            0.98, // 63 of 63
	"group-practice":       0.83, // 4 of 4
	"holiday":              0.80, // 3 of 3
	"iban":                 0.75, // 2 of 2
	"id-label":             0.98, // 42 of 42
	"id-label-any":         0.98, // 57 of 57
	"id-shape":             0.90, // 8 of 8
	"initial+verb":         0.67, // 1 of 1
	"institute":            0.75, // 2 of 2
	"institution":          0.96, // 90 of 93
	"login":                0.80, // 3 of 3
	"month-context":        0.75, // 2 of 2
	"month-range":          0.67, // 1 of 1
	"name-field":           0.97, // 29 of 29
	"occupation":           0.97, // 55 of 56
	"organization":         0.96, // 21 of 21
	"particle":             0.92, // 11 of 11
	"phone":                0.75, // 2 of 2
	"phone-ext":            0.86, // 5 of 5
	"phone-extension":      0.80, // 3 of 3
	"phone-label":          0.99, // 70 of 70
	"phone-letterhead":     0.75, // 2 of 2
	"phone-slash":          0.67, // 1 of 1
	"place-date":           0.67, // 1 of 1
	"profession":           0.92, // 11 of 11
	"profession-context":   0.78, // 20 of 25
	"region":               0.96, // 25 of 25
	"regional":             0.67, // 5 of 7
	"repeat":               0.85, // 16 of 18
	"reported-on":          0.50, // 1 of 2
	"role":                 0.90, // 27 of 29
	"salutation":           0.98, // 118 of 119
	"salutation+title":     0.97, // 28 of 28
	"signature":            0.67, // 1 of 1
	"signature-column":     0.92, // 11 of 11
	"state":                0.92, // 10 of 10
	"state-institution":    0.75, // 2 of 2
	"street":               0.99, // 70 of 70
	"surname,first":        0.89, // 7 of 7
	"title":                0.98, // 135 of 137
	"title-after-name":     0.75, // 2 of 2
	"town-joined":          0.86, // 5 of 5
	"town-list":            0.95, // 17 of 17
	"town-part":            0.75, // 2 of 2
	"town-shape":           0.89, // 15 of 16
	"url":                  0.92, // 10 of 10
	"username":             0.67, // 1 of 1
	"ward":                 0.83, // 4 of 4
	"ward-any":             0.80, // 3 of 3
	"ward-bed":             0.67, // 1 of 1
	"work-phrase":          0.67, // 1 of 1
	"year":                 0.98, // 42 of 42
	"zip":                  0.99, // 80 of 80
	"zip+place":            0.99, // 80 of 80
}
