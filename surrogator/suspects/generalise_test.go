package suspects

import (
	"strings"
	"testing"
)

// TestGeneralisedFind: the recognizers added for letters the detector was
// not tuned on (occlexicon.go, occcues.go, workfinal.go, agemore.go,
// datesmore.go, callsigns.go, courtfiles.go, the label phrases of idlabels.go, holidays with an
// ordinal) find their PII (invented persons and numbers).
func TestGeneralisedFind(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text, want string }{
		{"copula pronoun care occupation", "Er ist Zahnarzt mit eigener Praxis.", "PROFESSION:Zahnarzt"},
		{"copula patient", "Die Patientin war Krankenschwester auf einer Intensivstation.", "PROFESSION:Krankenschwester"},
		{"copula surname occupation", "Herr Lind ist Schäfer.", "PROFESSION:Schäfer"},
		{"copula inverted", "Beruflich ist sie Logopädin.", "PROFESSION:Logopädin"},
		{"apposition", "Der Patient, ein Dachdeckermeister, stürzte vom Gerüst.", "PROFESSION:Dachdeckermeister"},
		{"Tätigkeit label", "Tätigkeit: Pflegefachfrau im Nachtdienst", "PROFESSION:Pflegefachfrau"},
		{"ehemals", "Ehemals Bergmann unter Tage, seit 2010 berentet.", "PROFESSION:Bergmann"},
		{"früher after Rentner", "Rentner, früher Schlosser im Stahlwerk.", "PROFESSION:Schlosser"},
		{"inflected training", "Sie ist in Ausbildung zur Medizinischen Fachangestellten.", "PROFESSION:Fachangestellten"},
		{"lexicon2", "Er arbeitet als Heilpraktiker.", "PROFESSION:Heilpraktiker"},
		{"work phrase verb last", "Sie ist in der Altenpflege tätig.", "PROFESSION:Altenpflege"},
		{"work phrase with adjective", "Sie arbeitet im öffentlichen Dienst.", "PROFESSION:Dienst"},
		{"worker and workplace", "Mitarbeiterin in einer Großbäckerei, ledig.", "PROFESSION:Mitarbeiterin"},
		{"social history label", "Sozialanamnese: Arzthelferin, verheiratet, zwei Kinder.", "PROFESSION:Arzthelferin"},
		{"head only", "Sozialanamnese: Rohrreiniger, ledig.", "PROFESSION:Rohrreiniger"},
		{"head only in compound", "Er arbeitet als Schichtführer in einer Brauerei.", "PROFESSION:Schichtführer"},
		{"rank", "Er ist Polizeihauptkommissar.", "PROFESSION:Polizeihauptkommissar"},
		{"id label phrase in parentheses", "Aktenzeichen des Unfallversicherungsträgers (falls bekannt): 3 24 07815 2 K", "ID:3 24 07815 2 K"},
		{"id label in parentheses", "Betriebsnummer der Einrichtung (BNR): 81 304 · Aufnahme", "ID:81 304"},
		{"id label prepositional phrase", "(Kundennummer beim Vermieter 4417-0392)", "ID:4417-0392"},
		{"room abbreviation", "Station 4B, Zi. 412", "ID:412"},
		{"age years and months", "Ein 3 Jahre und 4 Monate alter Junge", "AGE:3"},
		{"age birthday", "Er feiert im März seinen 90. Geburtstag.", "AGE:90"},
		{"age decade", "Eine Frau Mitte 50 stellt sich vor.", "AGE:50"},
		{"age after initial", "Herr M., 63 Jahre, Rentner", "AGE:63"},
		{"age in parentheses after initial", "Frau K. (72) lebt allein.", "AGE:72"},
		{"holiday ordinal", "Sturz am 1. Weihnachtsfeiertag zu Hause", "DATE:1. Weihnachtsfeiertag"},
		{"pager Pieper", "Rückfragen: Pieper 4471", "CONTACT_PHONE:4471"},
		{"abbreviated Nr label", "Akkreditiert nach DIN EN ISO 15189, Reg.-Nr. D-ML-13127-02-00", "ID:D-ML-13127-02-00"},
		{"Code label", "eingeschlossen (Pat.-Code CRISP-3187-0412).", "ID:CRISP-3187-0412"},
		{"strong label in compound", "ZNA-Fall: 2405 118 730 | Eintreffen", "ID:2405 118 730"},
		{"Auftrag", "Labor (Auftrag L 2805 3341) unauffällig", "ID:L 2805 3341"},
		{"bed after ward", "Stroke Unit (Station N2, Bett 6). Die Ehefrau", "ID:6"},
		{"three-digit country code", "Tochter Ilona, +420 602 318 447).", "CONTACT_PHONE:+420 602 318 447"},
		{"date after a dictation mark", "Tagesklinik; cfoe/16.05.24", "DATE:16.05.24"},
		{"spaced date", "geb.: 3. 10. 1971        m", "DATE:3. 10. 1971"},
		{"list of days", "Untersuchungen am 14., 21. und 28.02.2024 in Herzberg.", "DATE:14."},
		{"school year", "für das Schuljahr 2023/24 eine Schulbegleitung", "DATE:2023/24"},
		{"age with a fraction", "Übernahme des 4 9/12 Jahre alten Khoa", "AGE:4"},
		{"age as a noun", "Die 45-Jährige schilderte Erschöpfung.", "AGE:45"},
		{"age after a sex mark", "Pat. (w, 84) kam mit dem RTW.", "AGE:84"},
		{"age after a name in commas", "Herr Ahmadi, 43, stellte sich vor.", "AGE:43"},
		{"age label with words", "Alter bei Aufnahme: 67", "AGE:67"},
		{"holiday opening a range", "Besserung im Urlaub (Weihnachten bis 6. Januar).", "DATE:Weihnachten"},
		{"holiday singular", "Am 2. Pfingstfeiertag kurzzeitig delirant", "DATE:2. Pfingstfeiertag"},
		{"call sign", "Transport durch den RTW Passau 1/83-2.", "ID:Passau 1/83-2"},
		{"call sign abbreviated", "MTS: rot | RTW Rot. IN 71/3", "ID:Rot. IN 71/3"},
		{"helicopter", "mit RTH Christoph 17 eingeflogen", "ID:Christoph 17"},
		{"DAkkS accreditation", "Akkreditierung DAkkS D-ML-17201-01-00", "ID:D-ML-17201-01-00"},
		{"url on .example", "Fax 05151 40 27-199 · labor-weserbergland.example", "CONTACT_URL:labor-weserbergland.example"},
		{"days before a month name", "Duschanlage des Hotels am 1. und 2. März; danach", "DATE:1."},
		{"month before a range", "Fachklinik Alzey (01–03/2022), dann", "DATE:01"},
		{"career year", "Maschinenbauingenieur, bis 2017 Leiter der Qualitätssicherung bei der Opel AG", "PROFESSION:Leiter"},
		{"patient's age before Mann", "Befund: 32-jähriger Mann, wach", "AGE:32"},
		{"ward abbreviated with letters", "Fall 60 2241 0917 · Stat. KC2", "ID:KC2"},
		{"reference label", "Ref.: 2024/11873", "ID:2024/11873"},
		{"barcode in a compound", "Proben-Barcode 2401188273", "ID:2401188273"},
		{"account zeichen", "Buchungszeichen 24-771", "ID:24-771"},
		{"ticket", "Ticket #118273", "ID:118273"},
		{"landline in one block", "Rückruf erbeten: 0351 4582211", "CONTACT_PHONE:0351 4582211"},
		{"landline with a long last group", "Kontakt: 0341 97 12345 (AB)", "CONTACT_PHONE:0341 97 12345"},
		{"extension without a dash", "Durchwahl: 7712", "CONTACT_PHONE:7712"},
		{"year range with a hyphen", "seit 2015-2017 in Behandlung", "DATE:2015-2017"},
		{"year pair", "zwischen den Jahren 2019/2020 im Ausland", "DATE:2019/2020"},
		{"federal senate", "Urteil des BGH VI ZR 118/22 vom", "ID:VI ZR 118/22"},
		{"Bavarian administrative court", "VG München M 12 K 22.1182 entschied", "ID:M 12 K 22.1182"},
		{"Bavarian number.year", "VG Würzburg W 2 K 118.23 entschied", "ID:W 2 K 118.23"},
		{"register suffix", "SG Dortmund S 36 KR 1182/22 ER entschied", "ID:S 36 KR 1182/22 ER"},
	}
	wantFound(t, det, cases)
}

// TestGeneralisedPrecision: what the added rules must leave alone.
func TestGeneralisedPrecision(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text string }{
		{"staff director", "Der Klinikdirektor hat den Befund gesehen."},
		{"ladder", "Er stürzte von der Leiter."},
		{"label occupation", "Bestatter: wird von der Familie beauftragt."},
		{"another person's role with Als", "Als Schulbegleiterin wurde eine Fachkraft benannt."},
		{"work place after als", "Sie arbeitet als Verkäuferin in einer Bäckerei."},
		{"catalogue number", "Verletzung nach Verletzungsartenverzeichnis Nr. 8.1 vorhanden."},
		{"decade of a dose", "Ende 20 mg reduziert, Mitte 2023 abgesetzt."},
		{"weeks", "Säugling, 7 Wochen alt"},
		{"classification codes", "ICD-Code I21.0 und OPS-Code 5-123.4"},
		{"no year turn", "Az. 12/2023/24 und 2019/21"},
		{"order as a word", "Im Auftrag des Gerichts erstellt"},
		{"vehicle without call sign", "RTW mit Notarzt"},
		{"short number after a zero", "Konto 0341 12345 und Los 0815 4711"},
		{"teaching assignment", "(Lehrauftrag 2009-2010) tätig"},
		{"relative's age before", "Ledig, eine Tochter (4 J.), lebt allein."},
		{"relative's age after", "alleinerziehend mit einer 14-jährigen Tochter"},
		{"children's ages", "Verheiratet, zwei Kinder (14 und 11 J.), berufstätig"},
		{"age of an event", "Alkohol seit dem 13. Lebensjahr"},
		{"ladder alone", "Die Leiterin der Station ist informiert."},
		{"spouse's occupation", "Er ist selbstständig. Seine Frau arbeitet als Lehrerin."},
		{"scores with a slash", "APGAR 9/10/10, GDS 3/15, pT3 pN1b (2/23) L1"},
		{"no field of work", "Er ist im Rahmen der Therapie beschäftigt. Die Mutter ist in der Pflege tätig."},
		{"third persons of the case", "Gespräch mit Dolmetscher. Polizeibeamte brachten ihn. Laut Klassenlehrerin gut integriert."},
		{"staff unit", "Mitarbeiterin im Sozialdienst ist informiert."},
		{"signature lines", "gez. Lisa Beck, Medizinische Fachangestellte\nSekretariat: Frau Lange, Chefarztsekretärin"},
		{"clinic counsellors", "Wundmanagerin sah die Wunde. Diabetesberaterin schulte."},
		{"document holder", "Er ist Inhaber eines Schwerbehindertenausweises."},
		{"road users", "Sie ist Rollstuhlfahrerin. Pkw-Fahrer, angeschnallt."},
		{"hospital rank after a copula", "Sie ist Oberärztin auf unserer Station."},
		{"statuses and conditions", "Sie ist Diabetikerin. Er ist Frührentner. Sie ist Hausfrau. Er ist Allergiker. Sie ist Linkshänderin."},
		{"relational nouns", "Der Patient ist Träger eines Herzschrittmachers. Er ist Empfänger von Bürgergeld. Sie ist Bezieherin einer Rente."},
		{"occupational disease number", "Die Voraussetzungen einer Berufskrankheit nach Nr. 4103 sind erfüllt, BK Nr. 4103."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, g := range find(t, det, c.text, nil) {
				if strings.HasPrefix(g, "NAME_") {
					continue // the persons of a signature are PII
				}
				if g == "PROFESSION:Verkäuferin" || g == "DATE:2023" || g == "ID:12/2023/24" || g == "DATE:2009-2010" {
					continue
				}
				t.Errorf("%q: want no suspects, got %q", c.text, g)
			}
		})
	}
}
