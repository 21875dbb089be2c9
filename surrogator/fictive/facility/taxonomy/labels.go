package taxonomy

import (
	"fmt"
	"hash/crc32"
	"sort"
	"strings"
	"sync"
)

// labelLogic is bumped whenever the code that classifies a pool entry or
// finds its head noun changes in a way its tables do not show
// (classifyEntry, classifyFolded, classWords, Expand, HeadGender).
const labelLogic = 10 // 10: truncated compounds in classWords, doctor and speciality words, centres written apart

// LabelVersion identifies the labeller of pool entries: a digest of every
// table the classification and the head-noun gender depend on, and of
// labelLogic. A pack's stored labels (geo section 34) are used only when
// their version equals it, so a changed taxonomy never reads stale labels.
func LabelVersion() uint32 { return labelVersion() }

var labelVersion = sync.OnceValue(func() uint32 {
	var b strings.Builder
	fmt.Fprintf(&b, "logic %d\nclasses %q\n", labelLogic, classNames)
	for _, r := range rules {
		fmt.Fprintf(&b, "rule %s %c %d\n", r.key, r.where, r.class)
	}
	sorted := func(tag string, m map[string]string) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %q %q\n", tag, k, m[k])
		}
	}
	str := func(m map[string]Class) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = fmt.Sprint(uint8(v))
		}
		return out
	}
	sorted("tag", str(tagClass))
	sorted("tagprefix", str(tagPrefixClass))
	sorted("abbr", abbreviations)
	g := map[string]string{}
	for k, v := range genderSuffix {
		g[k] = fmt.Sprint(uint8(v))
	}
	sorted("gender", g)
	ag := map[string]string{}
	for k, v := range acronymGenders {
		ag[k] = fmt.Sprint(uint8(v))
	}
	sorted("acronym", ag)
	sorted("acronymclass", acronymClassLabels)
	fmt.Fprintf(&b, "psychiatric %q appositions %v owners %v\n", psychiatricCarriers, appositions, appositionOwners)
	for _, r := range phrases {
		fmt.Fprintf(&b, "phrase %s %d\n", r.seq, r.class)
	}
	fmt.Fprintf(&b, "speciality %q gp %q\n", specialityStems, gpStems)
	fmt.Fprintf(&b, "medical %q groups %q doctor %q centre %q %q\n", medicalSuffixes, groupHeads, doctorSuffixes, centreStems, centreWords)
	l := map[string]string{}
	for k, v := range locatives {
		l[k] = fmt.Sprint(v)
	}
	sorted("locative", l)
	return crc32.ChecksumIEEE([]byte(b.String()))
})
