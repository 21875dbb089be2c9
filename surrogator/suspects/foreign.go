package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- more foreign places for recognition ----
//
// data.ForeignCities holds the cities surrogates are drawn from (a dozen
// per country). Letters name more: capitals and large cities of other
// countries, the endonyms of cities in Germany's neighbours ("Szczecin",
// "Plzeň", "Cheb"), border towns and historical German names of places
// in today's Poland, Russia and Lithuania ("Tilsit", "Königsberg"). They
// are recognised like the foreign cities of the resources (regionIndex:
// a place context, or a word that is neither a name nor a common word).
// Written for this project.
const moreForeignCities = `
Szczecin Gdańsk Gdansk Wrocław Wroclaw Poznań Poznan Kraków Krakow Łódź Warszawa Katowice Gliwice Opole Zielona Góra
Gorzów Słubice Zgorzelec Kostrzyn Świnoujście Swinemünde Legnica Liegnitz Jelenia Góra Hirschberg Wałbrzych
Waldenburg Olsztyn Allenstein Elbląg Elbing Toruń Bydgoszcz Białystok Lublin Rzeszów Praha Plzeň Plzen Brno Ostrava
Liberec Ústí Cheb Karlovy Vary Mariánské Lázně Marienbad Franzensbad Děčín Tetschen Teplice Teplitz Chomutov
Komotau Olomouc Hradec Králové České Budějovice Jihlava Znojmo Znaim Bratislava Košice Tilsit Sowetsk
Königsberg Memel Klaipėda Kaunas Vilnius Wilna Riga Tallinn Reval Dorpat Tartu Minsk Brest Grodno Helsinki Stockholm
Göteborg Malmö Oslo Bergen Reykjavík Dublin Cork Edinburgh Lissabon Madrid Andorra Monaco Valletta Nikosia Ljubljana
Podgorica Chisinau Kischinau Tiflis Tbilisi Jerewan Eriwan Baku Taschkent Bischkek Duschanbe Aschgabat Beirut Amman
Damaskus Bagdad Kairo Alexandria Tripolis Algier Oran Khartum Addis Abeba Nairobi Kampala Kigali Dakar Accra Lomé
Conakry Freetown Monrovia Abidjan Jaunde Douala Kinshasa Luanda Maputo Harare Lusaka Johannesburg Kapstadt Pretoria
Durban Windhoek Jerusalem Tel Aviv Haifa Riad Dschidda Mekka Doha Dubai Abu Dhabi Maskat Sanaa Kuwait Manama
Islamabad Kathmandu Dhaka Colombo Bangkok Phnom Penh Vientiane Rangun Kuala Lumpur Singapur Jakarta Manila Seoul
Pjöngjang Tokio Osaka Kyoto Taipeh Hongkong Ulan Bator Almaty Sydney Melbourne Auckland Toronto Montreal Vancouver
Ottawa Mexiko-Stadt Havanna Bogotá Caracas Lima Quito Santiago La Paz Buenos Aires Montevideo Asunción São Paulo
Rio de Janeiro Brasília Miami Atlanta Washington San Francisco Las Vegas Orlando Antalya Alanya Bodrum Marmaris
Izmir Hurghada Scharm el-Scheich Djerba Palma Ibiza Teneriffa Gran Canaria Lanzarote Fuerteventura Rimini Gardasee
Bozen Meran Innsbruck Kitzbühel Ischgl Sölden Davos Sankt Moritz Zermatt Locarno Ascona`

// moreForeignCityEntries returns the cities above as region entries (one
// or more folded words; "Zielona Góra" is one entry).
func moreForeignCityEntries() []regionEntry {
	var out []regionEntry
	two := fieldSet(`Zielona Jelenia Karlovy Mariánské Hradec České Addis Tel Abu Phnom Kuala Ulan Buenos São Rio La San Las Gran Sankt Scharm`)
	ws := strings.Fields(moreForeignCities)
	for i := 0; i < len(ws); i++ {
		name := []string{ws[i]}
		if two[ws[i]] && i+1 < len(ws) {
			name = append(name, ws[i+1])
			i++
			if name[1] == "de" && i+1 < len(ws) {
				name = append(name, ws[i+1])
				i++
			}
		}
		var f []string
		for _, w := range name {
			f = append(f, data.Fold(w))
		}
		out = append(out, regionEntry{words: f, kind: kinds.LocationCity, city: true})
	}
	return out
}

// addMoreRegions adds the cities above and the inflected forms of the
// resources' countries to the region index.
func addMoreRegions(idx map[string][]regionEntry, res *data.Resources) {
	for _, e := range moreForeignCityEntries() {
		idx[e.words[0]] = append(idx[e.words[0]], e)
	}
	for _, c := range res.Countries {
		for _, f := range countryForms(c) {
			var ws []string
			for _, w := range strings.Fields(f) {
				ws = append(ws, data.Fold(w))
			}
			idx[ws[0]] = append(idx[ws[0]], regionEntry{words: ws, kind: kinds.LocationCountry})
		}
	}
}

// countryForms returns inflected forms of a country name that letters use
// ("in den Niederlanden", "in den Vereinigten Staaten", "Polens").
func countryForms(name string) []string {
	var out []string
	switch {
	case strings.HasSuffix(name, "lande"):
		out = append(out, name+"n")
	case strings.HasPrefix(name, "Vereinigte "):
		w := strings.Fields(name)
		for i := range w {
			w[i] += "n"
		}
		out = append(out, strings.Join(w, " "))
	case strings.HasSuffix(name, "ei") || strings.HasSuffix(name, "ine"):
		// "der Türkei", "der Ukraine": no other form
	case !strings.ContainsAny(name, " -") && !strings.HasSuffix(name, "s") && !strings.HasSuffix(name, "z") && !strings.HasSuffix(name, "x"):
		out = append(out, name+"s")
	}
	return out
}
