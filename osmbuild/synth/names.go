package synth

import (
	"strconv"
	"strings"
)

// Word lists for German-looking generated names. None of the generated
// names is meant to denote a real place or person.
var (
	stateNames = [16]string{
		"Schleswig-Holstein", "Hamburg", "Niedersachsen", "Bremen", "Nordrhein-Westfalen", "Hessen",
		"Rheinland-Pfalz", "Baden-Württemberg", "Bayern", "Saarland", "Berlin", "Brandenburg",
		"Mecklenburg-Vorpommern", "Sachsen", "Sachsen-Anhalt", "Thüringen",
	}
	stateISO = [16]string{"SH", "HH", "NI", "HB", "NW", "HE", "RP", "BW", "BY", "SL", "BE", "BB", "MV", "SN", "ST", "TH"}
	// first postcode of each state's range (by AGS order)
	statePostcodeStart = [16]int{23000, 20000, 26000, 28000, 40000, 34000, 54000, 70000, 80000, 66000, 10000, 14000, 17000, 1000, 6000, 98000}
	// states with Regierungsbezirke (admin_level 5) and with
	// Verwaltungsgemeinschaften/Ämter (admin_level 7), by AGS.
	statesWithRB = map[int]bool{5: true, 6: true, 8: true, 9: true}
	statesWithVG = map[int]bool{1: true, 3: true, 7: true, 9: true, 12: true, 15: true}

	namePrefixes = []string{"Bad ", "Neu", "Alt", "Ober", "Nieder", "Groß ", "Klein ", "Hohen", "Sankt ", "Markt ", "Unter", "Hinter"}
	nameRoots    = []string{
		"Linden", "Eichen", "Buchen", "Birken", "Tannen", "Erlen", "Weiden", "Rosen", "Wald", "Berg", "Tal", "Stein",
		"Mühl", "Brunn", "Kirch", "Holz", "Hasel", "Wolfs", "Fuchs", "Hirsch", "Adler", "Falken", "Sonnen", "Mönch",
		"Kloster", "Burg", "Bruch", "Fels", "Wies", "Heide", "Moos", "Ried", "Lauter", "Schön", "Friedrichs",
		"Ludwigs", "Wilhelms", "Karls", "Georgs", "Hermanns", "Otten", "Ebers", "Gunders", "Reichen", "Frauen",
		"Marien", "Hoh", "Lich", "Rot", "Weiß", "Schwarz", "Grün", "Blumen", "Espen", "Ulmen", "Kalk", "Sand",
		"Salz", "Quell", "Bach", "Kessel", "Ahorn", "Eschen", "Kranich", "Storch", "Lerchen", "Finken", "Raben",
		"Dachs", "Biber", "Hagen", "Mark", "Wester", "Oster", "Norder", "Süder", "Elster", "Lohr", "Horn", "Hammer",
	}
	nameSuffixes = []string{
		"heim", "hausen", "dorf", "bach", "berg", "burg", "feld", "stadt", "ingen", "au", "rode", "hagen", "born",
		"stedt", "weiler", "hofen", "kirchen", "brück", "furt", "wald", "thal", "beck", "büttel", "leben", "witz",
		"ow", "itz", "see", "mark", "ach",
	}
	nameAddenda = []string{" am Main", " an der Lauter", " im Wald", " (Westf.)", " ob der Tauber", " am See", " in der Heide", " bei Lindenau"}

	streetSuffixes = []string{"straße", "weg", "gasse", "allee", "ring", "platz", "steig", "pfad", "damm", "ufer", "hang", "grund"}
	streetWords    = []string{
		"Goethe", "Schiller", "Bismarck", "Beethoven", "Mozart", "Lessing", "Kant", "Luther", "Bahnhof", "Kirch",
		"Schul", "Haupt", "Garten", "Wiesen", "Feld", "Berg", "Markt", "Mühlen", "Linden", "Eichen", "Buchen",
		"Birken", "Rosen", "Tulpen", "Nelken", "Veilchen", "Sonnen", "Mond", "Stern", "Rathaus", "Post", "Brunnen",
		"Tal", "Wald", "Heide", "Forst", "Acker", "Dorf", "Burg", "Schloss", "Kloster", "Hafen", "Fluss", "Bach",
		"Teich", "Weiher", "Hirten", "Jäger", "Fischer", "Müller", "Schmiede", "Ziegel", "Kalk", "Sand", "Stein",
		"Industrie", "Gewerbe", "Friedhof", "Kapellen", "Turm",
	}
	personSuffixes = []string{"-Straße", "-Weg", "-Platz", "-Allee", "-Ring"}
	firstNames     = []string{
		"Hans", "Peter", "Klaus", "Wolfgang", "Jürgen", "Dieter", "Michael", "Thomas", "Andreas", "Stefan",
		"Frank", "Uwe", "Maria", "Anna", "Ursula", "Monika", "Petra", "Sabine", "Gabriele", "Renate", "Karin",
		"Helga", "Brigitte", "Ingrid", "Elisabeth", "Erika", "Christa", "Heinrich", "Friedrich", "Karl", "Wilhelm",
		"Otto", "Ernst", "Walter", "Gustav", "Hermann", "Paul", "Sophie", "Clara", "Käthe",
	}
	surnames = []string{
		"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
		"Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann",
		"Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Schmitz", "Krause", "Meier",
		"Lehmann", "Schmid", "Schulze", "Maier", "Köhler", "Herrmann", "König", "Walter", "Mayer", "Huber",
		"Kaiser", "Fuchs", "Peters", "Lang", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Schubert", "Vogel",
		"Friedrich", "Keller", "Günther", "Frank", "Berger", "Winkler", "Roth", "Beck", "Lorenz",
	}
	saints      = []string{"Marien", "Josef", "Elisabeth", "Johannes", "Vinzenz", "Franziskus", "Barbara", "Martin", "Antonius", "Georg"}
	animals     = []string{"Löwen", "Hirschen", "Adler", "Bären", "Ochsen", "Schwanen", "Rössle", "Lamm", "Stern", "Krone"}
	quarterOf   = []string{"Altstadt", "Neustadt", "Südstadt", "Nordstadt", "Weststadt", "Oststadt", "Innenstadt", "Gartenstadt"}
	specialties = []string{"general", "internal", "cardiology", "orthopaedics", "paediatrics", "gynaecology", "dermatology", "ophthalmology", "psychiatry", "neurology", "urology", "otolaryngology"}
	// practiceNames[i] names a practice of specialties[i].
	practiceNames = []string{"Hausarztpraxis", "Internistische Praxis", "Kardiologische Praxis", "Orthopädische Praxis",
		"Kinderarztpraxis", "Frauenarztpraxis", "Hautarztpraxis", "Augenarztpraxis", "Praxis für Psychiatrie",
		"Neurologische Praxis", "Urologische Praxis", "HNO-Praxis"}
)

func pick(r *rng, list []string) string { return list[r.intn(len(list))] }

// placeName returns a German-looking place name.
func placeName(r *rng) string {
	var b strings.Builder
	root := pick(r, nameRoots)
	if r.chance(0.22) {
		p := pick(r, namePrefixes)
		b.WriteString(p)
		if !strings.HasSuffix(p, " ") {
			root = strings.ToLower(root[:1]) + root[1:]
		}
	}
	b.WriteString(root)
	b.WriteString(pick(r, nameSuffixes))
	if r.chance(0.05) {
		b.WriteString(pick(r, nameAddenda))
	}
	return b.String()
}

// streetCapacity is the number of distinct street names per municipality.
var streetCapacity = len(streetWords)*len(streetSuffixes) + len(firstNames)*len(surnames)*len(personSuffixes)

// streetName returns the j-th street name of a municipality; names are
// distinct for j < streetCapacity. off is a per-municipality offset.
func streetName(j int, off uint64) string {
	k := int((uint64(j) + off) % uint64(streetCapacity))
	n1 := len(streetWords) * len(streetSuffixes)
	if k < n1 {
		return streetWords[k%len(streetWords)] + streetSuffixes[k/len(streetWords)]
	}
	k -= n1
	f := k % len(firstNames)
	k /= len(firstNames)
	s := k % len(surnames)
	k /= len(surnames)
	return firstNames[f] + "-" + surnames[s] + personSuffixes[k%len(personSuffixes)]
}

func personName(r *rng) string { return pick(r, firstNames) + " " + pick(r, surnames) }

func itoa(n int) string { return strconv.Itoa(n) }
