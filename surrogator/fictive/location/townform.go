package location

import "strings"

// facilityTown returns a municipality's name as a facility name writes it
// (the blind reading's tell: "Klinikum Lindau (Bodensee)", "Kreisklinik
// Neustadt (Aisch)"). An official name with a parenthesised qualifier
// loses it when the short name is the most populous place of that name
// ("Lindau (Bodensee)" → "Lindau", "Halle (Saale)" → "Halle"), else the
// qualifier follows a slash, as German names write it ("Neustadt
// (Hessen)" → "Neustadt/Hessen", "Frankfurt (Oder)" → "Frankfurt/Oder").
// ok reports a spelling that may be used (not an original of the project);
// when the short form may not, the official name stays. Other names are
// returned unchanged ("Neustadt an der Aisch", "Freiburg im Breisgau").
func facilityTown(g Gazetteer, name string, ok func(string) bool) string {
	i := strings.Index(name, " (")
	if i <= 0 || !strings.HasSuffix(name, ")") {
		return name
	}
	short, qual := name[:i], name[i+2:len(name)-1]
	if qual == "" || strings.ContainsAny(qual, "()") {
		return name
	}
	v := short + "/" + qual
	if shortFinds(g, name, short) {
		v = short
	}
	if ok != nil && !ok(v) {
		return name
	}
	return v
}

// shortFinds reports whether short names the municipality name (its most
// populous namesake among the places called short or abbreviated so).
func shortFinds(g Gazetteer, name, short string) bool {
	if g == nil {
		return false
	}
	id, found := g.Lookup(name)
	if !found {
		return false
	}
	pop := g.Place(id).Population
	ids := g.Resolve(short)
	if l, ok := g.Lookup(short); ok {
		ids = append(ids, l)
	}
	for _, o := range ids {
		if o != id && g.Place(o).Population >= pop {
			return false
		}
	}
	return true
}

// bigCity is the population from which a town is a city whose hospitals a
// reader knows: a generic name after it ("Klinikum Regensburg",
// "Städtisches Klinikum Freiburg im Breisgau") reads invented.
const bigCity = 100000

// smallHospitalTown is the population below which a town has no hospital
// named after it, klinikumTown the one from which a generic "Klinikum
// <town>" reads real (a Kreisklinik, a Krankenhaus of a small town).
const (
	smallHospitalTown = 5000
	klinikumTown      = 15000
)

// hospitalInTown reports whether a template names a hospital after its
// town ("Krankenhaus {city}", "St.-Marien-Hospital {city}", "Kinderklinik
// {city}"), not after a street or a person, nor a rehab or spa clinic
// (which small spa towns have).
func hospitalInTown(t string) bool {
	if !strings.Contains(t, "{city}") || strings.Contains(t, "Reha") || strings.Contains(t, "Kur") {
		return false
	}
	for _, h := range []string{"krankenhaus {city}", "hospital {city}", "klinikum {city}", "kliniken {city}", "kinderklinik {city}", "frauenklinik {city}", "kreisklinik {city}"} {
		if strings.Contains(strings.ToLower(t), h) {
			return true
		}
	}
	return false
}

// districtHospitalCity is the population from which a city has hospitals
// named after its districts (Nürnberg, Bremen, Dortmund, Bielefeld).
const districtHospitalCity = 300000

// townFits reports whether template tpl names a facility the municipality
// id can have (the blind reading's tell: "Kreisklinik Regensburg", a
// kreisfreie Stadt has no Kreisklinik): a Kreisklinik or Kreiskrankenhaus
// only in a town of a Landkreis below city size; a Städtisches Klinikum,
// Stadtkrankenhaus or a plain "Klinikum <town>" only below city size (and
// a Stadtkrankenhaus not in a village); a district's hospital ("Klinikum
// <town>-Nord") only in a city of districtHospitalCity; a role template
// of roles.tsv where its row allows. Other templates (a saint's, a church's,
// a street's, a speciality's) fit any town; so does a template without
// the town.
func townFits(g Gazetteer, tpl string, id int) bool { return townFitsFor(g, tpl, id, false) }

// townFitsFor is townFits for the document's own town of the facility
// (named: the surrogate of the place the original is at):
// its hospital may be named after it whatever its size ("Klinikum
// <village>" for an original hospital of a village of that size class:
// the places inside a facility name follow their own place), only the
// other rules apply.
func townFitsFor(g Gazetteer, tpl string, id int, named bool) bool {
	if rc, ok := roleConstraint(tpl); ok && id >= 0 {
		return roleFits(g, rc, id)
	}
	if id < 0 || !strings.Contains(tpl, "{city}") {
		return true
	}
	pl := g.Place(id)
	pop := pl.Population
	_, kreisfrei := districtName(g, id)
	big := pop >= bigCity
	t := strings.TrimSpace(tpl)
	if !named && pop < smallHospitalTown && hospitalInTown(t) {
		return false // a village has no hospital named after it ("Klinikum Medlingen")
	}
	switch {
	case strings.HasPrefix(t, "Kreis") || strings.Contains(t, "{city}-Land"):
		return !kreisfrei && !big
	case strings.HasPrefix(t, "Städtisches ") || strings.HasPrefix(t, "Stadtkrankenhaus"):
		return !big && pop >= 10000
	case (strings.HasPrefix(t, "Klinikum ") || strings.HasPrefix(t, "Krankenhaus ")) && (strings.Contains(t, "{city}-") || strings.HasSuffix(t, "{city} Mitte")):
		// a hospital named after a district of its city ("Klinikum
		// Nürnberg Nord", "Klinikum Bremen-Mitte"): only a city large
		// enough to have several municipal hospitals
		return pop >= districtHospitalCity
	case strings.Contains(t, "{city}-") || strings.HasSuffix(t, "{city} Mitte"):
		return big // "MVZ {city}-Nord": a district of a city
	case t == "Klinikum {city}" || t == "Kliniken {city}":
		return !big && (named || pop >= klinikumTown)
	case t == "Krankenhaus {city}" || t == "Kreisklinikum {city}":
		return !big
	}
	return true
}
