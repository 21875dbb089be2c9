package suspects

import (
	"testing"
)

// TestRecognizersFind: the recognizers of towns.go, occupations.go,
// idlabels.go, agewords.go, phones.go, foreign.go, stateorgs.go and
// namelabels.go find their PII in the written forms letters use (invented
// persons and numbers; real towns).
func TestRecognizersFind(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text, want string }{
		// towns of data.Places
		{"town after in", "Sie lebt seit Jahren in Altenglan bei ihrer Tochter.", "LOCATION_CITY:Altenglan"},
		{"town after bei", "Er wuchs auf einem Hof bei Plattling auf.", "LOCATION_CITY:Plattling"},
		{"town after house number", "wohnhaft Glanstraße 4, Altenglan, versichert", "LOCATION_CITY:Altenglan"},
		{"town in parentheses", "Hausarzt Dr. Simon Gruber (Künzing) wies ihn ein.", "LOCATION_CITY:Künzing"},
		{"town of two words", "Die Tochter wohnt im Nachbarort Bad Aibling und kommt täglich.", "LOCATION_CITY:Bad Aibling"},
		{"town first name after in", "Er arbeitete bei einem Versandhändler in Achim.", "LOCATION_CITY:Achim"},
		{"hyphenated town", "Praxis Dr. Kaiser, Zella-Mehlis, Überweisung", "LOCATION_CITY:Zella-Mehlis"},
		{"town and part", "Anschrift: Lagesche Str. 140 in Lemgo-Brake", "LOCATION_CITY:Lemgo-Brake"},
		{"ambiguous town with part", "Sie wohnt in Essen-Rüttenscheid.", "LOCATION_CITY:Essen-Rüttenscheid"},
		{"town part after OT", "16515 Oranienburg, OT Sachsenhausen", "LOCATION_CITY:Sachsenhausen"},
		{"town before region", "Sie stammt aus Tilsit (Ostpreußen).", "LOCATION_CITY:Tilsit"},
		{"foreign endonym", "Die Tochter lebt in Szczecin.", "LOCATION_CITY:Szczecin"},
		{"foreign capital", "Ein Besuch bei Verwandten in Beirut ist geplant.", "LOCATION_CITY:Beirut"},
		{"country dative", "Aufenthalt in den Niederlanden bis 2018.", "LOCATION_COUNTRY:Niederlanden"},
		// occupations
		{"occupation no cue", "Sozialanamnese: Bürokauffrau in der Kreisverwaltung, verheiratet.", "PROFESSION:Bürokauffrau"},
		{"occupation compound", "Wechselnde Tätigkeiten als Lagerhelfer und als Paketzusteller.", "PROFESSION:Lagerhelfer"},
		{"occupation after Rente", "Sie war bis zur Rente Damenschneiderin mit eigener Werkstatt.", "PROFESSION:Damenschneiderin"},
		{"occupation von Beruf", "58-jähriger Patient, von Beruf Gastronom, Raucher.", "PROFESSION:Gastronom"},
		{"occupation feminine", "Die Patientin ist gelernte Glasbläserin.", "PROFESSION:Glasbläserin"},
		{"staff occupation with cue", "In der letzten Tätigkeit als Pflegefachkraft unter drei Stunden.", "PROFESSION:Pflegefachkraft"},
		{"occupation training", "Ausbildung zur Pharmazeutisch-technischen Assistentin 2010.", "PROFESSION:Assistentin"},
		{"occupation surname with cue", "Der 62-jährige Patient, Richter am Bundesverwaltungsgericht, stürzte.", "PROFESSION:Richter"},
		{"work phrase", "Die Patientin arbeitet seit Jahren im Büro einer Spedition.", "PROFESSION:Büro"},
		{"study", "Sie studiert seit dem SoSe 2020 Pharmazie an der Universität.", "PROFESSION:Pharmazie"},
		// IDs
		{"id label compound", "BG-Nummer: 12345BG0004711", "ID:12345BG0004711"},
		{"id label words before colon", "Unfall-Az. der BG: 3 16 51732/2023-4 · Lfd. Nr. 0049-23", "ID:3 16 51732/2023-4"},
		{"id Ihr Zeichen", "Ihr Zeichen: 51.2-JH-0339/22 · 06.12.2022", "ID:51.2-JH-0339/22"},
		{"id Kennzeichen", "Kostenträger DRV Hessen, Reha-Kennzeichen R-0823-5561", "ID:R-0823-5561"},
		{"id letters and groups", "Gutachten-Nr.: MD-BY 2023 118 447 02 · Versicherten-Nr.", "ID:MD-BY 2023 118 447 02"},
		{"id Fall", "PID 5003318842 · Fall 24001207", "ID:24001207"},
		{"id roman court number", "Geschäftszeichen: XVII 412/23", "ID:XVII 412/23"},
		{"id court after label", "Az. 761 XVII 1089/22 vom Amtsgericht", "ID:761 XVII 1089/22"},
		{"eudract", "Studie (EudraCT 2023-501122-37-00) geprüft", "ID:2023-501122-37-00"},
		{"nct", "Einschluss in NCT05802290 geprüft", "ID:NCT05802290"},
		{"ward compound", "auf unserer Jugendstation K3 vollstationär", "ID:K3"},
		{"ward care home", "Wohnbereich 2, z. Hd. PDL", "ID:2"},
		// ages in words
		{"age word", "die vierzehnjährige Jugendliche wurde aufgenommen", "AGE:vierzehn"},
		{"age word compound", "Die Einundneunzigjährige wurde aus dem Heim gebracht.", "AGE:Einundneunzig"},
		{"age word separate", "Fünfzig jähriger Mann mit Thoraxschmerz", "AGE:Fünfzig"},
		{"age word alt", "Sie ist achtzig Jahre alt.", "AGE:achtzig"},
		// phones
		{"phone slash extension", "Sekretariat 06381/929-4711 · Telefax", "CONTACT_PHONE:06381/929-4711"},
		{"extension alone", "erreichen Sie mich unter der Durchwahl -3181.", "CONTACT_PHONE:-3181"},
		{"fax extension", "Sekretariat: 03843 34-2301, Fax -2309", "CONTACT_FAX:-2309"},
		{"pager", "Rückfragen an den Dienstarzt, Pager 4711.", "CONTACT_PHONE:4711"},
		{"letterhead groups", "Am Kurpark 2\nT 05652 58 0 · F 05652 58 199", "CONTACT_FAX:05652 58 199"},
		// institutions
		{"state court", "An das Sächsische Landessozialgericht in Chemnitz", "LOCATION_ORGANIZATION:Sächsische Landessozialgericht"},
		{"welfare association", "Schuldnerberatung der Caritas Oberhavel vermittelt", "LOCATION_ORGANIZATION:Caritas Oberhavel"},
		{"name before clinic head", "Ruppiner Kliniken\nKlinik für Kinder- und Jugendpsychiatrie", "LOCATION_HOSPITAL:Ruppiner Kliniken"},
		{"home with Haus", "als Altenpflegerin im Seniorenzentrum Haus am Leuchtberg, Vollzeit", "LOCATION_HOSPITAL:Seniorenzentrum Haus am Leuchtberg"},
		{"brand market", "Kassiererin in einem Netto-Markt in Velten", "LOCATION_OTHER:Netto-Markt"},
		// names
		{"form field", "Name: Brüggemann, Vorname: Jens-Uwe\n", "NAME_PATIENT:Jens-Uwe"},
		{"field surname first", "Bewohnerin/Patientin: Meyer-Holtorf, Gerda – 91-jährig", "NAME_PATIENT:Gerda"},
		{"group practice", "Dres. med. Hofmann / Zeitler\nGemeinschaftspraxis", "NAME_DOCTOR:Zeitler"},
		{"colleague eponym", "Sehr geehrter Herr Kollege Auerbach,", "NAME_DOCTOR:Auerbach"},
		{"login", "Dokument erstellt von jdvorak am 13.08.2022", "NAME_USERNAME:jdvorak"},
		{"login parentheses", "Protokoll: Tumordokumentation (swerner2)", "NAME_USERNAME:swerner2"},
		{"street after wohnhaft", "Betroffener, * 03.11.1955, wohnhaft Hofmark 3, 94486 Osterhofen", "LOCATION_STREET:Hofmark 3"},
		{"street with preposition", "Er wohnt Am Markt 1 in Bingen.", "LOCATION_STREET:Am Markt 1"},
		{"street with preposition and zip", "Praxis: An der Kirche 3, 93047 Regensburg", "LOCATION_STREET:An der Kirche 3"},
		{"month before stop", "Rückenschmerzen seit Januar. Sozialanamnese folgt.", "DATE:Januar"},
	}
	wantFound(t, det, cases)
}

// TestRecognizersPrecision: what the new recognizers must leave alone:
// town names that are common words, other persons' occupations, staff
// roles, durations, telephone and law numbers, counts after a ward.
func TestRecognizersPrecision(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text string }{
		{"common word towns", "Schmerzen nach dem Essen, Kontrolle in Ruhe, in der Mitte und am Rand, nach Hause."},
		{"organ", "Sonographie: Leber und Milz normal groß."},
		{"relative's occupation", "Die Mutter arbeitet als Pflegehelferin im Schichtdienst."},
		{"staff occupation", "Die Physiotherapeutin übte mit der Patientin täglich."},
		{"role before name", "Rücksprache mit der Klassenlehrerin Frau Thiele erfolgte."},
		{"salutation before role", "Sehr geehrte Frau Richterin, anbei der Bericht."},
		{"article before occupation", "Der Kassierer wurde bedroht, den Fahrer traf keine Schuld."},
		{"road user", "Rückreise mit dem Auto als Beifahrer vertretbar."},
		{"working time", "Sie arbeitet in Teilzeit und im Schichtdienst."},
		{"duration", "Eine dreijährige Ausbildung und die fünfjährige Überlebensrate."},
		{"child's age in words", "Die zweijährige Tochter ist gesund."},
		{"phone label number", "Tel.-Nr. der Station bitte erfragen."},
		{"law number", "Die Voraussetzungen einer BK-Nr. 5101 liegen nicht vor."},
		{"ward count", "Intensivstation 3 Tage, dann Normalstation."},
		{"dictation mark", "Unser Zeichen: Zs/ta"},
		{"short label value", "Zimmer-Nr. 12 und Bett 2"},
		{"ambiguous town with a noun", "Die Hof-Einfahrt und die Essen-Ausgabe sind frei."},
		{"prepositions before numbers", "Am Tag 3 kein Anhalt, in der Regel 3 Gaben. In der Regel 3"},
		{"pager count", "Funk 12 Tage lang gestört."},
		{"sentence end after facility head", "Sie brachte ihn in eine Kita. Zuletzt war er krank."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, g := range find(t, det, c.text, nil) {
				if g == "NAME_USERNAME:Zs/ta" || g == "NAME_PATIENT:Thiele" {
					continue // the mark and the teacher's name are PII
				}
				t.Errorf("%q: want no suspects, got %q", c.text, g)
			}
		})
	}
}

func TestNumberWord(t *testing.T) {
	for _, c := range []struct {
		w string
		n int
	}{{"vierzehn", 14}, {"einundneunzig", 91}, {"Fünfzig", 50}, {"dreißig", 30}, {"hundertzwei", 102}, {"zwölf", 12}, {"eins", 1}} {
		if n, ok := numberWord(c.w); !ok || n != c.n {
			t.Errorf("numberWord(%q) = %d, %v; want %d", c.w, n, ok, c.n)
		}
	}
	for _, w := range []string{"drei und", "einsundzwanzig", "Ausbildung", "", "und"} {
		if n, ok := numberWord(w); ok {
			t.Errorf("numberWord(%q) = %d, want no number", w, n)
		}
	}
}
