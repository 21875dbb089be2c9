package location

import (
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
)

// foreignIndex maps folded foreign city names to their country and lists
// the cities of every country (data.ForeignCities).
type foreignIndex struct {
	city    map[string]string   // fold(city) → country
	country map[string]string   // fold(country) → canonical country
	cities  map[string][]string // country → cities
}

var (
	foreignOnce sync.Once
	foreignIx   *foreignIndex
)

func foreignTable() *foreignIndex {
	foreignOnce.Do(func() {
		ix := &foreignIndex{city: map[string]string{}, country: map[string]string{}, cities: map[string][]string{}}
		for _, fc := range data.ForeignCities() {
			ix.country[data.Fold(fc.Country)] = fc.Country
			ix.cities[fc.Country] = fc.Cities
			for _, c := range fc.Cities {
				if _, dup := ix.city[data.Fold(c)]; !dup {
					ix.city[data.Fold(c)] = fc.Country
				}
			}
		}
		foreignIx = ix
	})
	return foreignIx
}

// foreignCity returns the country of a listed foreign city ("" when the
// name is not one).
func foreignCity(_ *data.Resources, name string) string {
	return foreignTable().city[data.Fold(strings.TrimSpace(name))]
}

// foreignCountry returns the canonical name of a country span other than
// Germany that has a city list ("" otherwise), also in genitive.
func foreignCountry(_ *data.Resources, text string) string {
	k := data.Fold(strings.TrimSpace(text))
	ix := foreignTable()
	if c, ok := ix.country[k]; ok {
		return c
	}
	if c, ok := ix.country[strings.TrimSuffix(k, "s")]; ok {
		return c
	}
	return ""
}

// foreignCities lists the cities of a country (nil when unlisted).
func foreignCities(country string) []string { return foreignTable().cities[country] }
