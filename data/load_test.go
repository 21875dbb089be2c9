package data

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoad(t *testing.T) {
	def := Default()
	for _, tc := range []struct {
		name  string
		files map[string]string
		check func(t *testing.T, r *Resources)
	}{
		{
			name:  "empty dir equals default",
			files: map[string]string{"README.md": "ignored"},
			check: func(t *testing.T, r *Resources) {
				if !slices.Equal(r.Surnames, def.Surnames) || len(r.Municipalities) != len(def.Municipalities) || !r.ExtendedGazetteer {
					t.Error("differs from Default")
				}
			},
		},
		{
			name:  "replace surnames",
			files: map[string]string{"surnames.txt": "# mine\nZwackelmann\n\nQuenzel\nZwackelmann\n"},
			check: func(t *testing.T, r *Resources) {
				if !slices.Equal(r.Surnames, []string{"Zwackelmann", "Quenzel"}) {
					t.Errorf("surnames = %v", r.Surnames)
				}
				if !r.IsSurname("ZWACKELMANN") || r.IsSurname("Müller") {
					t.Error("index not rebuilt")
				}
			},
		},
		{
			name:  "extend female first names",
			files: map[string]string{"female_first.add.txt": "Zoraide\nAnna\n"},
			check: func(t *testing.T, r *Resources) {
				if len(r.FemaleFirst) != len(def.FemaleFirst)+1 {
					t.Errorf("got %d names, want %d", len(r.FemaleFirst), len(def.FemaleFirst)+1)
				}
				if r.GenderOfFirstName("zoraide") != Female {
					t.Error("Zoraide not female")
				}
				if def.IsFirstName("Zoraide") {
					t.Error("Load modified Default")
				}
				if !r.ExtendedGazetteer {
					t.Error("an unrelated file cleared the extended gazetteer")
				}
			},
		},
		{
			name: "replace and extend municipalities",
			files: map[string]string{
				"municipalities.tsv":     "Kleinkleckersdorf\tBayern\tLandkreis Test\t800\t91999\n",
				"municipalities.add.tsv": "Großgroßstadt\tSachsen\tGroßgroßstadt\t300000\t01999, 01998\n",
			},
			check: func(t *testing.T, r *Resources) {
				if len(r.Municipalities) != 2 {
					t.Fatalf("got %d municipalities", len(r.Municipalities))
				}
				i, ok := r.MunicipalityByName("GROSSGROSSSTADT")
				if !ok || !slices.Equal(r.Municipalities[i].Postcodes, []string{"01999", "01998"}) {
					t.Errorf("Großgroßstadt: %v %v", i, ok)
				}
				if got := r.MunicipalitiesInState("Bayern"); len(got) != 1 {
					t.Errorf("Bayern: %v", got)
				}
				if r.ExtendedGazetteer || !def.ExtendedGazetteer {
					t.Error("a replaced municipalities.tsv keeps the extended gazetteer (or Default lacks it)")
				}
			},
		},
		{
			name:  "extend salutations overrides a key",
			files: map[string]string{"salutations.add.tsv": "Hr.\tu\nDame\tf\n"},
			check: func(t *testing.T, r *Resources) {
				if r.Salutations["Hr."] != Unknown || r.Salutations["Dame"] != Female || r.Salutations["Frau"] != Female {
					t.Errorf("salutations: %v", r.Salutations)
				}
				if def.Salutations["Hr."] != Male {
					t.Error("Load modified Default")
				}
			},
		},
		{
			name:  "replace titles",
			files: map[string]string{"titles.tsv": "2\tProf.\n1\tDr.\n1\tDr. med.\n"},
			check: func(t *testing.T, r *Resources) {
				if len(r.Titles) != 3 || r.Titles[0].Rank != 1 || r.Titles[2].Text != "Prof." {
					t.Errorf("titles = %v", r.Titles)
				}
			},
		},
		{
			name:  "extend facility templates",
			files: map[string]string{"facilities.add.tsv": "hospital\tFachklinik am {street}\n"},
			check: func(t *testing.T, r *Resources) {
				h := r.FacilityTemplates[FacilityHospital]
				if len(h) != len(def.FacilityTemplates[FacilityHospital])+1 || h[len(h)-1] != "Fachklinik am {street}" {
					t.Errorf("hospital templates: %v", h)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Load(writeFiles(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, r)
		})
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"unknown file", map[string]string{"surname.txt": "Meier\n"}, "unknown resource file"},
		{"bad postcode", map[string]string{"municipalities.add.tsv": "Dorf\tBayern\tKreis\t100\t9120\n"}, "not 5 digits"},
		{"bad state", map[string]string{"municipalities.add.tsv": "Dorf\tBavaria\tKreis\t100\t91207\n"}, "not in states.txt"},
		{"bad columns", map[string]string{"municipalities.add.tsv": "Dorf\tBayern\n"}, "5 tab-separated"},
		{"bad population", map[string]string{"municipalities.add.tsv": "Dorf\tBayern\tKreis\tviele\t91207\n"}, "population"},
		{"bad gender", map[string]string{"role_nouns.add.tsv": "Oheim\tmaybe\n"}, "gender"},
		{"bad rank", map[string]string{"titles.add.tsv": "zero\tDr.\n"}, "rank"},
		{"bad facility kind", map[string]string{"facilities.add.tsv": "zoo\t{city} Zoo\n"}, "facility kind"},
		{"bad placeholder", map[string]string{"facilities.add.tsv": "hospital\tKlinik {doctor}\n"}, "unknown placeholder"},
		{"empty replacement", map[string]string{"male_first.txt": "# nothing\n"}, "no entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(writeFiles(t, tc.files))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("missing dir: no error")
	}
}
