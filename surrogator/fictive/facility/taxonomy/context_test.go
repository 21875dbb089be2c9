package taxonomy

import "testing"

func TestRefineByContext(t *testing.T) {
	for _, c := range []struct {
		name, before, after string
		def, want           Class
	}{
		// the sentence shows the type of a clinic whose name does not
		{"Klinik Höhenried", "Ein Reha-Antrag ist gestellt, Reha-Klinik der Wahl ist die ", ".", Hospital, Rehab},
		{"Klinikums Schloß Winnenden", "nach einer Vorstellung in der Psychiatrischen Institutsambulanz des ", " und einem kurzen Aufenthalt", Hospital, Psychiatry},
		{"Park-Krankenhaus Leipzig", "", "\nKlinik für Psychiatrie, Psychosomatik und Psychotherapie\nStraße 1", Hospital, Psychiatry},
		{"Elisabethhalle", "bis dahin kein Schwimmen in der ", " und kein Joggen", Park, Bath},
		// "kurzen" is no "Kur"; a sentence without a cue changes nothing
		{"Klinik am See", "nach einem kurzen Aufenthalt in der ", ".", Hospital, Hospital},
		// general hospitals and acute heads keep their type
		{"Städtisches Klinikum Dresden", "qualifizierter Entzug im ", ".", Hospital, Hospital},
		{"Knappschaftskrankenhaus Dortmund", "2020 im ", "; eine Rehabilitation 2021", Hospital, Hospital},
		// a cue in another sentence does not count
		{"Klinik Königsfeld", "Die Rehabilitation war erfolgreich. Später Behandlung in der ", ".", Hospital, Hospital},
		// a name that shows its type keeps it
		{"Rosen-Apotheke", "nach der Entgiftung über die ", ".", Company, Pharmacy},
		{"Stadtpark", "Schwimmen im ", ".", Park, Park},
	} {
		if got := RefineByContext(c.name, c.def, c.before, c.after); got != c.want {
			t.Errorf("RefineByContext(%q) = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestPsychiatricCarriers(t *testing.T) {
	for name, want := range map[string]Class{
		"LVR-Klinikum Essen": Psychiatry, "LWL-Klinik Dortmund": Psychiatry, "Vitos Klinikum Gießen-Marburg": Psychiatry,
		"Isar-Amper-Klinikum München-Ost": Psychiatry, "Asklepios Fachklinikum Göttingen": Psychiatry,
		"LVR-Klinikum Lauf an der Pegnitz": Psychiatry, "Klinikum Dortmund": Hospital, "BG Klinikum Hamburg": Hospital,
	} {
		if got := Classify(name); got != want {
			t.Errorf("Classify(%q) = %s, want %s", name, got, want)
		}
	}
}

func TestAcronymHeads(t *testing.T) {
	for name, want := range map[string]Gender{
		"UKE": Neuter, "UKA": Feminine, "MHH": Feminine, "UME": Feminine, "UMMD": Feminine, "KUM": Neuter,
		"MRI": Neuter, "TK": Feminine, "BEK": Feminine, "DRV Bund": Feminine, "BG BAU": Feminine, "BGW": Feminine,
		"MDK": Masculine, "MD Sachsen": Masculine, "AG Leipzig": Neuter, "LSG Sachsen": Neuter, "ArbG Dresden": Neuter,
		// an abbreviation before a noun of its own modifies it
		"LMU Klinikum": Neuter, "BG Klinikum Hamburg": Neuter, "AWO Seniorenzentrum": Neuter, "DRK Kreisverband": Masculine, "JVA Hildesheim": Feminine, "AWO Bad Segeberg": Feminine, "AWO Bad Schwartau": Feminine, "DRK Bad Kreuznach": Neuter, "JVA Oldenburg": Feminine, "AOK Rosenheim": Feminine,
		"UKSH Campus Kiel": Neuter, "MVZ Emden, Klinik für Kinder- und Jugendmedizin": Neuter,
		// a company's AG comes last
		"Lausitzer Braunkohle AG": Feminine,
		// a spa town before the head is no bath
		"Bad Windsheim Fachklinik für Chirurgie": Feminine, "Kurpark-Klinik Bad Nauheim": Feminine, "Albert-Bad": Neuter,
	} {
		if got := HeadGender(name); got != want {
			t.Errorf("HeadGender(%q) = %v, want %v", name, got, want)
		}
	}
	for _, c := range []struct{ name, article, want string }{
		{"UKE", "des", "UKE"}, {"LMU Klinikum", "des", "LMU Klinikums"}, {"BG Klinikum Hamburg", "im", "BG Klinikum Hamburg"},
	} {
		if got := Decline(c.name, c.article); got != c.want {
			t.Errorf("Decline(%q, %q) = %q, want %q", c.name, c.article, got, c.want)
		}
	}
}

// TestHeadBefore: a bare name takes the class of the type noun before it.
func TestHeadBefore(t *testing.T) {
	for _, c := range []struct {
		name, before string
		want         Class
	}{
		{"Haus Abendsonne", "in das Pflegeheim ", CareHome},
		{"Oberlausitz", "mit dem SAPV-Team ", CareService},
		{"St. Jakobus", "der Gemeinde ", Church},
		{"Leipzig", "am Amtsgericht ", Unknown},
		{"Haus Abendsonne", "Pflegeheim:\n", Unknown},
		{"Haus Abendsonne", "in das ", Unknown},
	} {
		if got := HeadBefore(c.before); got != c.want {
			t.Errorf("HeadBefore(%q) = %s, want %s", c.before, got, c.want)
		}
	}
	for _, c := range []struct {
		sur  string
		cls  Class
		want string
	}{
		{"Pflegeheim Haus Linde", CareHome, "Haus Linde"},
		{"Seniorenzentrum am Lindenweg", CareHome, "Seniorenzentrum am Lindenweg"},
		{"Kirchgemeinde St. Marien", Church, "St. Marien"},
		{"Pflegedienst Sonnenschein", CareService, "Pflegedienst Sonnenschein"},
		{"Kirchgemeinde Görlitz", Church, "Kirchgemeinde Görlitz"},
	} {
		if got := BareName(c.sur, c.cls); got != c.want {
			t.Errorf("BareName(%q) = %q, want %q", c.sur, got, c.want)
		}
	}
}

// TestRefineByContextClauses: an abbreviation's period ("z. B.") ends no
// clause, so the cue before it still counts; a welfare carrier's name
// called a care service next to it is that care service (sentences
// written for this test).
func TestRefineByContextClauses(t *testing.T) {
	for _, tt := range []struct {
		name, before, after string
		def, want           Class
	}{
		{"Klinik am Waldsee", "Wir empfehlen eine stationäre Rehabilitation, z. B. in der ", " in Norden.", Hospital, Rehab},
		{"Klinik am Waldsee", "Wir empfehlen eine stationäre Rehabilitation. Vorbefunde aus der ", ".", Hospital, Hospital},
		{"Diakonie Stiftung Nord", "Arbeitgeber: ", ", ambulanter Pflegedienst, Minden", Hospital, CareService},
		{"Caritas Minden", "Die Grundpflege übernimmt die ", ", Sozialstation Nord.", Unknown, CareService},
		{"Klinik Bavaria Kreischa", "sowie der Reha-Entlassungsbericht der ", " vom 28.08.2023.", Hospital, Rehab},
		{"Kreisklinik Nord", "sowie der Reha-Entlassungsbericht der ", " vom 28.08.2023.", Hospital, Hospital},
		{"Caritas Minden", "Bisher kam der Pflegedienst der ", ", das Essen lieferte …", Unknown, Association},
		{"Caritas Minden", "Beratung durch die ", ".", Unknown, Association},
		{"Caritas-Suchtberatung Minden", "Die Grundpflege übernimmt die ", ", Sozialstation Nord.", Unknown, Association},
	} {
		if got := RefineByContext(tt.name, tt.def, tt.before, tt.after); got != tt.want {
			t.Errorf("RefineByContext(%q, %q … %q) = %s, want %s", tt.name, tt.before, tt.after, got, tt.want)
		}
	}
	for typ, names := range map[string][]string{
		"association": {"Arbeitskreis Asyl Nord"},
		"company":     {"PVS Nord", "Privatärztliche Verrechnungsstelle Süd"},
		"shop":        {"Elbecenter Nord", "Allee-Center"},
	} {
		for _, n := range names {
			if got := Classify(n).Type(); got != typ {
				t.Errorf("%s: %q → %s", typ, n, got)
			}
		}
	}
}
