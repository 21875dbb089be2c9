package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
)

// The stop lists below were written for this project from general medical
// knowledge. They keep medical vocabulary that looks like a name (eponyms,
// drug and device names, clinical abbreviations) and common capitalised
// German words out of the weak name rules. A strong trigger (salutation or
// title directly before the word) still flags it: "Frau Alzheimer" is a
// person, "Morbus Alzheimer" is not.

// eponyms are persons' names used for diseases, signs, scores, methods and
// anatomy.
const eponyms = `
Achilles Addison Adie Alport Alzheimer Apgar Arnold Asperger Auerbach Babinski Baastrup Baker Bankart Barlow Barré
Barrett Bartter Basedow Bassini Bechterew Becker Behçet Bell Bence Billroth Binswanger Blumberg Bobath Boeck
Boerhaave Bouchard Bourneville Bowen Breslow Broca Brown Bruton Budd Buerger Bülau Burkitt Caplan Charcot Chiari
Child Clark Codman Colles Conn Cooley Corrigan Courvoisier Creutzfeldt Crigler Crohn Cushing Dandy Denis Doppler
Douglas Down Dressler Dubin Duchenne Dukes Dupuytren Ebstein Ehlers Eisenmenger Erb Fallot Fanconi Forrest Fournier
Friedreich Galeazzi Ganz Gardner Gaucher Gilbert Glasgow Gleason Goodpasture Gramont Graves Guillain Haglund
Hamman Hashimoto Hartmann Heberden Hirschsprung Hodgkin Hoffa Holter Horner Huntington Hurler Jakob Kahler
Kaposi Karnofsky Kartagener Kawasaki Kehr Kienböck Killip Klinefelter Klumpke Kocher Korotkow Korsakow Krukenberg
Kussmaul Lachman Lambert Langer Langerhans Lanz Lasègue Latarjet Leriche Lewy Lichtenstein Lisfranc Lown Lyme
Mallory Marfan Meckel Meigs Menard Menière Mikulicz Monteggia Morton Murphy McBurney Nelaton Neer Nissen Nyha
Osgood Osler Paget Pancoast Parkinson Pauwels Perthes Peutz Pfannenstiel Phalen Pick Pott Pugh Ranson Raynaud
Recklinghausen Reiter Rett Rinne Rippstein Romberg Rotor Roux Rovsing Sachse Salter Schatzker Scheuermann Schlatter
Schober Seldinger Sézary Sheehan Shenton Shouldice Sjögren Stein Stokes Strümpell Sudeck Swan Takayasu Tanner
Thompson Tiemann Tietze Tinel Tourette Trendelenburg Turner Unterberger Virchow Volkmann Waldenström Wallenberg
Rutherford Barthel Leiden Norton Braden Karnofsky Hamilton Mini Waterhouse Weber Wegener Wernicke Whipple Willebrand Wilms Wilson Wolff Zenker Zollinger
`

// drugs are drug, regimen, device and material names.
const drugs = `
Actilyse Adalat Akrinor Aldactone Alendronat Amiodaron Amlodipin Amoxicillin Aquacel Arcoxia Arimidex Arterenol
Aspirin Atorvastatin Atrovent Augmentan Avastin Bactrim Beloc Berodual Betaisodona Bisoprolol Braunol Brilique
Buscopan Candesartan Capecitabin Carboplatin Carvedilol Cefuroxim Ceftriaxon Celebrex Charrière Ciprobay
Ciprofloxacin Cisplatin Citalopram Clexane Clindamycin Clont Clopidogrel Concor Cordarex Cortison Corvaton Cotrim
Cyclophosphamid Cystofix Decortin Dekristol Dexamethason Diazepam Diclofenac Digitoxin Digoxin Dilatrend
Dipidolor Dobutamin Docetaxel Dormicum Doxycyclin Dulcolax Durogesic Efient Eliquis Enalapril Enantone Endoxan
Entresto Erbitux Ergenyl Esomeprazol Ethibond Euthyrox Falithrom Femara Fentanyl Ferinject Flammazine Folfiri
Folfox Fortecortin Fosamax Fosfomycin Fragmin Furosemid Gemcitabin Gemzar Haldol Haloperidol Herceptin Heparin
Histoacryl Humalog Humira Hydrocortison Ibuprofen Iberogast Insulin Inspra Irinotecan Isoket Jelonet Januvia
Jardiance Jonosteril Kalinor Keppra Ketamin Keytruda Konakion Lactulose Lamotrigin Lanitop Lantarel Lantus Lasix
Lavasept Laxoberal Letrozol Leucovorin Levemir Levetiracetam Levofloxacin Lisinopril Lithium Lixiana Lorazepam
Marcumar Medroxyprogesteron Mepilex Mepitel Meropenem Metamizol Metformin Methotrexat Metoprolol Metronidazol
Midazolam Mirtazapin Molsidomin Monocryl Monuril Morphin Movicol Mucosolvan Multaq Naloxon Nebilet Nexium
Nitrofurantoin Nitrolingual Noradrenalin Novalgin Novorapid Octenisept Olanzapin Omeprazol Ondansetron Opdivo
Oxaliplatin Oxygesic Paclitaxel Palladon Panitumumab Pantoprazol Paracetamol Perfalgan Perfusor Phenprocoumon
Piperacillin Piritramid Plavix Pradaxa Prednisolon Prolene Prolia Prontosan Propofol Quetiapin Ramipril Ranexa
Remicade Remifentanil Risperdal Rituximab Rocephin Salbutamol Seroquel Sertralin Simdax Simvastatin Sobelin
Spiriva Spironolacton Spongostan Sterofundin Sufentanil Sultanol Suprarenin Suprasorb Symbicort Tabotamp
Tachosil Tamoxifen Targin Tavanic Tavor Taxol Taxotere Tazobac Tegaderm Tilidin Torasemid Torem Tramadol Tramal
Valium Valoron Valproat Valsartan Vacuseal Vancomycin Vectibix Venlafaxin Vicryl Vigantoletten Voltaren Vomex
Xarelto Xeloda Xgeva Zofran Zoladex Zometa Zopiclon Zyprexa Medtronic Biotronik Dräger Fresenius Baxter Ethicon
`

// abbreviations are clinical abbreviations and Latin/anatomical words that
// stand capitalised in letters.
const abbreviations = `
AZ EZ BB CCT CT MRT TVT DM SHT HWS BWS LWS OSG ED RTX CTX PCT RCT LK Gy EK TK HLM TEE TTE HIT CVVH OP KÖF MKE AKE
SM LV RR EKG EEG EMG ZVK PEG PE VAC VAG KG AHB ASS HbA1c CRP PSA GFR ICD ICU IMC ITS ZNA NAW RTW KTW
Morbus Arteria Vena Musculus Nervus Ramus Ligamentum Os Tractus Plexus Sinus Regio Lobus Ductus Foramen
Hallux Genu Pes Coxa Cubitus Ca Carcinom Karzinom Adenom Sepsis Apoplex Tumor Rubor Dolor Calor Color Functio
Nausea Emesis Vertigo Cephalgie Diabetes Hypertonus Histo Stad Rektum Colon Sigma Uterus Spina Kraftgrad
`

// commonWords are capitalised German words that often stand next to a name
// (function words at the start of a sentence, letter phrases, department
// and facility words, months and weekdays).
const commonWords = `
Lehre Ausbildung Umschulung Studium Regel Folge Nähe Zukunft Verlauf Anschluss Rahmen Sinne Vordergrund Hintergrund
Zuge Falle
Der Die Das Den Dem Des Ein Eine Einen Einem Einer Eines Er Sie Es Wir Ihr Ihre Ihren Ihrem Ihnen Ihn Uns Unser
Unsere Mit Bei Im In Am An Auf Aus Nach Vor Von Vom Zum Zur Zu Für Über Unter Seit Bis Und Oder Aber Sowie Da
Dann Wenn Als Wie Hier Dort Bitte Herzlichen Freundlichen Grüßen Gruß Sehr Geehrte Geehrter Liebe Lieber Werte
Werter Kollege Kollegin Kollegen Kolleginnen Patient Patientin Patienten Pat Betr Betreff Diagnose Diagnosen
Befund Befunde Therapie Verlauf Anamnese Epikrise Procedere Empfehlung Medikation Labor Röntgen Sono Sonographie
Aufnahme Entlassung Station Abteilung Klinik Klinikum Krankenhaus Praxis Zentrum Institut Universität Innere
Allgemeine Chirurgische Chirurgie Medizin Medizinische Kardiologie Neurologie Urologie Urologische Orthopädie
Gynäkologie Pädiatrie Psychiatrie Radiologie Onkologie Anästhesie Intensivmedizin Notaufnahme Ambulanz
Sprechstunde Haus Hause Chefarzt Oberarzt Oberärztin Assistenzarzt Stationsarzt Hausarzt Facharzt Arzt Ärztin
Doktor Professor Herr Herrn Frau Fräulein Mutter Vater Sohn Tochter Ehemann Ehefrau Bruder Schwester Januar
Februar März April Mai Juni Juli August September Oktober November Dezember Montag Dienstag Mittwoch Donnerstag
Freitag Samstag Sonntag Heute Gestern Morgen Jahr Jahre Jahren Monat Monate Monaten Woche Wochen Tag Tage Tagen
Zustand Alter Geburt Tel Telefon Fax Mail Email Internet Str Straße Nr Nummer Seite Anlage Kopie Datum Uhr
Diese Dieser Dieses Hierunter Jetzt Weitere Weiterer Aktuelle Bekannte Kleines Gute Keine Kein Alle Beide Beiden
`

// wordSet folds each whitespace-separated word of lists into a set.
func wordSet(lists ...string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			m[data.Fold(w)] = true
		}
	}
	return m
}

// ambiguousPlaces are municipality names that are also common German words
// or medical terms; they are flagged only with a place context (a postcode
// or a preposition such as "in").
const ambiguousPlaces = `
Essen Halle Hof Weil Wedel Brand Lage Laage Senden Werne Bergen Rain Au Lauf Kirchen Wald Berg Stein Forst Linden
Hagen Marl Olpe Mühlen Buchen Hausen Horn Wehr Zell Beuren Borken Haren Selm Bünde Weiden Winden Gotha Tann
Neustadt Altenburg Hamm Kamen Ahlen Elz Eschborn Lohr Moers Rees Roth Uslar Velen Waren Wesel Wolfen Garbsen
`
