// Package dates parses the German date expressions found in clinical
// letters and re-renders them, shifted or rounded, in exactly their written
// format (SPEC §5, §6).
//
// Parse takes the whole text of a date span and returns an Expr that
// remembers every token: separators, zero padding, two- or four-digit
// years, month names (full, abbreviated with or without dot, "Sept",
// Austrian "Jänner"/"Feber", "Mrz", letter case), weekday words (Montag,
// Mo., MONTAG, montags), qualifier and leading words (Anfang, Mitte, Ende,
// am, vom) and clock times, which are all kept. Supported cores:
//
//	4.4.1997  04.04.97  23.04 2029  21/3/2017  21-3-2017  2017-03-21
//	2017/03/21  2017.03.21  20050512 (only when a valid yyyymmdd)
//	21. Juli 2022  21.Juli 2022  21. Jul. 2022  5. März2063
//	19.3.  19.3  21. Juli  21/3            (day and month, no year)
//	05/2025  12.2027  7/63  1997-04  Juli 2022  Sept. 2019   (month)
//	März  Jänner                           (month, no year)
//	2002                                   (year)
//	3. Quartal 2020  Q3/2020  III/2020  KW 12/2020  12. KW 2020  12. KW
//	Weihnachten 2023  Ostern  Christi Himmelfahrt 2021  Silvester 2019
//	Sommer 2019  Frühjahr   (holidays and seasons, year optional)
//	WS 2019/20  WiSe 2019/2020  SS 2020  Sommersemester 2020  (semesters)
//	ranges: 21.03.-24.03.2017  21.-24.03.2017  8.3. - 22.3.2025
//	        12/12/66 - 23/12/66  01-12/64  10/63-12/63  2019-2020
//
// A lone "m/yy" with m ≤ 12 is read as month/year (7/63), otherwise as
// day/month (21/3). A range start takes the month and year it does not
// write from the range end, one month or year earlier when it would
// otherwise lie after the end or equal it (30.-2.1.2017 starts on
// 30.12.2016; 29.-29.5. starts on 29.4.); both ends must be days, months
// or years alike. Padding: a leading zero means padded, one digit means
// unpadded, and an ambiguous two-digit day or month (21.12.2017) is padded
// unless another field of the span has one digit or the month is a word.
//
// Years. A two-digit year yy means 20yy when yy < 50 and 19yy otherwise.
// Shifting never changes the number of digits of a year: a four-digit year
// is clamped to 1000-01-01 … 9999-12-31 and a two-digit year to the pivot
// window 1950-01-01 … 2049-12-31 (so the result re-parses to the same
// century): the shift is reduced so that every date of the span stays
// inside the window (a range keeps its length). Dates without a
// year are anchored in the leap year 2000 (so 29.2. is valid) and shifted
// there, showing the shifted day and month; Expr.InYear re-anchors them in
// the year of the document (the engine takes it from the nearest full
// date), so that "8.3." shifted across February moves like "22.3.2025".
//
// Partial dates are shifted through an anchor (see Expr.Time): "Mai 2018"
// moved by 20 days shows the month of May 15th + 20 days; a qualifier
// follows the shifted anchor (days 1–10 Anfang, 11–20 Mitte, 21– Ende;
// months 1–4, 5–8, 9–12 of a year), so "Ende Dezember 2023" + 10 days is
// "Anfang Januar 2024" and the shown period always contains the shifted
// anchor: two dates that were in order never swap (Expr.Bounds gives the
// period). A month range sharing its year ("01-12/64") writes the start's
// year when the shifted range crosses a new year, so that it never reads
// as ending before it begins: "01-12/64" + 60 days is "03/64-02/65" (the
// parser still reads "03-02/65" as March 1964 to February 1965). An
// abbreviated month
// becomes a month without abbreviation without its dot ("Sept." → "Mai").
// Expr.Padding and Expr.WithPadding let the document's padding style decide
// fields whose padding the span does not show ("11/28" → "2/29" in a letter
// writing "1/26"). ShiftQuarterStart shifts and then rounds to the quarter
// (gemtex birth and death dates on the document's timeline).
//
// Holidays are days (movable feasts computed from Easter, Gauss/Meeus):
// shifted, a holiday stays as written when it lands on itself, becomes the
// holiday it lands on ("Silvester 2019" + 1 → "Neujahr 2020"), or else the
// part of the month it falls in ("Weihnachten 2021" − 25 → "Ende November
// 2021"). Seasons (meteorological), semesters (summer April–September,
// winter October–March; "WS 2019/20" → "SS 2020" → "WS 2020/21"), quarters
// and calendar weeks show the period of their shifted anchor.
//
// A date more specific than a bare year (Expr.Specific) is never rendered
// unchanged by a non-zero shift: when the shifted anchor stays in the
// written period ("März 2021" + 14 days, "Q3/2022" + 20), the neighbouring
// period in the direction of the shift is shown, which the shifted period
// overlaps as well ("April 2021", "Q4/2022"). A weekday word inside the span moves by the shift
// (so a correct weekday stays correct, and Shift(0) is the identity even
// for a weekday that disagrees with its date). QuarterStart moves a range
// as a whole: its start is rounded, its length kept.
//
// Impossible values with a plausible shape (31.02.2020, 30.2.) get the
// last day of the month and set Expr.Repaired. Other impossible values
// (month 13, week 54) do not parse; Fallback then produces a valid value
// of the same shape. Error messages never contain the date text.
//
// WeekdayAround finds a weekday word beside a span in the running text and
// Weekday renders a date's weekday in the style of a written one.
package dates
