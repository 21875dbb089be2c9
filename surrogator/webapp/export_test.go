package webapp

// kindLabel is a span kind for the pages: a wrong annotation (qc counts
// it as WRONG:<label>) in words, a kind of the scheme as it is (English; for the tests).
func kindLabel(kind string) string { return kindLabelIn(translator(langEN), kind) }
