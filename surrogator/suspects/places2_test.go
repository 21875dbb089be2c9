package suspects

import "testing"

// TestPlaceRecognizersFind: streetwords.go, courts.go and landscapes.go
// find their places in the forms letters use.
func TestPlaceRecognizersFind(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text, want string }{
		{"street letterhead", "Klinik für Neurologie · Baldingerstraße · 35043 Marburg", "LOCATION_STREET:Baldingerstraße"},
		{"street after article", "Sie wohnt in der Schillerstraße bei ihrer Tochter.", "LOCATION_STREET:Schillerstraße"},
		{"street abbreviated", "Der Unfall geschah auf der Goethestr. in Höhe der Ampel.", "LOCATION_STREET:Goethestr."},
		{"way before postcode", "Wohnhaft Lindenweg, 17489 Greifswald", "LOCATION_STREET:Lindenweg"},
		{"social court", "Das Widerspruchsverfahren ist beim SG Halle anhängig.", "LOCATION_ORGANIZATION:SG Halle"},
		{"local court", "Az. beim AG Greifswald, Betreuungsabteilung", "LOCATION_ORGANIZATION:AG Greifswald"},
		{"state court alone", "Der Beweisbeschluss des LSG vom 05.10.2022 liegt vor.", "LOCATION_ORGANIZATION:LSG"},
		{"landscape", "Er lebte lange in Ostfriesland, jetzt im Allgäu.", "LOCATION_STATE:Ostfriesland"},
		{"declined landscape", "Er wandert gern in der Sächsischen Schweiz.", "LOCATION_STATE:Sächsischen Schweiz"},
		{"island", "Urlaub an der Ostsee auf Usedom.", "LOCATION_OTHER:Usedom"},
		{"mountain", "Sturz beim Skitourengehen am Grünten.", "LOCATION_OTHER:Grünten"},
		{"state abbreviation", "Er zog 2015 nach NRW und lebt jetzt dort.", "LOCATION_STATE:NRW"},
	}
	wantFound(t, det, cases)
}

// TestPlaceRecognizersPrecision: generic roads, nouns ending in a street
// suffix, company forms and landscapes that are words stay unflagged.
func TestPlaceRecognizersPrecision(t *testing.T) {
	det := New(Options{})
	for _, text := range []string{
		"Die Landstraße war glatt. Am Arbeitsplatz gestürzt.",
		"Infekt der oberen Atemwege. Die Einbahnstraße. Dammriss Grad II.",
		"Die AG Diabetes tagte. Franken waren teuer.",
	} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestOrganisationRecognizersFind: employers.go and clinicnames.go find
// companies and clinics named by a compound.
func TestOrganisationRecognizersFind(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text, want string }{
		{"Firma", "Er arbeitet bei der Firma Landtechnik Huber & Söhne in Straubing.", "LOCATION_ORGANIZATION:Landtechnik Huber & Söhne"},
		{"VEB", "Er war bis 1990 beim VEB Textima tätig.", "LOCATION_ORGANIZATION:VEB Textima"},
		{"Fa. with legal form", "Schlosser bei der Fa. Elektro Schubert GmbH & Co. KG, jetzt Rentner.", "LOCATION_ORGANIZATION:Elektro Schubert GmbH & Co. KG"},
		{"retail chain", "Sie ist Kassiererin bei Lidl in Wolgast.", "LOCATION_ORGANIZATION:Lidl"},
		{"declined employer", "Beschäftigt bei der Deutschen Bahn seit 2001.", "LOCATION_ORGANIZATION:Deutschen Bahn"},
		{"clinic compound region", "Portanlage im Erzgebirgsklinikum.", "LOCATION_HOSPITAL:Erzgebirgsklinikum"},
		{"clinic compound saint", "Später im Elisabethkrankenhaus.", "LOCATION_HOSPITAL:Elisabethkrankenhaus"},
		{"hospital head", "Verlegung ins Marienhospital Stuttgart.", "LOCATION_HOSPITAL:Marienhospital Stuttgart"},
		{"foundation", "Wohngruppe der Stiftung Liebenau geplant.", "LOCATION_ORGANIZATION:Stiftung Liebenau"},
	}
	wantFound(t, det, cases)
	for _, text := range []string{
		"Im Kreiskrankenhaus. Die Kinderklinik. Das Herzklinikum. Die Universitätsklinik. Die Belegklinik.",
		"Die Fachklinik. Die Rehaklinik. Die Tagesklinik. Die Poliklinik. Die Frauenklinik. Die Schmerzklinik.",
		"Die Firma hat gekündigt. Er trinkt Netto 2 Liter. Die Post kam.",
	} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestTownAfterName: townafter.go reads the town after a person's name
// and a comma, not an organisation's unit or a function.
func TestTownAfterName(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Hausarzt: Dr. Farhad Rahimi, Otterberg.", "LOCATION_CITY:Otterberg"},
		{"Tochter Kerstin Lehmann, Wörlitz, Tel. 0162 8 8", "LOCATION_CITY:Wörlitz"},
		{"Hans-Dieter Britz, Hausarzt, Wallerfangen", "LOCATION_CITY:Wallerfangen"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Frau Schulze, Sekretariat", "Dr. Müller, Kardiologie.", "Dr. med. Ina Vogt, Oberärztin",
		"Frau Dr. Kern, Tumordokumentation"} {
		for _, g := range find(t, det, text, nil) {
			if len(g) > 9 && g[:9] == "LOCATION_" {
				t.Errorf("%q: unexpected %q", text, g)
			}
		}
	}
}

// TestFacilityCompounds: facilities2.go reads compounds with a name after
// them and names in quotes; the facility rule's "für" part stops at a
// person's name.
func TestFacilityCompounds(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"z. B. im Familienzentrum am Schöntal", "LOCATION_HOSPITAL:Familienzentrum am Schöntal"},
		{"Platz zugesagt im Seniorenzentrum „Am Tollensesee“ ab Juni", "LOCATION_HOSPITAL:Seniorenzentrum „Am Tollensesee“"},
		{"Mitglied im Kleingartenverein „Elbaue“ e. V.; die Tochter", "LOCATION_ORGANIZATION:Kleingartenverein „Elbaue“ e. V."},
		{"Haustechniker im Kurhotel Bergkurpark in Bad Pyrmont", "LOCATION_OTHER:Kurhotel Bergkurpark"},
		{"Praxis für Psychotherapie Katrin Weyand\nDipl.-Psych. Katrin Weyand", "LOCATION_HOSPITAL:Praxis für Psychotherapie Katrin Weyand"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Entbindung im Perinatalzentrum Level 1 empfohlen.", "Klinik für Geriatrie", "Wohnung im Stadtzentrum am Markt"} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestMoreOrgs: orgs2.go and the register's "BG …" variants.
func TestMoreOrgs(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Kopie des Berichts geht an die BG Holz und Metall.", "LOCATION_ORGANIZATION:BG Holz und Metall"},
		{"Er wechselt an die Jugendgruppe des TV Villingen 1848 (Badminton).", "LOCATION_ORGANIZATION:TV Villingen 1848"},
		{"Die Meldung an das Landeskrebsregister NRW erfolgte.", "LOCATION_ORGANIZATION:Landeskrebsregister NRW"},
		{"Beihilfe über das Landesamt für Besoldung und Versorgung.", "LOCATION_ORGANIZATION:Landesamt für Besoldung und Versorgung"},
		{"Beihilfe über das NLBV (Pers.-Nr. 07).", "LOCATION_ORGANIZATION:NLBV"},
		{"Er war Bergmann auf der Grube Ensdorf.", "LOCATION_ORGANIZATION:Grube Ensdorf"},
		{"Tätig bei der LPG Tierproduktion Cammin.", "LOCATION_ORGANIZATION:LPG Tierproduktion Cammin"},
		{"Endmontage der Ford-Werke in Saarlouis.", "LOCATION_ORGANIZATION:Ford-Werke"},
		{"Er ist Mitglied der Kassenärztlichen Vereinigung Bayerns.", "LOCATION_ORGANIZATION:Kassenärztlichen Vereinigung Bayerns"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Die SV Leistungen. Der TV lief. Das SG Urteil. Im Werk arbeiten. Das Klärwerk."} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestMoreOrgs2: junctions, insurer products, an organisation's town,
// district authorities and welfare organisations in the plural.
func TestMoreOrgs2(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Kollision an der Einmündung Sandkamp/Dieselstraße mit einem Lkw.", "LOCATION_STREET:Sandkamp"},
		{"Die Reiserücktrittsversicherung (ERGO Reiseversicherung) liegt bei.", "LOCATION_ORGANIZATION:ERGO Reiseversicherung"},
		{"Arbeitgeber: Lüders GmbH & Co. KG, Garbsen\nKrankenkasse: AOK", "LOCATION_CITY:Garbsen"},
		{"An das\nJugendamt des Erzgebirgskreises\nAllgemeiner Sozialer Dienst", "LOCATION_ORGANIZATION:Jugendamt des Erzgebirgskreises"},
		{"Kurzzeitpflege bei den Johannitern. Eine Anfrage läuft.", "LOCATION_ORGANIZATION:Johannitern"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Die Reiserücktrittsversicherung zahlt.", "Die Ecke ist gefährlich. Höhe 3/4."} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestMoreShapes: two-word streets without a number, "Dr.in", names in
// ASCII quotes after a facility head.
func TestMoreShapes(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Universitätsklinikum des Saarlandes, Kirrberger Straße, Gebäude 40, 66421 Homburg", "LOCATION_STREET:Kirrberger Straße"},
		{"Dr.in med. Sabine Huber", "NAME_TITLE:Dr.in med."},
		{`Sie lebt im Pflegeheim "Haus Abendsonne" in Bad Doberan.`, `LOCATION_HOSPITAL:Pflegeheim "Haus Abendsonne"`},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Der Weg ist lang, Ihre Straße, die Lange Reihe von Befunden."} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestForeignZips: foreignzip.go reads prefixed and foreign postcodes,
// the city after them and the street before them, and leaves measured
// values alone.
func TestForeignZips(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Heimatadresse: Keizersgracht 212, 1016 DW Amsterdam, Niederlande", "LOCATION_ZIP:1016 DW"},
		{"Heimatadresse: Keizersgracht 212, 1016 DW Amsterdam, Niederlande", "LOCATION_STREET:Keizersgracht 212"},
		{"Adresse: Slovanská 44, 326 00 Plzeň, Tschechische Republik", "LOCATION_ZIP:326 00"},
		{"Wohnhaft: Mariahilfer Straße 12, A-1060 Wien", "LOCATION_ZIP:A-1060"},
		{"ul. Długa 5, 80-831 Gdańsk, Polen", "LOCATION_ZIP:80-831"},
		{"D-04103 Leipzig", "LOCATION_ZIP:D-04103"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"RR 140 90 Puls 80", "Dosis 2x 326 00 Uhr"} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}
