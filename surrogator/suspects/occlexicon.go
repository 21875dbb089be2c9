package suspects

// ---- a broader occupation lexicon ----
//
// occupationLexicon (occupations.go) was written from the dev letters;
// letters the detector was not tuned on name other occupations. No
// maintained German occupation list is packaged for the registries this
// project may use (the Bundesagentur's KldB and BERUFENET are published
// under terms that forbid embedding here), so this list is written for
// this project from the KldB's occupational areas (agriculture, raw
// materials and manufacturing, construction, sciences and IT, transport
// and security, trade and hospitality, administration and law, health and
// education, humanities, media and arts) in the everyday titles letters
// use: masculine form, feminine derived by genderForms, compounds found by
// their head. Words that are mostly something else ("Leiter", "Walzer",
// "Former", "Härter") are not listed; occupationHeadsOnly count only as the
// head of a compound ("Schichtleiter", "Bergführer", not "Leiter" or
// "Führer").
const occupationLexicon2 = `
Forstwirt Waldarbeiter Holzfäller Sägewerker Hirte Traktorist Agrarwirt Landwirtschaftsmeister Fischwirt Gartenbauer
Landschaftsgärtner Friedhofsgärtner Baumpfleger Tierwirt Molkereifachmann Käser Milchtechnologe
Steinbrucharbeiter Sprengmeister Hüttenwerker Stahlwerker Hochofenarbeiter Gießer Gießereiarbeiter Walzwerker
Schleifer Galvaniseur Härtereiarbeiter Schmelzer Kesselwärter Heizer Maschinist Schichtführer Kerammaler
Porzellanmaler Korbmacher Färber Schuster Orthopädieschuhmacher Näherin Schneidermeister Änderungsschneider
Trockenbauer Isolierer Putzer Rohrleitungsbauer Gleisbauer Gleisarbeiter Kanalbauer Kanalarbeiter Tiefbaufacharbeiter
Straßenwärter Bauleiter Bautechniker Statiker Vermesser Vermessungstechniker Geodät Stadtplaner Bauingenieur
Netzwerktechniker Administrator Systemadministrator Datenanalyst Analyst Statistiker Aktuar Softwareentwickler
Webentwickler Informatikkaufmann Fachinformatiker Elektrotechniker Elektronikfacharbeiter Energieelektroniker
Haustechniker Servicetechniker Kältetechniker Medizintechniker Zahntechnikermeister Augenoptiker Hörakustiker
Orthopädiemechaniker Zweiradmechaniker Reifenmonteur Tankwart Fahrzeuglackierer Karosseriebaumeister
Fernfahrer Kurierfahrer Straßenbahnfahrer Rangierer Stellwerker Fahrdienstleiter Weichenwärter Fluglotse Lotse
Steuermann Schiffer Binnenschiffer Fährmann Docker Hafenarbeiter Postbote Briefzusteller Logistiker Lagerlogistiker
Fachlagerist Staplerfahrer Gabelstaplerfahrer Möbelpacker Umzugshelfer Müllwerker Müllfahrer Straßenreiniger
Fensterputzer Glasreiniger Klärwärter Türsteher Sicherheitsmitarbeiter Objektschützer Personenschützer
Barista Sommelier Rezeptionist Hotelfachmann Zimmermädchen Hausdame Systemgastronom Imbissbetreiber Caterer
Fachverkäufer Einzelhändler Großhändler Kioskbetreiber Juwelier Buchhändler Antiquar Galerist Einkäufer
Vertriebsleiter Außendienstler Handelsvertreter Kundenberater Finanzberater Anlageberater Versicherungsmakler
Immobilienmakler Hausverwalter Insolvenzverwalter Wirtschaftsprüfer Steuerfachangestellter Bankangestellter
Bankkauffrau Fachwirt Prokurist Manager Projektmanager Produktmanager Personalreferent 
Inspektor Justiziar Gerichtsvollzieher Justizvollzugsbeamter Rechtsanwaltsfachangestellter
Notarfachangestellter Verwaltungsfachangestellter Sozialversicherungsfachangestellter Kommissar Polizeikommissar
Kriminalkommissar Kriminalbeamter Wachtmeister Polizeimeister Feldwebel Hauptfeldwebel Unteroffizier Offizier
Berufssoldat Zeitsoldat Bundeswehrsoldat Brandmeister Berufsfeuerwehrmann Zollbeamter Amtmann Amtsrat Regierungsrat
Studienrat Oberstudienrat Studiendirektor Oberstudiendirektor Schulleiter Förderschullehrer
Berufsschullehrer Realschullehrer Hauptschullehrer Musiklehrer Skilehrer Tanzlehrer Reitlehrer Fitnesstrainer
Bergführer Reiseleiter Wissenschaftler Forscher Theologe Pädagoge Soziologe Geograph Geograf Pharmazeut
Heilpraktiker Osteopath Chiropraktiker Podologe Pferdepfleger Hundetrainer Hufpfleger
Kantor Organist Priester Pastorin Diakonin Gemeindereferent Ordensschwester Mönch Nonne Küster
Reporter Moderator Kameramann Cutter Regisseur Dirigent Komponist Berufsmusiker Illustrator Restaurator Kurator
Verleger Fotografenmeister Tätowierer Nageldesigner Visagist Maskenbildner Kosmetikerin Bestatter Totengräber
Kaminkehrer Rettungsschwimmer Industriekletterer Telefonist Callcenteragent Agent Kassierer Kassenkraft
Hauswirtschaftsleiter 
Produktionshelfer Produktionsmitarbeiter Montagehelfer Maschinenschlosser Betriebsschlosser Landmaschinenschlosser
Schlossermeister Elektromeister Metallbaumeister Tischlermeister Dachdeckermeister Friseurmeister Optikermeister
Gebäudereinigermeister Kellermeister Küchenchef Souschef Konstrukteur Technologe Laborleiter Chemielaborant
Biologielaborant Kirchendiener Drogist Versicherungsfachmann Klavierstimmer Solarteur Spülkraft Spülhilfe
Paketbote Kurierbote Fahrradbote Bereiter Jockey Croupier Kontrolleur Pflasterer Zerspaner Vulkaniseur Wäscher Küfer Brunnenbauer Steinsetzer
Winzermeister Fahrradkurier Taxiunternehmer Fuhrunternehmer Bauunternehmer
`

// occupationHeadsOnly are heads of compound occupations that are other
// words when they stand alone ("Schichtleiter", "Zugführer",
// "Klärwerker", "Pressesprecher", "Kesselwärter", "Paketbote",
// "Rohrreiniger").
const occupationHeadsOnly = `
führer werker sprecher wärter planer reiniger`

// careOccupations2 are occupations that often name a helper of the
// patient, an expert or official of the case or a teacher ("die
// Schulbegleiterin", "Gutachter:", "Polizeibeamte brachten ihn", "laut
// Klassenlehrerin", "mit Dolmetscher"): the patient's only after a cue,
// like careOccupations.
const careOccupations2 = `
Gutachter Sachverständiger Prüfer Referent Alltagsbegleiter Betreuungskraft Schulbegleiter
Integrationshelfer Haushaltshilfe Familienhelfer Einzelfallhelfer Sozialbetreuer Pflegedienstleiter
Wohnbereichsleiter Stationsleiter Teamleiter Direktor Rektor Konrektor Leiter Dolmetscher Übersetzer Polizist
Polizeibeamter Inhaber Schulleiter Klassenlehrer Klassenleiter Beratungslehrer Vertrauenslehrer Förderlehrer
Schulsozialarbeiter Bewährungshelfer Jugendrichter Arztsekretär Chefarztsekretär Stationssekretär Praxissekretär
Schreibkraft Studienkoordinator Studienassistent Casemanager Diabetesberater Ernährungsberater Stillberater
Pflegeberater Suchtberater Schuldnerberater Sozialberater Wundmanager Wundexperte Pflegeexperte Praxisanleiter
Hygienefachkraft Patientenlotse Genesungsbegleiter`

// careHeadsOnly: heads of compounds that need a cue ("Gruppenleiterin",
// "Projektleiter" of a study or of the patient's employer).
const careHeadsOnly = `
leiter`
