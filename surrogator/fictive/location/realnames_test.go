package location

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Real German facility names as labelled data (issue 24: types kept on
// text the classifier was not tuned on). The shared OSM extracts and the
// shared pools hold real names with the tags that say what they are
// (amenity=pharmacy, healthcare=physiotherapist, healthcare:speciality,
// office=insurance, amenity=courthouse …). Each name is read by the
// function the facility generator reads an original with (originalType:
// the register institution it names, else the taxonomy's class) and
// compared with the types its tags allow. The tests print the confusion
// (label → type counts) and, with -v, a sample of the names read wrongly,
// and hold the agreement at the level reached (realNamesFloor), so that a
// rule tuned to one letter that breaks real names fails.

// realName is a labelled real name: label names the tag (the confusion's
// row), accept the fine types (facility.Class.Type) a reader may see.
type realName struct {
	name, label string
	accept      []string
}

// hospitalFamily are the types a name tagged as a hospital may show.
var hospitalFamily = []string{"hospital", "university-hospital", "psychiatry", "rehab", "heart-centre", "tumour-centre"}

// tagAccept returns the label and accepted types of an OSM object's tags
// (ok false: no facility tag this test judges, or a tag whose names say
// nothing of one type).
func tagAccept(tags map[string]string) (label string, accept []string, ok bool) {
	spec := tags["healthcare:speciality"]
	switch {
	case tags["amenity"] == "pharmacy" || tags["healthcare"] == "pharmacy":
		return "pharmacy", []string{"pharmacy"}, true
	case tags["amenity"] == "hospital" || tags["healthcare"] == "hospital":
		return "hospital", hospitalFamily, true
	case tags["amenity"] == "dentist" || tags["healthcare"] == "dentist":
		return "dentist", []string{"dental"}, true
	case tags["amenity"] == "doctors" || tags["healthcare"] == "doctor":
		if spec != "" {
			l, a := specialityAccept(spec)
			return "doctors/" + l, a, a != nil
		}
		return "doctors", []string{"practice-gp", "practice-specialist"}, true
	case tags["healthcare"] == "physiotherapist" || tags["healthcare"] == "occupational_therapist" ||
		tags["healthcare"] == "speech_therapist" || tags["healthcare"] == "podiatrist":
		return "therapist", []string{"physiotherapy"}, true
	case tags["healthcare"] == "psychotherapist":
		return "psychotherapist", []string{"practice-specialist", "psychiatry"}, true
	case tags["healthcare"] == "rehabilitation":
		return "rehabilitation", []string{"rehab"}, true
	case tags["healthcare"] == "laboratory":
		return "laboratory", []string{"laboratory"}, true
	case tags["amenity"] == "nursing_home" || tags["social_facility"] == "nursing_home":
		return "nursing_home", []string{"care-home"}, true
	case tags["social_facility"] == "ambulatory_care" || tags["healthcare"] == "nursing":
		return "ambulatory_care", []string{"care-service"}, true
	case tags["office"] == "insurance":
		return "insurance", []string{"insurer-private", "insurer-statutory", "accident-insurer", "pension-carrier"}, true
	case tags["amenity"] == "courthouse":
		return "courthouse", []string{"court-amtsgericht", "court-landgericht", "court-olg", "court-sozialgericht",
			"court-verwaltungsgericht", "court-arbeitsgericht", "other"}, true
	case tags["office"] == "government":
		return "government", []string{"authority-gesundheitsamt", "authority-jugendamt", "authority-landratsamt",
			"authority-arbeitsagentur", "authority-other", "pension-carrier"}, true
	case tags["office"] == "employment_agency":
		return "employment_agency", []string{"authority-arbeitsagentur", "authority-other"}, true
	case tags["shop"] == "medical_supply" || tags["shop"] == "hearing_aids" || tags["shop"] == "optician":
		return "shop=" + tags["shop"], []string{"shop"}, true
	case tags["amenity"] == "university":
		return "university", []string{"university", "university-institute", "university-hospital"}, true
	case tags["amenity"] == "school":
		return "school", []string{"school"}, true
	case tags["amenity"] == "kindergarten":
		return "kindergarten", []string{"school"}, true
	case tags["amenity"] == "place_of_worship":
		return "place_of_worship", []string{"church"}, true
	case tags["leisure"] == "swimming_pool" && tags["access"] != "private" || tags["leisure"] == "water_park" ||
		tags["amenity"] == "public_bath":
		return "bath", []string{"bath", "sport"}, true
	case tags["leisure"] == "park" || tags["leisure"] == "garden":
		return "park", []string{"park"}, true
	case tags["leisure"] == "sports_centre" || tags["leisure"] == "stadium" || tags["leisure"] == "sports_hall":
		return "sports_centre", []string{"sport", "bath"}, true
	case tags["amenity"] == "townhall":
		return "townhall", []string{"authority-other", "authority-landratsamt", "culture"}, true
	case tags["amenity"] == "library" || tags["tourism"] == "museum" || tags["amenity"] == "theatre":
		return "culture", []string{"culture"}, true
	case tags["tourism"] == "hotel" || tags["tourism"] == "guest_house":
		return "hotel", []string{"lodging", "gastronomy"}, true
	case tags["amenity"] == "restaurant" || tags["amenity"] == "cafe":
		return "restaurant", []string{"gastronomy", "lodging"}, true
	}
	return "", nil, false
}

// specialityAccept maps a healthcare:speciality value (the pools write
// it after the name: "… / ophthalmology") to a label and the types a
// practice of that speciality may show; nil for values that name no type
// (covid19 test centres, "yes").
func specialityAccept(spec string) (string, []string) {
	spec = strings.ToLower(strings.TrimSpace(spec))
	if i := strings.IndexAny(spec, ";,"); i > 0 {
		spec = spec[:i] // the first of several
	}
	switch spec {
	case "general", "family_medicine", "primary_care", "allgemeinmedizin":
		return "general", []string{"practice-gp"}
	case "internal", "internist":
		return "internal", []string{"practice-gp", "practice-specialist"}
	case "dentist", "orthodontics", "stomatology", "dental_oral_maxillo_facial_surgery", "implantology", "dentistry",
		"endodontics", "periodontics", "paediatric_dentistry", "oral_surgery", "parodontology", "periodontology",
		"pedodontics", "zahnarzt", "zahnersatz", "oralchirurgie", "maxillofacial_surgery", "mkg-chirurgie", "parodontologie":
		return "dental", []string{"dental"}
	case "occupational": // Arbeitsmedizin, though some tag occupational therapy so
		return spec, []string{"practice-specialist", "practice-gp", "physiotherapy"}
	case "physiotherapy", "physiotherapist", "physiotherapie", "occupational_therapist",
		"occupational_therapy", "ergotherapy", "ergotherapie", "massage_therapy", "massage", "podiatry", "podiatrist",
		"podologist", "podologie", "speech_therapist", "speech_therapy", "logopädie", "logopedics", "logopaedics",
		"manual_therapy", "lymphatic_drainage", "kinesitherapy":
		return "therapy", []string{"physiotherapy"}
	case "osteopathy", "chiropractic", "physiatry":
		return spec, []string{"physiotherapy", "practice-specialist", "practice-gp"}
	case "psychiatry", "child_psychiatry", "neuropsychiatry", "psychotherapist", "behavior", "depth", "psychotherapy",
		"systemic", "psychology", "humanistic", "psychotherapie", "psychologischer_psychotherapeut",
		"psychologische_psychotherapeutin", "psychosomatic", "psychoanalysis", "addiction":
		return "psych", []string{"practice-specialist", "psychiatry"}
	case "naturopathy", "homeopathy", "acupuncture", "traditional_chinese_medicine", "alternative", "heilpraktiker",
		"hypnosis", "ayurveda", "reiki", "applied_kinesiology", "shiatsu", "reflexology", "herbalism", "anthroposophical",
		"tcm", "hypnotherapy":
		return "alternative", []string{"practice-specialist", "practice-gp", "physiotherapy"}
	case "pathology", "biochemistry", "blood_check", "clinical_pathology", "cytology", "genetics":
		return "pathology", []string{"laboratory", "practice-specialist"}
	case "dialysis", "nephrology":
		return spec, []string{"practice-specialist"}
	case "cardiology":
		return spec, []string{"practice-specialist", "heart-centre"}
	case "oncology", "haematology":
		return spec, []string{"practice-specialist", "tumour-centre"}
	case "rehabilitation":
		return spec, []string{"rehab", "physiotherapy"}
	case "emergency":
		return spec, append([]string{"practice-gp", "practice-specialist"}, hospitalFamily...)
	case "covid19", "vaccination", "yes", "other", "testing", "clinic", "community", "tier", "von", "treatment",
		"coaching", "supervision", "wellness", "yoga", "cosmetic", "nutrition", "sport", "sports", "children", "body":
		return "", nil
	case "midwife", "obstetrics", "geburtshilfe", "birthing_centre":
		return "midwife", []string{"practice-specialist"}
	}
	if strings.ContainsAny(spec, "=.@") {
		return "", nil // a value that is no speciality
	}
	return "specialist", []string{"practice-specialist"}
}

// originalType is the fine type the facility generator reads in an
// original: the register institution it names (facilityNominative's
// reg.match), else the taxonomy's class (facility.Classify).
func originalType(res *data.Resources, name string) string {
	return ReadTypes(res, name)[0]
}

// poolNames reads the shared healthcare pool's entries that carry their
// speciality after the name ("Augenarztpraxis X / ophthalmology"), and
// the hospital and insurer lists.
func poolNames(t *testing.T) []realName {
	t.Helper()
	dir := testutil.Shared(t, "pools")
	var out []realName
	read := func(file string, each func(line string)) {
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" {
				each(l)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	read("Combined_healthcare_facilities.txt", func(l string) {
		i := strings.LastIndex(l, " / ")
		if i <= 0 {
			return
		}
		name, spec := strings.TrimSpace(l[:i]), l[i+3:]
		if strings.Contains(name, " / ") {
			return // "Haus X / Logopädie / Ergotherapie / …": several facilities in one
		}
		lbl, acc := specialityAccept(spec)
		if acc == nil {
			return
		}
		if lbl != "dental" && lbl != "therapy" && hospitalWord(name) {
			acc = append(append([]string{}, acc...), hospitalFamily...) // "Augenklinik Dr. X": a clinic's doctors
		}
		out = append(out, realName{name, "pool/" + lbl, acc})
	})
	read("Krankenhaus.txt", func(l string) { out = append(out, realName{l, "pool/Krankenhaus", hospitalFamily}) })
	read("Krankenkasse.txt", func(l string) {
		out = append(out, realName{l, "pool/Krankenkasse", []string{"insurer-statutory", "insurer-private"}})
	})
	return out
}

// hospitalWord reports whether a name says it is a clinic or hospital.
func hospitalWord(name string) bool {
	f := norm.Fold(name)
	return strings.Contains(f, "klinik") || strings.Contains(f, "krankenhaus") || strings.Contains(f, "hospital")
}

// osmNames reads the named objects of the shared OSM extracts whose tags
// tagAccept judges (one per name and label).
func osmNames(t *testing.T) []realName {
	t.Helper()
	dir := testutil.Shared(t, "osm")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	seen := map[string]bool{}
	var out []realName
	for _, p := range files {
		each := func(tags osm.Tags) {
			m := tags.Map()
			name := strings.TrimSpace(m["name"])
			if name == "" {
				return
			}
			lbl, acc, ok := tagAccept(m)
			if !ok || seen[lbl+"\x00"+name] {
				return
			}
			seen[lbl+"\x00"+name] = true
			out = append(out, realName{name, "osm/" + lbl, acc})
		}
		if err := scanOSM(p, each); err != nil {
			t.Logf("%s: %v (skipped)", filepath.Base(p), err)
		}
	}
	return out
}

// scanOSM calls each with the tags of every node, way and relation of a
// PBF or a gzipped OSM XML file.
func scanOSM(path string, each func(osm.Tags)) (err error) {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("osmpbf: %v", r) // v0.8 panics on plain Node messages
		}
	}()
	type scanner interface {
		Scan() bool
		Object() osm.Object
		Err() error
		Close() error
	}
	var sc scanner
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return err
		}
		sc = osmxml.New(context.Background(), io.Reader(z))
	} else {
		sc = osmpbf.New(context.Background(), f, 1)
	}
	defer sc.Close()
	for sc.Scan() {
		switch o := sc.Object().(type) {
		case *osm.Node:
			each(o.Tags)
		case *osm.Way:
			each(o.Tags)
		case *osm.Relation:
			each(o.Tags)
		}
	}
	return sc.Err()
}

// realNamesFloor is the agreement each source must keep (reached
// 2026-11-28; raise it when the classifier improves).
// Before the real-name rules (doctor nouns, specialities without a type
// noun, centres written apart, truncated compounds) the pools agreed for
// 69.7 %, the extracts for 55.0 %.
var realNamesFloor = map[string]float64{"pools": 0.80, "osm": 0.57}

// TestRealNamesClassified reads the labelled real names of the shared
// pools and OSM extracts with the generator's reading of an original and
// reports the agreement with their tags per label, the confusion and
// (with -v) a sample of misread names.
func TestRealNamesClassified(t *testing.T) {
	res := data.Default()
	for _, src := range []string{"pools", "osm"} {
		t.Run(src, func(t *testing.T) {
			var names []realName
			if src == "pools" {
				names = poolNames(t)
			} else {
				names = osmNames(t)
			}
			if len(names) == 0 {
				t.Skip("no labelled names")
			}
			agree, unread := 0, 0
			conf := map[string]map[string]int{}
			perLabel := map[string][2]int{}
			var wrong []string
			for _, n := range names {
				got := originalType(res, n.name)
				ok := false
				for _, a := range n.accept {
					ok = ok || a == got
				}
				pl := perLabel[n.label]
				pl[1]++
				if ok {
					agree++
					pl[0]++
				} else {
					if got == "unknown" {
						unread++
					}
					if conf[n.label] == nil {
						conf[n.label] = map[string]int{}
					}
					conf[n.label][got]++
					wrong = append(wrong, fmt.Sprintf("%s → %s: %s", n.label, got, n.name))
				}
				perLabel[n.label] = pl
			}
			share := float64(agree) / float64(len(names))
			t.Logf("%s: %d labelled names, type agrees for %d (%.1f %%); of the %d names that show a type, %.1f %% agree; %d show none (brands, a person's name alone)",
				src, len(names), agree, 100*share, len(names)-unread, 100*float64(agree)/float64(max(1, len(names)-unread)), unread)
			labels := make([]string, 0, len(perLabel))
			for l := range perLabel {
				labels = append(labels, l)
			}
			sort.Strings(labels)
			for _, l := range labels {
				pl := perLabel[l]
				var miss []string
				for got, n := range conf[l] {
					miss = append(miss, fmt.Sprintf("%s %d", got, n))
				}
				sort.Slice(miss, func(i, j int) bool { return miss[i] < miss[j] })
				t.Logf("  %-28s %5d/%-5d %5.1f %%  misread as: %s", l, pl[0], pl[1], 100*float64(pl[0])/float64(pl[1]),
					strings.Join(miss, ", "))
			}
			if testing.Verbose() {
				sort.Strings(wrong)
				step := max(1, len(wrong)/300)
				if os.Getenv("SURROGATOR_REALNAMES_ALL") != "" {
					step = 1 // every misread name
				}
				for i := 0; i < len(wrong); i += step {
					t.Logf("    %s", wrong[i])
				}
			}
			if share < realNamesFloor[src] {
				t.Errorf("%s: type agrees for %.1f %% of real names, want ≥ %.1f %%", src, 100*share, 100*realNamesFloor[src])
			}
		})
	}
}

// TestRegisterClassifiedAsOwnType: every register institution, by its
// name and by its short form, reads as its own type (the register's
// entries are real names with a known type).
func TestRegisterClassifiedAsOwnType(t *testing.T) {
	res := data.Default()
	bad := 0
	for _, in := range res.Institutions {
		c, ok := fac.ParseClass(in.Type)
		if !ok {
			continue
		}
		for _, form := range append([]string{in.Name}, in.Short...) {
			if form == "" {
				continue
			}
			if got := originalType(res, form); got != c.Type() {
				bad++
				t.Errorf("%q reads as %s, register type %s", form, got, c.Type())
			}
		}
	}
	t.Logf("%d register institutions, %d forms misread", len(res.Institutions), bad)
}
