package suspects

import (
	"regexp"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- radio call signs of rescue vehicles ----
//
// Emergency letters name the ambulance or helicopter that brought the
// patient by its radio call sign, which points to one station and one
// shift: "RTW Rot. IN 71/3", "RTW Passau 1/83-2", "NEF Florian 3/82-1",
// "RTH Christoph 17". The guideline annotates such codes as ID. A call
// sign follows a vehicle abbreviation: up to two words (an organisation
// or town: "Rot.", "Rotkreuz", "Florian", "Passau", "IN") and a number
// group "N/NN" with an optional "-N"; or "Christoph" and a number.

var reCallSignAt = regexp.MustCompile(`^(?:RTW|NEF|KTW|NAW|ITW|RTH|ITH|MZF)\s+((?:(?:[A-ZÄÖÜ][\p{L}]*\.?)\s+){0,2}\d{1,2}/\d{1,3}(?:-\d{1,2})?|Christoph\s+\d{1,2}\b)`)

// rescueVehicles are the vehicle abbreviations before a call sign.
var rescueVehicles = fieldSet(`RTW NEF KTW NAW ITW RTH ITH MZF`)

func (r *run) callSigns() {
	for i := range r.tokens {
		t := &r.tokens[i]
		if t.runes != 3 || !t.is(shAllUpper) || !rescueVehicles[t.s] {
			continue
		}
		if m := anchoredMatch(reCallSignAt, r.text, t.b); m != nil {
			r.add(t.b+m[2], t.b+m[3], kinds.ID, "call-sign", prioExact)
		}
	}
}
