package engine

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
)

func TestTmpDebug(t *testing.T) {
	ls, _ := letters.Load(filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", "dev"))
	res := data.Default()
	isName := func(s string) bool { return res.IsSurname(s) || res.IsFirstName(s) }
	for _, l := range ls {
		if !strings.HasPrefix(l.Name, "d03") && !strings.HasPrefix(l.Name, "d07") && !strings.HasPrefix(l.Name, "d21-") {
			continue
		}
		for _, seed := range []int{4, 9} {
			d := l.Document()
			d.Normalize()
			o := Options{Mode: ModeFictive, Seed: int64(seed), SeedSet: true, Key: []byte(fmt.Sprintf("issue-24-%d", seed))}
			o.defaults()
			dp := startedPlanner(&o, isName, nil).Plan(d, "x")
			for i, s := range d.Spans {
				if s.Kind.IsName() || s.Kind == "NAME_USERNAME" {
					fmt.Println(l.Name, seed, s.Kind, "|", dp.Reps[i].Original, "→", dp.Reps[i].Surrogate)
				}
			}
		}
	}
}
