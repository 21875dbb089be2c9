package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- reference numbers with a letter code, without a label ----
//
// Clinics write order, laboratory, image, batch and certificate numbers
// as a short upper-case code and a number: "L2402020117", "LOT 4471902A",
// "TB 2024-0031", "DVT 24/1187", "OPG-558201". The code is one to four
// upper-case letters, the number one to three groups of digits joined by
// "-" or "/" (an optional trailing letter), with six digits or more in
// all, so that laboratory values ("CRP 125", "RR 98/61"), ZIP codes with a
// country ("D-98765") and scores stay alone. Codes that introduce dates
// (KW, WS, SS), code systems (ICD, OPS, PZN, DIN, ISO …) or telephone
// numbers (TEL, FAX) are no reference numbers.

var reCodedID = regexp.MustCompile(`^[A-Z]{1,4}(?:-| |)\d+(?:[-/]\d+){0,2}[A-Z]?\b`)

// notIDCodes are folded codes before a number that is no reference number.
var notIDCodes = fieldSet(`kw ws ss q icd ops pzn din en iso iec atc gop ebm goae bk uicc tnm nyha ecog gcs nrs vas
	tel fax fon mobil plz bj jg ca bmi ef hf rr af sp spo sao kg mg ml gfr ldl hdl tsh ft fsh lh ck crp pct ggt got gpt
	ap hb mcv inr ptt psa cea afp nt rna dna pcr hiv hcv hbv ct mrt pet sono ekg eeg emg mmst moca nihss mrs ts st`)

func (r *run) codedIDs() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.s[0] < 'A' || t.s[0] > 'Z' || !codedHead(r.text[t.b:]) {
			continue
		}
		// the code is the token itself ("TB") or its letter head ("L2402020117", "OPG-558201")
		code := t.s
		if j := strings.IndexAny(code, "0123456789-"); j >= 0 {
			code = code[:j]
		}
		if len(code) == 0 || len(code) > 4 || strings.ToUpper(code) != code || notIDCodes[strings.ToLower(code)] {
			continue
		}
		if t.b > 0 && (isWordByte(r.text[t.b-1]) || r.text[t.b-1] == '-' || r.text[t.b-1] == '/') {
			continue
		}
		m := anchoredMatch(reCodedID, r.text, t.b)
		if m == nil {
			continue
		}
		e := t.b + m[1]
		v := r.text[t.b:e]
		if digitCount(v) < 6 || r.dropped(t.b, e) {
			continue
		}
		// a unit after the number: a measurement ("PLT 245000 /µl")
		if rest := strings.TrimLeft(r.text[e:min(len(r.text), e+4)], " "); strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "%") {
			continue
		}
		r.add(t.b, e, kinds.ID, "id-coded", prioWeak)
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// codedHead: s starts as reCodedID needs (one to four capitals, a hyphen
// or blank or none, a digit), tested before the token's code is cut and
// folded: most capitalised words are no code.
func codedHead(s string) bool {
	n := 0
	for n < len(s) && n < 5 && s[n] >= 'A' && s[n] <= 'Z' {
		n++
	}
	if n == 0 || n > 4 {
		return false
	}
	if n < len(s) && (s[n] == '-' || s[n] == ' ') {
		n++
	}
	return n < len(s) && s[n] >= '0' && s[n] <= '9'
}
