package suspects

import "testing"

// TestShapeRulesFind: the recognizers of shapedphones.go, codedids.go,
// idlists.go, birthnames.go, kinnames.go, stafflists.go and townparts.go
// find their PII in the written forms letters use (invented persons,
// numbers and villages; real towns).
func TestShapeRulesFind(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text, want string }{
		{"mobile", "Die Ehefrau wurde unter 0176 4420913 informiert.", "CONTACT_PHONE:0176 4420913"},
		{"mobile slash", "Mutter mobil 0152/23981744, ab 16 Uhr", "CONTACT_PHONE:0152/23981744"},
		{"landline groups", "Pflegedienstleitung: 03581 87 33 10\n", "CONTACT_PHONE:03581 87 33 10"},
		{"landline letterhead", "Bodanstraße 1 · 78462 Konstanz · 07531 91 82 73\n", "CONTACT_PHONE:07531 91 82 73"},
		{"fax groups", "Fax 0641 98 46 139", "CONTACT_FAX:0641 98 46 139"},
		{"coded lab order", "Labor-Auftrag: L2402020117\n", "ID:L2402020117"},
		{"coded batch", "Implantat-Charge LOT 4471902A eingebracht.", "ID:LOT 4471902A"},
		{"coded certificate", "(Todesbescheinigung TB 2024-0031)", "ID:TB 2024-0031"},
		{"coded image", "DVT-Aufnahme DVT 24/1187 ohne Befund.", "ID:DVT 24/1187"},
		{"coded hyphen", "OPG vom Vortag (Bild OPG-558201).", "ID:OPG-558201"},
		{"id list comma", "Labor-Nr. U-24-00871, U-24-01055 negativ.", "ID:U-24-01055"},
		{"id list und", "Befund-ID MR-2306-44172 und MR-2211-39018 liegen vor.", "ID:MR-2211-39018"},
		{"birth name", "Frau Elżbieta Hanke, geb. Nowak (* 28.06.1941)", "NAME_PATIENT:Nowak"},
		{"birth name geborene", "Frau Hanke, geborene Wjelan, wurde verlegt.", "NAME_PATIENT:Wjelan"},
		{"kin parenthesis", "Eine ältere Schwester (Linh, 8 J.) ist gesund.", "NAME_RELATIVE:Linh"},
		{"kin parenthesis hyphen", "Er hat eine Tochter (Mia-Sophie, 6 Jahre).", "NAME_RELATIVE:Mia-Sophie"},
		{"staff label", "Anästhesie: Dr. Baumgartner\nOP-Pflege: Schedel, Ruf\n", "NAME_DOCTOR:Schedel"},
		{"staff list comma", "OP-Pflege: Schedel, Rautenstrauch\n", "NAME_DOCTOR:Rautenstrauch"},
		{"staff list slash", "Anästhesie: Dr. Baumgartner / Lipinski, ITN", "NAME_DOCTOR:Lipinski"},
		{"title before particle", "Neurochirurgie (Prof. de la Fuente) empfiehlt", "NAME_TITLE:Prof."},
		{"title before initial and particle", "Supervision: Dr. med. J. ter Horst, Oberarzt", "NAME_TITLE:Dr. med."},
		{"diploma title before particle", "Befundbericht des Psychotherapeuten Dipl.-Psych. A. van der Meulen.", "NAME_TITLE:Dipl.-Psych."},
		{"compound doctor role", "Hörtest beim HNO-Arzt Jürgensen (04/2024) unauffällig.", "NAME_DOCTOR:Jürgensen"},
		{"clergy role", "Seelsorgerlich begleitete sie Pfarrer Měrćink.", "NAME_EXT:Měrćink"},
		{"case function with cue", "Die Patientin arbeitet als Dolmetscherin bei Gericht.", "PROFESSION:Dolmetscherin"},
		{"town after a name", "Hausärztin Dr. Marlene Quast, Kyritz, überwies sie.", "LOCATION_CITY:Kyritz"},
		{"town before OT", "beim Hausarzt (Dr. Zwerger, Sulzberg OT Moosbach).", "LOCATION_CITY:Sulzberg"},
		{"town before Ortsteil", "Die Tochter lebt in Dalherda, Ortsteil Gichenbach.", "LOCATION_CITY:Dalherda"},
	}
	wantFound(t, det, cases)
}

// TestShapeRulesPrecision: what the shape recognizers must leave alone:
// laboratory values, scores, dates, ZIP codes with a country code, code
// systems, amounts, case numbers without a label, a birth date or place
// after "geb.", a relative's age in parentheses, a role after a name.
func TestShapeRulesPrecision(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text string }{
		{"lab values", "Labor: CRP 125 mg/l, PLT 245000 /µl, Hb 12,4 g/dl."},
		{"blood pressure", "RR 98/61 mmHg, HF 112/min, SpO2 91 %."},
		{"code systems", "Kodierung nach ICD 10 und OPS 5-790.5f, DIN EN ISO 13485."},
		{"zip with country", "Sie zog nach D-98765 um."},
		{"amounts", "Schulden ca. 014 000 Euro und 0,5 mg Dosis."},
		{"birth date after geb", "Der Vater, geb. im Ausland, lebt getrennt."},
		{"label after geb", "Morbus Crohn, geb. Kinder: 2."},
		{"relative age", "Eine Tochter (6 Jahre) lebt bei der Mutter."},
		{"relative common word", "Die Tochter (Studentin) kam zu Besuch."},
		{"role after a staff label", "Supervision: Oberarzt\nAssistenz: Studentin im PJ"},
		{"ward after OT", "Nach der Visite OT um 10 Uhr."},
		{"compound role before a noun", "Der HNO-Arzt Befund liegt vor; mit dem Pfarrer Kontakt aufgenommen, beim D-Arzt Termin."},
		{"case function", "Anamnese über Dolmetscherin, Gutachter nicht erforderlich."},
		{"signer's role line", "Rechtsbehelfsbelehrung folgt.\n\nLindqvist\nRichterin am Amtsgericht\n"},
		{"common word before Ortsteil", "Die Straße im Ortsteil ist gesperrt."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, g := range find(t, det, c.text, nil) {
				t.Errorf("%q: want no suspects, got %q", c.text, g)
			}
		})
	}
}
